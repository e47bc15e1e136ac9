//go:build unix

package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWebServe runs scripts/web.sh serve as a user does: it names the
// page's address only once the server listens (the page answers at once),
// says clearly that a port is taken (and serves nothing), binds the
// address given (every address with 0.0.0.0), and ends with everything it
// started on Ctrl-C (SIGINT to its process group, as a terminal sends it)
// and on SIGTERM to the script alone (as a process manager sends it),
// leaving the port free. Only with UMAX_FULL=1: it builds the page's engine.
func TestWebServe(t *testing.T) {
	needFull(t, "scripts/web.sh serve (it builds web/umax.wasm)")
	port := freePort(t)
	for _, c := range []struct {
		addr, host string
		signal     syscall.Signal
		group      bool
	}{
		{"", "127.0.0.1", syscall.SIGINT, true},
		{"0.0.0.0", "localhost", syscall.SIGTERM, false},
	} {
		args := []string{"scripts/web.sh", "serve", strconv.Itoa(port)}
		if c.addr != "" {
			args = append(args, c.addr)
		}
		cmd := exec.Command("sh", args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		stdout, err := cmd.StdoutPipe()
		must(t, err)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		must(t, cmd.Start())
		t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		lines := make(chan string, 10)
		go func() {
			s := bufio.NewScanner(stdout)
			for s.Scan() {
				lines <- s.Text()
			}
			close(lines)
		}()
		page := fmt.Sprintf("http://%s:%d/web/", c.host, port)
		var said string
	wait:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("web.sh serve %s ended before serving: %s", c.addr, stderr.String())
				}
				if strings.Contains(l, "http://") {
					said = l
					break wait
				}
			case <-time.After(5 * time.Minute):
				t.Fatalf("web.sh serve %s: no address after 5 minutes", c.addr)
			}
		}
		// The address said: the server answers at once, the wasm file as wasm.
		if !strings.Contains(said, page) {
			t.Errorf("web.sh serve %s said %q, not the page's address %s", c.addr, said, page)
		}
		for path, want := range map[string]string{"": "text/html", "umax.wasm": "application/wasm"} {
			resp, err := http.Get(page + path)
			if err != nil {
				t.Fatalf("web.sh serve %s said %q, and then %s%s: %v", c.addr, said, page, path, err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), want) {
				t.Errorf("%s%s: %s, %s; want 200 and %s", page, path, resp.Status, resp.Header.Get("Content-Type"), want)
			}
		}
		// The port taken: a second server says so, and serves nothing.
		second := exec.Command("sh", args...)
		out, err := second.Output()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || strings.Contains(string(out), "serving") ||
			!strings.Contains(string(exit.Stderr), fmt.Sprintf("port %d on %s is taken", port, cmp.Or(c.addr, "127.0.0.1"))) {
			t.Errorf("web.sh serve %s on a port taken: %v, %q; want exit status 1 and that the port is taken", c.addr, err, out)
		}
		// The end: the script and the server end, and the port is free.
		target := cmd.Process.Pid
		if c.group {
			target = -target
		}
		must(t, syscall.Kill(target, c.signal))
		ended := make(chan error, 1)
		go func() {
			for range lines {
			}
			ended <- cmd.Wait()
		}()
		select {
		case err := <-ended:
			if err != nil {
				t.Errorf("web.sh serve %s after %v: %v (%s)", c.addr, c.signal, err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("web.sh serve %s still runs 10 s after %v", c.addr, c.signal)
		}
		l, err := net.Listen("tcp", net.JoinHostPort(cmp.Or(c.addr, "127.0.0.1"), strconv.Itoa(port)))
		if err != nil {
			t.Errorf("web.sh serve %s has ended after %v, but the port is still held: %v", c.addr, c.signal, err)
		} else {
			l.Close()
		}
	}
}

// freePort is a port free on every address now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", ":0")
	must(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
