package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The install as XBoard users meet it: "make install" (Makefile) puts the
// binary, the manual page install/umax.6, XBoard's engine-list file
// install/umax.eng and the logo install/umax.png where Debian's engine
// packages put theirs. The fast command checks the files themselves; with
// the switch, TestInstall runs make, man and XBoard on them.

// installFiles are the files "make install" puts in place, under PREFIX
// (the binary under BINDIR), with their modes and where they come from.
var installFiles = []struct {
	path, source string
	mode         fs.FileMode
}{
	{"bin/umax", "", 0o755},
	{"share/man/man6/umax.6", "install/umax.6", 0o644},
	{"share/games/plugins/xboard/umax.eng", "install/umax.eng", 0o644},
	{"share/games/plugins/logos/umax.png", "install/umax.png", 0o644},
}

// TestManPageFlags checks that the manual page documents every flag of the
// command line (parseCommandLine), each as an item of OPTIONS, and no flag
// that does not exist.
func TestManPageFlags(t *testing.T) {
	page := readFile(t, "install/umax.6")
	fs := flag.NewFlagSet("umax", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	_, err := parseCommandLine(fs, nil)
	must(t, err)
	var flags []string
	fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
	_, options, ok := strings.Cut(string(page), "\n.SH OPTIONS\n")
	if !ok {
		t.Fatal("install/umax.6 has no OPTIONS section")
	}
	options, _, _ = strings.Cut(options, "\n.SH ")
	// An item is ".TP" and a line in bold (.B, .BI, .BR) naming its flags,
	// written \-name with \- for every hyphen ("\-futility\-margin").
	item := regexp.MustCompile(`(?m)^\.TP\n\.B[IR]? (.*)$`)
	name := regexp.MustCompile(`\\-([a-z]+(?:\\-[a-z]+)*)`)
	var documented []string
	for _, m := range item.FindAllStringSubmatch(options, -1) {
		for _, n := range name.FindAllStringSubmatch(m[1], -1) {
			documented = append(documented, strings.ReplaceAll(n[1], `\-`, "-"))
		}
	}
	for _, f := range flags {
		if !slices.Contains(documented, f) {
			t.Errorf("install/umax.6 does not document the flag -%s", f)
		}
	}
	for _, d := range documented {
		if !slices.Contains(flags, d) {
			t.Errorf("install/umax.6 documents -%s, which is no flag of umax", d)
		}
	}
}

// TestEngineListFile reads install/umax.eng as XBoard reads the .eng files
// of its plugin folders (its AutoInstall: "plugin spec MAJOR.MINOR", the
// command, the variants, a line each), and checks that the command is the
// installed binary's name without a path, that the variants include chess,
// and that the logo XBoard looks for under that name (NAME.png) is a PNG
// of 100 by 50 pixels, as Debian's engines' logos are.
func TestEngineListFile(t *testing.T) {
	data := readFile(t, "install/umax.eng")
	lines := strings.Split(string(data), "\n")
	var major, minor int
	if len(lines) != 4 || lines[3] != "" {
		t.Fatalf("install/umax.eng: %q, want three lines, each ended by a newline", data)
	}
	if n, _ := fmt.Sscanf(lines[0], "plugin spec %d.%d", &major, &minor); n != 2 || major != 0 {
		t.Errorf("install/umax.eng's first line %q, want plugin spec 0.0", lines[0])
	}
	if command := lines[1]; command != "umax" {
		t.Errorf("install/umax.eng's command %q, want umax, the installed binary, by its name (no path, no cd DIR;)", command)
	}
	if !slices.Contains(strings.Split(lines[2], ","), "chess") {
		t.Errorf("install/umax.eng's variants %q do not include chess", lines[2])
	}
	f, err := os.Open(filepath.Join("install", lines[1]+".png"))
	must(t, err)
	defer f.Close()
	logo, err := png.Decode(f)
	must(t, err)
	if size := logo.Bounds().Size(); size != image.Pt(100, 50) {
		t.Errorf("the logo is %v pixels, want 100x50", size)
	}
}

// TestLogoIsGenerated: install/umax.png is what scripts/logo.go draws
// (shapes and a bitmap font, nothing downloaded); go run scripts/logo.go
// writes it.
func TestLogoIsGenerated(t *testing.T) {
	if testing.Short() { // the emulated runs (qemu, Wine) cannot start the host's go
		t.Skip("not in the short runs: it starts go run scripts/logo.go")
	}
	t.Parallel() // a program of its own: it runs beside the goldens
	if out, err := exec.Command("go", "run", "scripts/logo.go", "-check").CombinedOutput(); err != nil {
		t.Errorf("go run scripts/logo.go -check: %v\n%s", err, out)
	}
}

// installPrograms are the outside programs TestInstall runs, with their
// Debian packages: make, the manual page's readers, unshare (which gives
// XBoard a /usr/local of the staged install without root), XBoard and its
// opponent.
var installPrograms = []struct{ program, debianPackage string }{
	{"make", "make"}, {"man", "man-db"}, {"groff", "groff-base"}, {"unshare", "util-linux"},
	{"xboard", "xboard"}, {"xvfb-run", "xvfb"}, {"xauth", "xauth"}, {"fairymax", "fairymax"},
}

// TestInstall runs "make install" into a folder (DESTDIR) and checks what
// it puts there, as Debian's engine packages have it, and "make uninstall";
// the manual page in man; and XBoard meeting the staged install as if it
// were in /usr/local (a mount namespace of unshare's, without root): its
// engine list, a game with -fcp umax and one with -fe umax, showing the
// logo (doc/testing.md says each step).
func TestInstall(t *testing.T) {
	needFull(t, "make install into a folder, its manual page in man, and XBoard starting the engine by name (make, man-db, groff-base, util-linux, xboard, xvfb, fairymax)")
	for _, p := range installPrograms {
		needProgram(t, p.program, p.debianPackage)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "build", "umax") // make builds it: the Makefile's EXE
	stage := filepath.Join(dir, "stage")       // DESTDIR
	runMake := func(t *testing.T, args ...string) {
		t.Helper()
		cmd := exec.Command("make", append([]string{"EXE=" + exe}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}

	runMake(t, "install", "DESTDIR="+stage) // what the subtests read

	t.Run("files", func(t *testing.T) {
		checkInstalled(t, stage, "/usr/local", "/usr/local/bin")
		// Debian's own layout: PREFIX /usr and the binary in /usr/games.
		debian := filepath.Join(dir, "debian")
		runMake(t, "install", "DESTDIR="+debian, "PREFIX=/usr", "BINDIR=/usr/games")
		checkInstalled(t, debian, "/usr", "/usr/games")
		runMake(t, "uninstall", "DESTDIR="+debian, "PREFIX=/usr", "BINDIR=/usr/games")
		if left := filesUnder(t, debian); len(left) > 0 {
			t.Errorf("make uninstall left %v", left)
		}
	})

	t.Run("man", func(t *testing.T) {
		page := filepath.Join(stage, "usr/local/share/man/man6/umax.6")
		cmd := exec.Command("man", "-l", page)
		cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Errorf("man -l %s: %v\n%s", page, err, stderr.Bytes())
		}
		text := strings.Join(strings.Fields(string(out)), " ") // lines joined, as filled
		for _, want := range []string{"UMAX(6)", "NAME umax - micro-Max 4.1", "-futility-margin m", "sends memory 148,"} {
			if !strings.Contains(text, want) {
				t.Errorf("man -l's page lacks %q", want)
			}
		}
		// groff's every warning (-ww), as man does not show them all.
		if out, err := exec.Command("groff", "-man", "-ww", "-z", page).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("groff -man -ww: %v\n%s", err, out)
		}
		// man finds the page by name in the staged tree, as in /usr/local.
		found, err := exec.Command("man", "-M", filepath.Join(stage, "usr/local/share/man"), "-w", "6", "umax").Output()
		if err != nil || strings.TrimSpace(string(found)) != page {
			t.Errorf("man -w 6 umax: %v: %q, want %s", err, found, page)
		}
	})

	t.Run("xboard", func(t *testing.T) {
		home := filepath.Join(dir, "home")
		must(t, os.Mkdir(home, 0o755))
		settings := filepath.Join(home, "xboardrc")
		// The first run: a new settings file, so XBoard's -autoInstall adds
		// every engine of the plugin folders to its list; the engine given
		// by its name alone.
		pgn, debug := playInstalled(t, stage, home, "by-name", false, "-fcp", "umax")
		checkMatch(t, pgn, debug, 1)
		list := engineList(t, settings)
		if !slices.Contains(list, "umax") {
			t.Fatalf("XBoard's engine list (Load Engine) after -autoInstall: %q, no umax", list)
		}
		t.Logf("XBoard's engine list: %q", list)
		// The second run: the engine loaded from the list by its nickname,
		// with the window drawn and the logos on.
		pgn, debug = playInstalled(t, stage, home, "from-list", true, "-fe", "umax", "-autoLogo", "true", "-logoSize", "100")
		checkMatch(t, pgn, debug, 1)
		if log, _ := os.ReadFile(debug); !regexp.MustCompile(`StartChildProcess \(dir="\.?"\) umax\n`).Match(log) {
			t.Errorf("XBoard did not start the engine as umax:\n%s", lastLines(string(log), 20))
		}
	})

	// A new user's first start after make install as root runs it (no
	// DESTDIR), in a mount namespace whose /usr/local is a new folder,
	// /etc/xboard a copy of XBoard's, and /root (XBoard's ~ there) a new
	// empty home: xboard -fe umax starts umax at once; make uninstall then
	// leaves XBoard's master settings as they were.
	t.Run("first start", func(t *testing.T) {
		local, etc, home := filepath.Join(dir, "local"), filepath.Join(dir, "etc"), filepath.Join(dir, "home-new")
		master, err := os.ReadFile("/etc/xboard/xboard.conf")
		for _, d := range []string{local, etc, home} {
			err = errors.Join(err, os.Mkdir(d, 0o755))
		}
		must(t, errors.Join(err, os.WriteFile(filepath.Join(etc, "xboard.conf"), master, 0o644)))
		inNamespace := func(script string, args ...string) {
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, needProgram(t, "unshare", "util-linux"), append([]string{"--mount", "--map-root-user", "sh", "-c",
				`mount --bind "$1" /usr/local && mount --bind "$2" /etc/xboard && ` + script, "sh", local, etc}, args...)...)
			cmd.Env = append(os.Environ(), "PATH=/usr/local/bin:/usr/bin:/bin:/usr/games")
			killGroupOnCancel(cmd)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", script, err, lastLines(string(out), 20))
			}
		}
		debug := filepath.Join(home, "debug")
		inNamespace(`make EXE="$3" install && mount --bind "$4" /root && cd /root && shift 4 && exec "$@"`, exe, home,
			needProgram(t, "xvfb-run", "xvfb"), "-a", needProgram(t, "xboard", "xboard"), "-fe", "umax", "-scp", fairyMaxCommand(t),
			"-mg", "1", "-tc", "0:02", "-inc", "0", "-noGUI", "-debug", "-nameOfDebugFile", debug, "-popupExitMessage", "false")
		if log, _ := os.ReadFile(debug); !regexp.MustCompile(`StartChildProcess \(dir="\.?"\) umax\n`).Match(log) {
			t.Errorf("a new user's xboard -fe umax did not start umax:\n%s", lastLines(string(log), 20))
		}
		inNamespace(`make uninstall`)
		if after, _ := os.ReadFile(filepath.Join(etc, "xboard.conf")); !bytes.Equal(after, master) {
			t.Errorf("make uninstall left XBoard's master settings changed:\n%s", after)
		}
		if left := filesUnder(t, local); len(left) > 0 {
			t.Errorf("make uninstall left %v", left)
		}
	})
}

// checkInstalled checks that root (a DESTDIR) holds exactly the files of
// installFiles under prefix, the binary in bindir, with their modes and
// contents, and that the binary runs.
func checkInstalled(t *testing.T, root, prefix, bindir string) {
	t.Helper()
	var want []string
	for _, f := range installFiles {
		path := filepath.Join(root, prefix, f.path)
		if f.source == "" {
			path = filepath.Join(root, bindir, filepath.Base(f.path))
		}
		want = append(want, path)
		info, err := os.Stat(path)
		if err != nil {
			t.Error(err)
			continue
		}
		if info.Mode().Perm() != f.mode {
			t.Errorf("%s: mode %v, want %v", path, info.Mode().Perm(), f.mode)
		}
		if f.source == "" {
			if out, err := exec.Command(path, "-version").Output(); err != nil || !strings.HasPrefix(string(out), engineName) {
				t.Errorf("%s -version: %v: %q", path, err, out)
			}
			continue
		}
		got, _ := os.ReadFile(path)
		source, _ := os.ReadFile(f.source)
		if !bytes.Equal(got, source) {
			t.Errorf("%s differs from %s", path, f.source)
		}
	}
	if got := filesUnder(t, root); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("make install put %q, want %q", got, want)
	}
}

// filesUnder lists the files (not folders) under root, sorted.
func filesUnder(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	must(t, err)
	slices.Sort(files)
	return files
}

// playInstalled plays one game in XBoard between the engine of the
// arguments engine (-fcp or -fe) and Fairy-Max, with XBoard's /usr/local
// the staged one's (DESTDIR stage) and the settings file in home, and the
// PATH of a user: /usr/local/bin first, nothing of the test's. With gui,
// XBoard draws its window, and the test watches Xvfb's screen until it
// shows the logo. It returns the PGN and debug files.
func playInstalled(t *testing.T, stage, home, name string, gui bool, engine ...string) (pgn, debug string) {
	t.Helper()
	pgn = filepath.Join(home, name+".pgn")
	debug = filepath.Join(home, name+".debug")
	settings := filepath.Join(home, "xboardrc")
	screen := filepath.Join(home, "screen-"+name)
	must(t, os.Mkdir(screen, 0o755))
	// unshare: a mount namespace, as root inside it (mapped to the user),
	// in which the staged /usr/local is mounted over /usr/local.
	args := []string{"--mount", "--map-root-user", "sh", "-c", `mount --bind "$0" /usr/local && exec "$@"`,
		filepath.Join(stage, "usr/local"),
		needProgram(t, "xvfb-run", "xvfb"), "-a", "-s", "-screen 0 1024x768x24 -fbdir " + screen,
		needProgram(t, "xboard", "xboard"),
		"-settingsFile", settings, "-saveSettingsFile", settings,
		"-scp", fairyMaxCommand(t), "-mg", "1", "-tc", "0:05", "-inc", "0.1", // (an increment: the drawn window's delays are not what is tested)
		"-sgf", pgn, "-debug", "-nameOfDebugFile", debug, "-ponderNextMove", "false"}
	if !gui {
		args = append(args, "-noGUI")
	}
	args = append(append(args, matchSettings...), "-saveSettingsOnExit", "true") // matchSettings's false: this test reads them
	args = append(args, engine...)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, needProgram(t, "unshare", "util-linux"), args...)
	cmd.Dir = home
	cmd.Env = append(os.Environ(), "HOME="+home, "PATH=/usr/local/bin:/usr/bin:/bin:/usr/games")
	killGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	must(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	logoShown := false
	for waiting := true; waiting; {
		select {
		case err = <-done:
			waiting = false
		case <-time.After(500 * time.Millisecond):
			if gui && !logoShown {
				logoShown = screenShows(filepath.Join(screen, "Xvfb_screen0"), "install/umax.png")
			}
		}
	}
	if err != nil {
		t.Fatalf("xboard: %v\n%s", err, lastLines(out.String(), 20))
	}
	if gui && !logoShown {
		t.Error("XBoard's window never showed the logo (install/umax.png) beside the clocks")
	}
	t.Logf("%s: a game in %v", name, time.Since(start).Round(time.Second))
	return pgn, debug
}

// engineList reads the engine list of XBoard's settings file, the lines of
// its -firstChessProgramNames, which its Load Engine dialog offers.
func engineList(t *testing.T, settings string) []string {
	t.Helper()
	f, err := os.Open(settings)
	if err != nil {
		t.Fatalf("XBoard's settings: %v", err)
	}
	defer f.Close()
	var list []string
	in := false
	for s := bufio.NewScanner(f); s.Scan(); {
		switch line := s.Text(); {
		case strings.HasPrefix(line, "-firstChessProgramNames {"):
			in = true
			list = append(list, strings.TrimPrefix(line, "-firstChessProgramNames {"))
		case in && line == "}":
			return list
		case in:
			list = append(list, line)
		}
	}
	return list
}

// screenShows reports whether the screen of Xvfb's -fbdir, an XWD file of
// 32-bit pixels, shows the picture of the PNG file logo somewhere, at its
// own size: at least 80% of a grid of its pixels (XBoard may cut an edge).
func screenShows(screenFile, logo string) bool {
	screen, err := os.ReadFile(screenFile)
	if err != nil || len(screen) < 100 {
		return false
	}
	field := func(i int) int { return int(binary.BigEndian.Uint32(screen[4*i:])) }
	headerSize, width, height, bitsPerPixel, bytesPerLine, colours := field(0), field(4), field(5), field(11), field(12), field(19)
	pixels := headerSize + 12*colours
	if bitsPerPixel != 32 || len(screen) < pixels+height*bytesPerLine {
		return false
	}
	f, err := os.Open(logo)
	if err != nil {
		return false
	}
	defer f.Close()
	picture, err := png.Decode(f)
	if err != nil {
		return false
	}
	type sample struct {
		x, y    int
		r, g, b uint8
	}
	var grid []sample
	size := picture.Bounds().Size()
	for y := 0; y < size.Y; y += 5 {
		for x := 0; x < size.X; x += 5 {
			r, g, b, _ := picture.At(x, y).RGBA()
			grid = append(grid, sample{x, y, uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)})
		}
	}
	allowed := len(grid) / 5 // misses allowed
	for top := 0; top+size.Y <= height; top++ {
		for left := 0; left+size.X <= width; left++ {
			misses := 0
			for _, s := range grid {
				p := screen[pixels+(top+s.y)*bytesPerLine+4*(left+s.x):] // B, G, R, unused
				if p[2] != s.r || p[1] != s.g || p[0] != s.b {
					if misses++; misses > allowed {
						break
					}
				}
			}
			if misses <= allowed {
				return true
			}
		}
	}
	return false
}

// TestRelease builds the release for linux/amd64 (scripts/release.sh) and
// checks that the archive holds exactly the files players use, its engine
// named with the version, the Debian package exactly Debian's layout,
// SHA256SUMS both; and that release.sh refuses bad arguments (exit
// status 2, nothing built).
func TestRelease(t *testing.T) {
	needFull(t, "scripts/release.sh's archive and Debian package (sh, tar, gzip, sha256sum, dpkg-deb)")
	for _, p := range [][2]string{{"sh", "dash"}, {"tar", "tar"}, {"sha256sum", "coreutils"}, {"dpkg-deb", "dpkg"}} {
		needProgram(t, p[0], p[1])
	}
	dist := t.TempDir()
	for _, args := range [][]string{{"1.0", "bad/ver"}, {"-x", "1.0"}, {"-p", "plan9/386", "1.0"}, {}, {"dev"}, {"1.0/x"}} {
		cmd := exec.Command("scripts/release.sh", append([]string{"-d", dist}, args...)...)
		if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "release.sh") {
			t.Errorf("release.sh %q: %v, want exit status 2 and why:\n%s", args, err, out)
		}
	}
	if files := filesUnder(t, dist); len(files) > 0 {
		t.Errorf("release.sh with bad arguments built %v", files)
	}
	const version = "1.2.3-rc.1"
	if out, err := exec.Command("scripts/release.sh", "-d", dist, "-p", "linux/amd64", version).CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}
	name, deb := "umax-"+version+"-linux-amd64", "umax_1.2.3~rc.1_amd64.deb"
	archive, unpacked := filepath.Join(dist, name+".tar.gz"), t.TempDir()
	out, err := exec.Command("tar", "-tvzf", archive).Output()
	must(t, err)
	var entries []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") { // mode, owner, size, date, time, name
		f := strings.Fields(line)
		entries = append(entries, f[0]+" "+f[5])
	}
	if out, err := exec.Command("tar", "-xzf", archive, "-C", unpacked).CombinedOutput(); err != nil {
		t.Fatalf("tar -x: %v\n%s", err, out)
	}
	if got, err := exec.Command(filepath.Join(unpacked, name, "umax"), "-version").Output(); err != nil || string(got) != engineName+" "+version+"\n" {
		t.Errorf("the archive's umax -version: %v: %q, want %s %s", err, got, engineName, version)
	}
	want := []string{"drwxr-xr-x " + name + "/"}
	for _, f := range []string{"LICENSE", "README.txt", "install.sh", "umax", "umax.6", "umax.eng", "umax.png"} {
		mode := "-rw-r--r-- "
		if f == "umax" || f == "install.sh" {
			mode = "-rwxr-xr-x "
		}
		want = append(want, mode+name+"/"+f)
	}
	if !slices.Equal(entries, want) {
		t.Errorf("%s.tar.gz holds\n%s\nwant\n%s", name, strings.Join(entries, "\n"), strings.Join(want, "\n"))
	}
	out, err = exec.Command("dpkg-deb", "-c", filepath.Join(dist, deb)).Output()
	must(t, err)
	var debFiles []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Fields(line); f[0][0] == '-' {
			debFiles = append(debFiles, f[0]+" "+f[1]+" "+f[5])
		}
	}
	wantDeb := []string{"-rwxr-xr-x root/root ./usr/games/umax", "-rw-r--r-- root/root ./usr/share/doc/umax/README",
		"-rw-r--r-- root/root ./usr/share/doc/umax/copyright", "-rw-r--r-- root/root ./usr/share/games/plugins/logos/umax.png",
		"-rw-r--r-- root/root ./usr/share/games/plugins/xboard/umax.eng", "-rw-r--r-- root/root ./usr/share/man/man6/umax.6.gz"}
	if !slices.Equal(debFiles, wantDeb) {
		t.Errorf("%s holds\n%s\nwant\n%s", deb, strings.Join(debFiles, "\n"), strings.Join(wantDeb, "\n"))
	}
	check := exec.Command("sha256sum", "-c", "umax-"+version+"-SHA256SUMS")
	check.Dir = dist
	if out, err := check.CombinedOutput(); err != nil || string(out) != name+".tar.gz: OK\n"+deb+": OK\n" {
		t.Errorf("sha256sum -c umax-%s-SHA256SUMS: %v\n%s", version, err, out)
	}
}
