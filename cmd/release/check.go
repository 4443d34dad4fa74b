package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// check verifies the release directory: SHA256SUMS names every archive
// with its sum, each archive holds the three members, its binary is
// built for its target with the version in it, and the binary for this
// machine, run, reports that version.
func (r *release) check() error {
	sums, err := readSums(filepath.Join(r.dir, sumsName))
	if err != nil {
		return err
	}
	if len(sums) != len(r.archives) {
		return fmt.Errorf("%s has %d lines for %d archives", sumsName, len(sums), len(r.archives))
	}
	for _, a := range r.archives {
		if err := r.checkArchive(a, sums[a.name]); err != nil {
			return fmt.Errorf("%s: %v", a.name, err)
		}
	}
	return nil
}

func readSums(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		sums[name] = sum
	}
	return sums, nil
}

func (r *release) checkArchive(a archive, want string) error {
	path := filepath.Join(r.dir, a.name)
	if got, err := fileSum(path); err != nil || got != want {
		return fmt.Errorf("sha256 %s, %s says %s (%v)", got, sumsName, want, err)
	}
	files, err := readArchive(path)
	if err != nil {
		return err
	}
	dir := strings.TrimSuffix(strings.TrimSuffix(a.name, ".zip"), ".tar.gz") + "/"
	for _, m := range r.members(a) {
		if _, ok := files[dir+m.name]; !ok {
			return fmt.Errorf("no %s%s in it", dir, m.name)
		}
	}
	bin := files[dir+filepath.Base(a.binary)]
	info, err := buildinfo.Read(bytes.NewReader(bin))
	if err != nil {
		return fmt.Errorf("binary: %v", err)
	}
	if got := setting(info, "GOOS") + "/" + setting(info, "GOARCH"); got != a.target {
		return fmt.Errorf("binary is built for %s", got)
	}
	if setting(info, "CGO_ENABLED") != "0" {
		return fmt.Errorf("binary is not static (CGO_ENABLED=%s)", setting(info, "CGO_ENABLED"))
	}
	if !bytes.Contains(bin, []byte(r.src.version)) {
		return fmt.Errorf("binary does not hold the version %s", r.src.version)
	}
	if a.target == runtime.GOOS+"/"+runtime.GOARCH {
		return r.runVersion(bin)
	}
	return nil
}

func setting(info *buildinfo.BuildInfo, key string) string {
	for _, s := range info.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}

// runVersion runs bin's version command and compares what it says.
func (r *release) runVersion(bin []byte) error {
	dir, err := os.MkdirTemp("", "shellfence-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	exe := filepath.Join(dir, "shellfence")
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		return err
	}
	out, err := exec.Command(exe, "version").Output()
	if err != nil {
		return fmt.Errorf("shellfence version: %v", err)
	}
	want := fmt.Sprintf("shellfence %s (commit %s, ", r.src.version, r.src.commit[:12])
	if !strings.HasPrefix(string(out), want) {
		return fmt.Errorf("shellfence version says %q, want %q...", out, want)
	}
	fmt.Fprintf(r.log, "checked %s", out)
	return nil
}

// readArchive returns the regular files of a .tar.gz or .zip by name.
func readArchive(path string) (map[string][]byte, error) {
	files := map[string][]byte{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.Mode().IsRegular() {
				rc, err := f.Open()
				if err != nil {
					return nil, err
				}
				files[f.Name], err = io.ReadAll(rc)
				rc.Close()
				if err != nil {
					return nil, err
				}
			}
		}
		return files, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag == tar.TypeReg {
			if files[h.Name], err = io.ReadAll(tr); err != nil {
				return nil, err
			}
		}
	}
}
