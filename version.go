package main

import (
	"runtime/debug"
	"strings"
)

// version is the release version, set by scripts/release.sh with
// -ldflags "-X main.version=VERSION"; a plain build has none.
var version string

// engineTitle is the engine's name as the GUIs show it: XBoard's feature
// myname and UCI's id name. A release build adds its version.
var engineTitle = strings.TrimSpace("micro-Max 4.1 (Go) " + version)

// versionLine is what -version prints: the title, and for a plain build
// the commit it was built from, when Go recorded one.
func versionLine() string {
	if version != "" {
		return engineTitle
	}
	line := engineTitle + ", development build"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				line += " " + s.Value[:12]
			}
			if s.Key == "vcs.modified" && s.Value == "true" {
				line += " (modified)"
			}
		}
	}
	return line
}
