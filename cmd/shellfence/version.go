package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// What the release program sets with -ldflags "-X main.buildVersion=..."
// and so on; empty in other builds, where the build information says.
var (
	buildVersion string
	buildCommit  string
	buildDate    string
)

// buildInfo is what a binary knows of its own build.
type buildInfo struct {
	version, commit, date, goVersion string
	modified                         bool
}

// readBuildInfo takes the -ldflags values first, then what the go
// command recorded: the module version (v1.2.3 from go install ...@v1.2.3,
// "(devel)" or a pseudo-version from a checkout) and the VCS stamp.
func readBuildInfo() buildInfo {
	b := buildInfo{version: buildVersion, commit: buildCommit, date: buildDate, goVersion: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b.withDefaults()
	}
	if b.version == "" {
		b.version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if b.commit == "" {
				b.commit = s.Value
			}
		case "vcs.time":
			if b.date == "" {
				b.date = s.Value
			}
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	if b.commit == "" {
		b.commit = pseudoCommit(info.Main.Version)
	}
	return b.withDefaults()
}

func (b buildInfo) withDefaults() buildInfo {
	if b.version == "" {
		b.version = "(devel)"
	}
	if b.commit == "" {
		b.commit = "unknown"
	}
	if b.date == "" {
		b.date = "unknown"
	}
	return b
}

// pseudoCommit is the commit a pseudo-version names
// (v0.0.0-20261202054406-83f4b0d2a1b3 from go install ...@latest when the
// module has no tag), or "".
func pseudoCommit(v string) string {
	v, _, _ = strings.Cut(v, "+")
	i := strings.LastIndexByte(v, '-')
	if i < 0 || len(v)-i-1 != 12 {
		return ""
	}
	return v[i+1:]
}

// version is the version the MCP server gives in its initialize answer.
func version() string {
	return readBuildInfo().version
}

// writeVersion prints shellfence version's line:
//
//	shellfence v0.2.0 (commit 83f4b0d2a1b3, built 2026-12-02T05:44:06Z, go1.26.8 linux/amd64)
func writeVersion(w io.Writer) {
	b := readBuildInfo()
	commit := b.commit
	if len(commit) > 12 {
		commit = commit[:12]
	}
	if b.modified {
		commit += ", modified"
	}
	fmt.Fprintf(w, "shellfence %s (commit %s, built %s, %s %s/%s)\n", b.version, commit, b.date, b.goVersion, runtime.GOOS, runtime.GOARCH)
}
