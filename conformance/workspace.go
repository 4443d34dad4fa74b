package conformance

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/txtar"
)

// SeedTime is the modification time of every seeded file: old enough that
// ls -l shows the year, the same on every machine.
var SeedTime = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// Seed creates the archive's seed sections in dir. A section name may be
// followed by a mode ("bin/run.sh 0755") and by "noeol" (the file does not
// end in a newline); a name ending in "/" makes an empty directory;
// "link -> target" makes a symlink.
func Seed(dir string, files []txtar.File) error {
	var made []string
	for _, f := range files {
		p, err := seedOne(dir, f)
		if err != nil {
			return fmt.Errorf("seed %q: %v", f.Name, err)
		}
		made = append(made, p)
	}
	return fixTimes(dir, made)
}

func seedOne(dir string, f txtar.File) (string, error) {
	name := f.Name
	if l, target, ok := strings.Cut(name, " -> "); ok {
		p := filepath.Join(dir, l)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.Symlink(target, p); err != nil {
			return "", err
		}
		return "", lchtimes(p, SeedTime)
	}
	// Trailing words that are an octal mode or "noeol" qualify the file;
	// the rest, spaces included, is its name.
	fields := strings.Fields(name)
	mode, data := os.FileMode(0o644), f.Data
	for len(fields) > 1 {
		w := fields[len(fields)-1]
		if w == "noeol" {
			data = []byte(strings.TrimSuffix(string(data), "\n"))
		} else if v, err := strconv.ParseUint(w, 8, 32); err == nil && len(w) >= 3 {
			mode = os.FileMode(v)
		} else {
			break
		}
		fields = fields[:len(fields)-1]
	}
	name = strings.Join(fields, " ")
	p := filepath.Join(dir, name)
	if strings.HasSuffix(name, "/") {
		return p, os.MkdirAll(p, 0o755)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(p, data, mode); err != nil {
		return "", err
	}
	return p, os.Chmod(p, mode)
}

// fixTimes sets the seed time on the files made and on every directory.
func fixTimes(dir string, made []string) error {
	for _, p := range made {
		if p != "" {
			if err := os.Chtimes(p, SeedTime, SeedTime); err != nil {
				return err
			}
		}
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.Chtimes(p, SeedTime, SeedTime)
	})
}

// Tree describes the workspace dir, one line an entry, sorted: type,
// permissions, path, and a file's content (quoted when short, else size and
// hash) or a link's target.
func Tree(dir string) (string, error) {
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel := filepath.ToSlash(p[len(dir)+1:])
		line, err := treeLine(p, rel, d)
		lines = append(lines, line)
		return err
	})
	sort.Strings(lines)
	if len(lines) == 0 {
		return "", err
	}
	return strings.Join(lines, "\n") + "\n", err
}

func treeLine(p, rel string, d fs.DirEntry) (string, error) {
	info, err := d.Info()
	if err != nil {
		return "", err
	}
	perm := fmt.Sprintf("%03o", info.Mode().Perm())
	switch {
	case d.Type()&fs.ModeSymlink != 0:
		t, err := os.Readlink(p)
		return fmt.Sprintf("%s -> %s", rel, t), err
	case d.IsDir():
		return fmt.Sprintf("%s/ %s", rel, perm), nil
	case !info.Mode().IsRegular():
		return fmt.Sprintf("%s %s %v", rel, perm, info.Mode().Type()), nil
	}
	data, err := os.ReadFile(p)
	if len(data) <= 60 {
		return fmt.Sprintf("%s %s %s", rel, perm, strconv.Quote(string(data))), err
	}
	return fmt.Sprintf("%s %s %d bytes sha256:%x", rel, perm, len(data), sha256.Sum256(data)), err
}
