// Command release builds shellfence's release archives: a static binary
// for each platform, packed with README.md and LICENSE (tar.gz, zip for
// Windows), and SHA256SUMS over them.
//
//	go run ./cmd/release -o DIR [-version V] [-targets OS/ARCH,...]
//	go run ./cmd/release -dry-run
//
// Run it from a checkout: the version is `git describe --tags --dirty`
// unless -version gives one, and every time stamp is the commit's, so two
// runs from one commit give the same bytes. -dry-run builds and packs
// every target in a temporary directory, checks the sums and removes it.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// targets are the platforms a release has.
var targets = []string{
	"linux/amd64", "linux/arm64",
	"darwin/amd64", "darwin/arm64",
	"windows/amd64", "windows/arm64",
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the archives and SHA256SUMS into `DIR`")
	version := fs.String("version", "", "the version `V` to give (default: git describe --tags --dirty)")
	only := fs.String("targets", strings.Join(targets, ","), "the `OS/ARCH` list to build")
	dry := fs.Bool("dry-run", false, "build, pack and check every target in a temporary directory, then remove it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (*out == "") == !*dry || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "release: give -o DIR or -dry-run (and no operands)")
		return 2
	}
	if *dry {
		dir, err := os.MkdirTemp("", "shellfence-release-")
		if err != nil {
			fmt.Fprintf(stderr, "release: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		*out = dir
	}
	src, err := readSource(*version)
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	r := &release{src: src, dir: *out, log: stdout}
	if err := r.make(strings.Split(*only, ",")); err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	if err := r.check(); err != nil {
		fmt.Fprintf(stderr, "release: check: %v\n", err)
		return 1
	}
	if *dry {
		fmt.Fprintf(stdout, "dry run: %d archives built, packed and checked\n", len(r.archives))
	} else {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(r.dir, sumsName))
	}
	return 0
}
