package builtins

// Backups of files about to be replaced, for cp, mv and ln: -b,
// --backup[=CONTROL] and -S SUFFIX, with VERSION_CONTROL and
// SIMPLE_BACKUP_SUFFIX read from the environment (gnulib backupfile).

import (
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type backupType int

const (
	noBackups backupType = iota
	simpleBackups
	numberedExistingBackups
	numberedBackups
)

// backupOpts collects the backup options of one command line.
type backupOpts struct {
	make    bool
	control string
	suffix  string
	kind    backupType
}

var backupGroups = [][]string{{"none", "off"}, {"simple", "never"}, {"existing", "nil"}, {"numbered", "t"}}

// add declares -b, --backup[=CONTROL] and -S/--suffix.
func (b *backupOpts) add(flags *opt.Parser) {
	flags.Func('b', "", func() { b.make = true })
	flags.Add(opt.Option{Long: "backup", Arg: opt.Optional, Do: func(_, v string) error {
		b.make, b.control = true, v
		return nil
	}})
	flags.Value('S', "suffix", func(_, v string) error { b.make, b.suffix = true, v; return nil })
}

// resolve works out the backup type once the options are parsed.
func (b *backupOpts) resolve(p *Proc) error {
	if b.suffix == "" {
		b.suffix = "~"
		if s := p.Getenv("SIMPLE_BACKUP_SUFFIX"); s != "" && !strings.Contains(s, "/") {
			b.suffix = s
		}
	}
	if !b.make {
		return nil
	}
	what, value := "backup type", b.control
	if value == "" {
		what, value = "$VERSION_CONTROL", p.Getenv("VERSION_CONTROL")
	}
	if value == "" {
		b.kind = numberedExistingBackups
		return nil
	}
	i, err := p.argMatch(value, what, backupGroups)
	if err != nil {
		return err
	}
	b.kind = []backupType{noBackups, simpleBackups, numberedExistingBackups, numberedBackups}[i]
	return nil
}

// name returns the backup name for the file name.
func (b *backupOpts) name(p *Proc, name string) string {
	if b.kind == simpleBackups {
		return name + b.suffix
	}
	dir, base := splitDirBase(name)
	highest := p.highestBackup(dir, base)
	if b.kind == numberedExistingBackups && highest == 0 {
		return name + b.suffix
	}
	return name + ".~" + strconv.Itoa(highest+1) + "~"
}

// highestBackup returns the largest N of the "base.~N~" files in dir.
func (p *Proc) highestBackup(dir, base string) int {
	if dir == "" {
		dir = "."
	}
	ents, err := p.ReadDir(dir)
	if err != nil {
		return 0
	}
	highest := 0
	prefix := base + ".~"
	for _, e := range ents {
		n, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !strings.HasSuffix(n, "~") {
			continue
		}
		n = n[:len(n)-1]
		if n == "" || n[0] == '0' || !allDigits(n) {
			continue
		}
		if v, err := strconv.Atoi(n); err == nil && v > highest {
			highest = v
		}
	}
	return highest
}

// splitDirBase splits a name into its directory part (with the trailing
// slash, or "") and its last component.
func splitDirBase(name string) (string, string) {
	i := strings.LastIndexByte(name, '/')
	return name[:i+1], name[i+1:]
}

// backup renames name to its backup name and returns that name; "" and
// no error when there was nothing to back up.
func (b *backupOpts) backup(p *Proc, name string) (string, error) {
	if b.kind == noBackups {
		return "", nil
	}
	bname := b.name(p, name)
	if err := p.FS.Rename(p.Abs(name), p.Abs(bname)); err != nil {
		if isNotExist(err) {
			return "", nil
		}
		return "", err
	}
	return bname, nil
}
