package builtins

// file - determine file type
//
//	file [-bhiLz] [--mime-type] [--mime-encoding] FILE...
//
// Options: -b/--brief, -i/--mime, --mime-type, --mime-encoding,
// -L/--dereference, -h/--no-dereference (the default). The verdicts are
// those of file 5.44 for the common kinds: empty, directory, symlinks,
// text (ASCII, UTF-8, line terminators, scripts by their #! line, JSON,
// XML, HTML), ELF, images (PNG, GIF, JPEG), PDF, gzip, bzip2, xz, Zip
// and tar archives; anything else is "data". Names are aligned as file
// aligns them.
//
// Differences from file 5.44: no magic database: rarer formats are
// "data", and ELF verdicts stop after the machine and ABI (no interpreter,
// BuildID or stripped notes).

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/vfs"
)

type fileOpts struct {
	brief, deref, mime, mimeType, mimeEnc bool
}

func fileCmd(p *Proc) int {
	var o fileOpts
	flags := p.newOpts(1)
	flags.Flag('b', "brief", &o.brief)
	flags.Flag('L', "dereference", &o.deref)
	flags.Func('h', "no-dereference", func() { o.deref = false })
	flags.Flag('i', "mime", &o.mime)
	flags.Flag(0, "mime-type", &o.mimeType)
	flags.Flag(0, "mime-encoding", &o.mimeEnc)
	addToolInfo(flags, "file", 'v')
	names, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(names) == 0 {
		p.Errorf("Usage: file [-bcdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]")
		return 1
	}
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		v := p.fileVerdict(n, o)
		if o.brief {
			p.printf("%s\n", v)
			continue
		}
		p.printf("%-*s %s\n", width+1, n+":", v)
	}
	return 0
}

// fileKind is one verdict: the words and the MIME type and encoding.
type fileKind struct {
	desc, mime, enc string
}

func (p *Proc) fileVerdict(name string, o fileOpts) string {
	k := p.classify(name, o.deref)
	switch {
	case o.mimeType && o.mimeEnc, o.mime:
		return k.mime + "; charset=" + k.enc
	case o.mimeType:
		return k.mime
	case o.mimeEnc:
		return k.enc
	}
	return k.desc
}

func (p *Proc) classify(name string, deref bool) fileKind {
	fi, err := p.Lstat(name)
	if err == nil && deref && isSymlink(fi) {
		fi, err = p.Stat(name)
	}
	if err != nil {
		return fileKind{"cannot open `" + name + "' (" + ErrText(err) + ")", "cannot open `" + name + "' (" + ErrText(err) + ")", "binary"}
	}
	switch {
	case isSymlink(fi):
		target, _ := p.Readlink(name)
		if _, err := p.Stat(name); err != nil {
			return fileKind{"broken symbolic link to " + target, "inode/symlink", "binary"}
		}
		return fileKind{"symbolic link to " + target, "inode/symlink", "binary"}
	case fi.IsDir():
		return fileKind{"directory", "inode/directory", "binary"}
	case fi.Mode()&fs.ModeNamedPipe != 0:
		return fileKind{"fifo (named pipe)", "inode/fifo", "binary"}
	case fi.Mode()&fs.ModeSocket != 0:
		return fileKind{"socket", "inode/socket", "binary"}
	case fi.Mode()&fs.ModeCharDevice != 0:
		m := vfs.MetaOf(fi)
		return fileKind{fmt.Sprintf("character special (%d/%d)", devMajor(m.Rdev), devMinor(m.Rdev)), "inode/chardevice", "binary"}
	case fi.Size() == 0:
		return fileKind{"empty", "inode/x-empty", "binary"}
	}
	f, err := p.Open(name)
	if err != nil {
		return fileKind{"regular file, no read permission", "regular file, no read permission", "binary"}
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	k := sniff(head[:n], n == len(head))
	if k.mime == "application/gzip" {
		if ra, ok := f.(io.ReaderAt); ok && fi.Size() >= 18 {
			t := make([]byte, 4)
			ra.ReadAt(t, fi.Size()-4)
			k.desc += ", original size modulo 2^32 " + strconv.FormatUint(uint64(le32(t)), 10)
		}
	}
	return k
}

// sniff classifies content by its magic numbers, then as text; cut
// says b is only the start of the file.
func sniff(b []byte, cut bool) fileKind {
	if k, ok := sniffMagic(b); ok {
		return k
	}
	return sniffText(b, cut)
}

func sniffMagic(b []byte) (fileKind, bool) {
	s := string(b)
	switch {
	case strings.HasPrefix(s, "\x7fELF"):
		return sniffELF(b), true
	case strings.HasPrefix(s, "\x89PNG\r\n\x1a\n"):
		return sniffPNG(b), true
	case strings.HasPrefix(s, "GIF87a"), strings.HasPrefix(s, "GIF89a"):
		d := "GIF image data, version " + s[3:6]
		if len(b) >= 10 {
			d += ", " + itoa(int(le16(b[6:]))) + " x " + itoa(int(le16(b[8:])))
		}
		return fileKind{d, "image/gif", "binary"}, true
	case strings.HasPrefix(s, "\xff\xd8\xff"):
		return sniffJPEG(b), true
	case strings.HasPrefix(s, "%PDF-"):
		v := strings.TrimRight(s[5:min(len(s), 8)], "\r\n ")
		return fileKind{"PDF document, version " + v, "application/pdf", "binary"}, true
	case strings.HasPrefix(s, "\x1f\x8b"):
		return sniffGzip(b), true
	case strings.HasPrefix(s, "BZh") && len(s) > 3 && s[3] >= '1' && s[3] <= '9':
		return fileKind{"bzip2 compressed data, block size = " + s[3:4] + "00k", "application/x-bzip2", "binary"}, true
	case strings.HasPrefix(s, "\xfd7zXZ\x00"):
		return fileKind{strings.TrimSpace("XZ compressed data, checksum " + xzCheck(b)), "application/x-xz", "binary"}, true
	case strings.HasPrefix(s, "PK\x03\x04"):
		return sniffZip(b), true
	case len(b) >= 262 && s[257:262] == "ustar":
		if s[257:265] == "ustar  \x00" {
			return fileKind{"POSIX tar archive (GNU)", "application/x-tar", "binary"}, true
		}
		return fileKind{"POSIX tar archive", "application/x-tar", "binary"}, true
	}
	return fileKind{}, false
}

func be16(b []byte) uint16 { return uint16(b[1]) | uint16(b[0])<<8 }
func be32(b []byte) uint32 { return uint32(be16(b))<<16 | uint32(be16(b[2:])) }

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
