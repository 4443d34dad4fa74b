package vfs_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/vfs"
)

// A file of the disk workspace reads, seeks, stats, writes and closes as
// an *os.File does, errors included.
func TestHostFileLikeOS(t *testing.T) {
	_, root, ws := layout(t)
	f, err := ws.OpenFile("rw.txt", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := f.WriteString("hello, world\n"); n != 13 || err != nil {
		t.Fatalf("write = %d, %v", n, err)
	}
	if pos, err := f.Seek(7, io.SeekStart); pos != 7 || err != nil {
		t.Fatalf("seek = %d, %v", pos, err)
	}
	got, err := io.ReadAll(f)
	if string(got) != "world\n" || err != nil {
		t.Errorf("read after seek = %q, %v", got, err)
	}
	if n, err := f.Read(make([]byte, 4)); n != 0 || err != io.EOF {
		t.Errorf("read at the end = %d, %v", n, err)
	}
	b := make([]byte, 5)
	if n, err := f.ReadAt(b, 0); n != 5 || err != nil || string(b) != "hello" {
		t.Errorf("ReadAt = %d, %v, %q", n, err, b)
	}
	if n, err := f.ReadAt(b, 10); n != 3 || err != io.EOF {
		t.Errorf("ReadAt past the end = %d, %v", n, err)
	}
	if _, err := f.ReadAt(b, -1); err == nil {
		t.Error("ReadAt at a negative offset: no error")
	}
	fi, err := f.Stat()
	osfi, oserr := os.Stat(filepath.Join(root, "rw.txt"))
	if err != nil || oserr != nil {
		t.Fatal(err, oserr)
	}
	if d := cmp.Diff(describeInfo(osfi), describeInfo(fi)); d != "" {
		t.Errorf("Stat (-os +vfs):\n%s", d)
	}
	if vfs.MetaOf(fi) != vfs.MetaOf(osfi) {
		t.Errorf("Meta = %+v, os has %+v", vfs.MetaOf(fi), vfs.MetaOf(osfi))
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("second close = %v", err)
	}
	if _, err := f.Read(b); !errors.Is(err, os.ErrClosed) {
		t.Errorf("read after close = %v", err)
	}
	d, err := ws.Open(".")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Read(b); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("read of a directory = %v", err)
	}
	if names, err := d.Readdirnames(-1); err != nil || len(names) == 0 {
		t.Errorf("Readdirnames = %v, %v", names, err)
	}
}

func describeInfo(fi fs.FileInfo) string {
	return fmt.Sprint(fi.Name(), fi.Mode(), fi.ModTime(), fi.Size(), fi.IsDir())
}

// A FIFO opens at once; a read waits in the runtime's poller, where a
// deadline stops it, as for any *os.File.
func TestHostFileFIFO(t *testing.T) {
	_, root, ws := layout(t)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Skip(err)
	}
	r, err := ws.Open("fifo")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("read with no writer = %d, %v", n, err)
	}
	w, err := os.OpenFile(filepath.Join(root, "fifo"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	go func() {
		time.Sleep(20 * time.Millisecond)
		w.Write([]byte("x"))
	}()
	if b, err := io.ReadAll(io.LimitReader(r, 1)); string(b) != "x" || err != nil {
		t.Errorf("read that waits = %q, %v", b, err)
	}
	osf, ok := vfs.OSFile(r)
	if !ok {
		t.Fatal("no *os.File for the FIFO")
	}
	osf.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("read of an empty FIFO = %v, want the deadline", err)
	}
	osf.SetReadDeadline(time.Time{})
	w.Write([]byte("x"))
	if b, err := io.ReadAll(io.LimitReader(r, 1)); string(b) != "x" || err != nil {
		t.Errorf("read = %q, %v", b, err)
	}
}
