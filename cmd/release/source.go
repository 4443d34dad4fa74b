package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// source is the checkout a release is made from.
type source struct {
	root    string    // the module's directory
	version string    // v1.2.3, v1.2.3-4-gabcdef0, v0.0.0-dev+abcdef012345
	commit  string    // the full commit hash
	date    time.Time // the commit's time, or $SOURCE_DATE_EPOCH
}

// readSource reads the checkout's commit and, unless version is given,
// its version from git.
func readSource(version string) (source, error) {
	var s source
	var err error
	if s.root, err = git("rev-parse", "--show-toplevel"); err != nil {
		return s, err
	}
	if s.commit, err = git("rev-parse", "HEAD"); err != nil {
		return s, err
	}
	if s.date, err = sourceDate(); err != nil {
		return s, err
	}
	s.version = version
	if s.version == "" {
		s.version = describe(s.commit)
	}
	if !strings.HasPrefix(s.version, "v") || strings.ContainsAny(s.version, "/ \t\n") {
		return s, fmt.Errorf("version %q: want v followed by a version such as v1.2.3", s.version)
	}
	return s, nil
}

// describe is git describe's version, or v0.0.0-dev+COMMIT when no tag
// is reachable; -dirty is added for uncommitted changes.
func describe(commit string) string {
	if v, err := git("describe", "--tags", "--dirty", "--match", "v*"); err == nil {
		return v
	}
	v := "v0.0.0-dev+" + commit[:12]
	if out, err := git("status", "--porcelain", "--untracked-files=no"); err == nil && out != "" {
		v += ".dirty"
	}
	return v
}

// sourceDate is $SOURCE_DATE_EPOCH if set, else the commit's time.
func sourceDate() (time.Time, error) {
	epoch := os.Getenv("SOURCE_DATE_EPOCH")
	if epoch == "" {
		var err error
		if epoch, err = git("log", "-1", "--format=%ct", "HEAD"); err != nil {
			return time.Time{}, err
		}
	}
	n, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("source date %q: %v", epoch, err)
	}
	return time.Unix(n, 0).UTC(), nil
}

// git runs git with args and returns its output, trimmed.
func git(args ...string) (string, error) {
	var out, stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(out.String()), nil
}
