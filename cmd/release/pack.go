package main

import (
	"archive/tar"
	"archive/zip"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// member is one file of an archive.
type member struct {
	name string // in the archive, under the archive's directory
	path string // on disk
	mode fs.FileMode
}

// members are what a's archive holds: the binary, README.md and LICENSE.
func (r *release) members(a archive) []member {
	return []member{
		{filepath.Base(a.binary), a.binary, 0o755},
		{"LICENSE", filepath.Join(r.src.root, "LICENSE"), 0o644},
		{"README.md", filepath.Join(r.src.root, "README.md"), 0o644},
	}
}

// pack writes a's archive into the release directory, atomically.
func (r *release) pack(a archive) error {
	dir := strings.TrimSuffix(strings.TrimSuffix(a.name, ".zip"), ".tar.gz")
	f, err := os.CreateTemp(r.dir, ".pack-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if strings.HasSuffix(a.name, ".zip") {
		err = r.writeZip(f, dir, r.members(a))
	} else {
		err = r.writeTarGz(f, dir, r.members(a))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(r.dir, a.name))
}

// writeTarGz writes ms as a gzipped tar under dir/, with the source's
// time, owner 0 and no host names, so that it depends on the files only.
func (r *release) writeTarGz(w io.Writer, dir string, ms []member) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	hdr := func(name string, mode fs.FileMode, size int64, typ byte) *tar.Header {
		return &tar.Header{Typeflag: typ, Name: name, Mode: int64(mode), Size: size, ModTime: r.src.date, Format: tar.FormatUSTAR}
	}
	if err := tw.WriteHeader(hdr(dir+"/", 0o755, 0, tar.TypeDir)); err != nil {
		return err
	}
	for _, m := range ms {
		data, err := os.ReadFile(m.path)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(hdr(dir+"/"+m.name, m.mode, int64(len(data)), tar.TypeReg)); err != nil {
			return err
		}
		if _, err := tw.Write(data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes ms as a zip under dir/, with the source's time.
func (r *release) writeZip(w io.Writer, dir string, ms []member) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	add := func(name string, mode fs.FileMode, method uint16) (io.Writer, error) {
		h := &zip.FileHeader{Name: name, Method: method, Modified: r.src.date.In(time.UTC)}
		h.SetMode(mode)
		return zw.CreateHeader(h)
	}
	if _, err := add(dir+"/", fs.ModeDir|0o755, zip.Store); err != nil {
		return err
	}
	for _, m := range ms {
		data, err := os.ReadFile(m.path)
		if err != nil {
			return err
		}
		out, err := add(dir+"/"+m.name, m.mode, zip.Deflate)
		if err != nil {
			return err
		}
		if _, err := out.Write(data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// writeSums writes SHA256SUMS over the archives, in sha256sum's format.
func (r *release) writeSums() error {
	var lines []string
	for _, a := range r.archives {
		sum, err := fileSum(filepath.Join(r.dir, a.name))
		if err != nil {
			return err
		}
		lines = append(lines, sum+"  "+a.name+"\n")
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][66:] < lines[j][66:] })
	tmp := filepath.Join(r.dir, ".sums")
	if err := os.WriteFile(tmp, []byte(strings.Join(lines, "")), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(r.dir, sumsName))
}

func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
