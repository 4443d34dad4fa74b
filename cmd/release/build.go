package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// release makes the archives of one source into dir.
type release struct {
	src      source
	dir      string
	log      io.Writer
	archives []archive
}

// archive is one target's packed release.
type archive struct {
	target string // linux/amd64
	name   string // shellfence_1.2.3_linux_amd64.tar.gz
	binary string // where the built binary is
}

// sumsName is the checksum file a release has.
const sumsName = "SHA256SUMS"

// make builds every target of list, packs each one and writes the sums.
func (r *release) make(list []string) error {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "shellfence-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	for _, t := range list {
		if !known(t) {
			return fmt.Errorf("target %q: not one of %s", t, strings.Join(targets, ", "))
		}
		r.archives = append(r.archives, r.archiveOf(t, work))
	}
	if err := r.buildAll(); err != nil {
		return err
	}
	for _, a := range r.archives {
		if err := r.pack(a); err != nil {
			return fmt.Errorf("%s: %v", a.name, err)
		}
		fmt.Fprintf(r.log, "packed %s\n", a.name)
	}
	return r.writeSums()
}

func known(t string) bool {
	for _, k := range targets {
		if k == t {
			return true
		}
	}
	return false
}

// archiveOf names target's archive and its binary under work.
func (r *release) archiveOf(target, work string) archive {
	goos, goarch, _ := strings.Cut(target, "/")
	ext, bin := ".tar.gz", "shellfence"
	if goos == "windows" {
		ext, bin = ".zip", "shellfence.exe"
	}
	base := fmt.Sprintf("shellfence_%s_%s_%s", strings.TrimPrefix(r.src.version, "v"), goos, goarch)
	return archive{target: target, name: base + ext, binary: filepath.Join(work, goos+"_"+goarch, bin)}
}

// buildAll builds the binaries, as many at once as there are CPUs.
func (r *release) buildAll() error {
	sem := make(chan struct{}, runtime.NumCPU())
	errs := make([]error, len(r.archives))
	var wg sync.WaitGroup
	for i, a := range r.archives {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = r.build(a)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("build %s: %v", r.archives[i].target, err)
		}
	}
	return nil
}

// build builds a's binary: static, without paths or build IDs of this
// machine, with the version, commit and date set.
func (r *release) build(a archive) error {
	goos, goarch, _ := strings.Cut(a.target, "/")
	ldflags := strings.Join([]string{
		"-s", "-w", "-buildid=",
		"-X main.buildVersion=" + r.src.version,
		"-X main.buildCommit=" + r.src.commit,
		"-X main.buildDate=" + r.src.date.Format(time.RFC3339),
	}, " ")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", a.binary, "./cmd/shellfence")
	cmd.Dir = r.src.root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch, "GOFLAGS=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v\n%s", err, out.String())
	}
	return nil
}
