package builtins

// What curl writes: the header block (-i, -I, -D), the body to standard
// output or a file (-o, -O), its error, and -w.

import (
	"bytes"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// finish writes the transfer's output and returns its exit code.
func (t *curlTransfer) finish() int {
	if t.res != nil {
		t.writeResponse()
	}
	t.report()
	t.writeOut()
	return t.code
}

// report prints the error unless -s without -S.
func (t *curlTransfer) report() {
	if t.code == 0 || t.msg == "" || t.c.silent && !t.c.showErr {
		return
	}
	t.p.Errorf("(%d) %s", t.code, t.msg)
}

// writeResponse writes the headers and body where they go; a failure to
// write sets code 23.
func (t *curlTransfer) writeResponse() {
	c, r := t.c, t.res
	head := t.headerBlock()
	if c.dumpHeader != "" {
		t.dump(head)
	}
	var out []byte
	if c.include || c.head {
		out = append(out, head...)
	}
	failed := t.code == 22 && !c.failBody
	if !c.head && !failed && t.code != 63 && t.code != 47 {
		out = append(out, r.Body...)
	}
	if failed && !c.include {
		return
	}
	t.deliver(out)
}

// deliver writes out to standard output or the output file.
func (t *curlTransfer) deliver(out []byte) {
	name := t.output
	if name == curlRemoteName {
		name = path.Base(t.res.URL.Path)
		if t.url != nil {
			name = path.Base(t.url.Path)
		}
		if name == "/" || name == "." || name == "" || strings.HasSuffix(t.url.Path, "/") {
			t.fail(23, "Failed writing received data to disk/application")
			return
		}
	}
	if name == "" || name == "-" {
		if _, err := t.p.Stdout.Write(out); err != nil {
			t.fail(23, "Failure writing output to destination")
		}
		return
	}
	if err := t.p.curlWriteFile(name, out, t.c.createDirs); err != nil {
		if !t.c.silent {
			t.p.curlWarn("Failed to open the file %s: %s", name, ErrText(err))
		}
		t.fail(23, "Failure writing output to destination")
	}
}

// fail sets the exit code unless an earlier failure set one.
func (t *curlTransfer) fail(code int, msg string) {
	if t.code == 0 {
		t.code, t.msg = code, msg
	}
}

// curlWriteFile replaces name with data through the workspace.
func (p *Proc) curlWriteFile(name string, data []byte, mkdirs bool) error {
	abs := p.Abs(name)
	if mkdirs {
		if err := p.FS.MkdirAll(path.Dir(abs), 0o777&^p.Sys.Umask()); err != nil {
			return err
		}
	}
	if isDevPath(abs) {
		f, err := p.Create(name)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if fi, err := p.FS.Stat(abs); err == nil && fi.IsDir() {
		return errIsDir
	}
	return p.FS.WriteAtomic(abs, data, 0o666&^p.Sys.Umask())
}

// dump writes the header block to -D's file.
func (t *curlTransfer) dump(head []byte) {
	if t.c.dumpHeader == "-" {
		t.p.Stdout.Write(head)
		return
	}
	if err := t.p.curlWriteFile(t.c.dumpHeader, head, t.c.createDirs); err != nil {
		t.p.curlWarn("Failed to open %s", quote.Shell(t.c.dumpHeader))
	}
}

// headerBlock is the status line and headers as curl prints them, lines
// ending in CR LF and a blank line after them.
func (t *curlTransfer) headerBlock() []byte {
	r := t.res
	var b bytes.Buffer
	h2 := strings.HasPrefix(r.Proto, "HTTP/2")
	if h2 {
		b.WriteString("HTTP/2 " + strconv.Itoa(r.Status) + " \r\n")
	} else {
		b.WriteString(r.Proto + " " + strconv.Itoa(r.Status) + " " + r.StatusText + "\r\n")
	}
	for _, line := range curlHeaderLines(r.Header, h2) {
		b.WriteString(line + "\r\n")
	}
	b.WriteString("\r\n")
	return b.Bytes()
}

// curlHeaderLines lists headers as "Name: value", sorted by name; HTTP/2
// names are lower-case, as they travel.
func curlHeaderLines(h map[string][]string, lower bool) []string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var lines []string
	for _, k := range keys {
		name := k
		if lower {
			name = strings.ToLower(k)
		}
		for _, v := range h[k] {
			lines = append(lines, name+": "+v)
		}
	}
	return lines
}

// writeOut prints -w's format.
func (t *curlTransfer) writeOut() {
	if t.c.writeOut == "" {
		return
	}
	var w io.Writer = t.p.Stdout
	for _, piece := range curlFormat(t.c.writeOut) {
		switch {
		case piece.name == "stdout":
			w = t.p.Stdout
		case piece.name == "stderr":
			t.p.Flush()
			w = t.p.Stderr
		case piece.header:
			io.WriteString(w, t.headerValue(piece.name))
		case piece.isVar:
			v, ok := t.variable(piece.name)
			if !ok {
				t.p.Errorf("unknown --write-out variable: '%s'", piece.name)
			}
			io.WriteString(w, v)
		default:
			io.WriteString(w, piece.text)
		}
	}
}

func (t *curlTransfer) headerValue(name string) string {
	if t.res == nil {
		return ""
	}
	return strings.Join(t.res.Header.Values(name), ", ")
}
