package builtins

// The primaries of find's expression: how each one reads its arguments.

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

const (
	findKTest = iota
	findKAction
	findKOption    // global option: its position does not matter
	findKPosOption // positional option: affects what follows it
	findKPunct
)

type findPrimary struct {
	kind  int
	parse func(ps *fparser, name string) error
}

var findPrimaries map[string]findPrimary

func init() {
	findPrimaries = map[string]findPrimary{
		"(": {findKPunct, fpOpen}, ")": {findKPunct, fpClose},
		"!": {findKPunct, fpNot}, "-not": {findKPunct, fpNot},
		"-a": {findKPunct, fpBinary('a', findPrecAnd)}, "-and": {findKPunct, fpBinary('a', findPrecAnd)},
		"-o": {findKPunct, fpBinary('o', findPrecOr)}, "-or": {findKPunct, fpBinary('o', findPrecOr)},
		",": {findKPunct, fpBinary(',', findPrecComma)},

		"-depth": {findKOption, fpDepth}, "-d": {findKOption, fpDepth},
		"-maxdepth": {findKOption, fpMaxDepth}, "-mindepth": {findKOption, fpMaxDepth},
		"-mount": {findKOption, fpNoop}, "-xdev": {findKOption, fpNoop},
		"-noleaf": {findKOption, fpNoop}, "-ignore_readdir_race": {findKOption, fpNoop},
		"-noignore_readdir_race": {findKOption, fpNoop},
		"-files0-from":           {findKOption, fpFiles0From},
		"-help":                  {findKOption, fpHelp}, "-version": {findKOption, fpHelp},
		"--help": {findKOption, fpHelp}, "--version": {findKOption, fpHelp},
		"-daystart": {findKPosOption, fpDaystart}, "-follow": {findKPosOption, fpFollow},
		"-regextype": {findKPosOption, fpRegextype},
		"-warn":      {findKPosOption, fpWarn}, "-nowarn": {findKPosOption, fpWarn},

		"-true": {findKTest, fpConst(true)}, "-false": {findKTest, fpConst(false)},
		"-name": {findKTest, fpName}, "-iname": {findKTest, fpName},
		"-path": {findKTest, fpPath}, "-ipath": {findKTest, fpPath},
		"-wholename": {findKTest, fpPath}, "-iwholename": {findKTest, fpPath},
		"-lname": {findKTest, fpLname}, "-ilname": {findKTest, fpLname},
		"-regex": {findKTest, fpRegex}, "-iregex": {findKTest, fpRegex},
		"-type": {findKTest, fpType}, "-xtype": {findKTest, fpType},
		"-size":  {findKTest, fpSize},
		"-empty": {findKTest, fpStatPlain(findTestEmpty)},
		"-newer": {findKTest, fpNewer}, "-anewer": {findKTest, fpNewer}, "-cnewer": {findKTest, fpNewer},
		"-mtime": {findKTest, fpTime}, "-atime": {findKTest, fpTime}, "-ctime": {findKTest, fpTime},
		"-mmin": {findKTest, fpTime}, "-amin": {findKTest, fpTime}, "-cmin": {findKTest, fpTime},
		"-used": {findKTest, fpUsed},
		"-perm": {findKTest, fpPerm},
		"-user": {findKTest, fpUser}, "-group": {findKTest, fpUser},
		"-uid": {findKTest, fpNumTest}, "-gid": {findKTest, fpNumTest},
		"-links": {findKTest, fpNumTest}, "-inum": {findKTest, fpNumTest},
		"-nouser": {findKTest, fpStatPlain(findTestNoUser)}, "-nogroup": {findKTest, fpStatPlain(findTestNoGroup)},
		"-samefile": {findKTest, fpSamefile},
		"-readable": {findKTest, fpAccess(4)}, "-writable": {findKTest, fpAccess(2)},
		"-executable": {findKTest, fpAccess(1)},
		"-fstype":     {findKTest, fpUnsupported}, "-context": {findKTest, fpUnsupported},

		"-print":  {findKAction, fpPlain((*finder).print)},
		"-print0": {findKAction, fpPlain((*finder).print0)},
		"-printf": {findKAction, fpPrintf}, "-fprintf": {findKAction, fpPrintf},
		"-fprint": {findKAction, fpFprint}, "-fprint0": {findKAction, fpFprint},
		"-ls": {findKAction, fpLs}, "-fls": {findKAction, fpLs},
		"-exec": {findKAction, fpExec}, "-execdir": {findKAction, fpExec},
		"-ok": {findKAction, fpExec}, "-okdir": {findKAction, fpExec},
		"-delete": {findKAction, fpDelete},
		"-prune":  {findKTest, fpPrune},
		"-quit":   {findKAction, fpPlain(findTestQuit)},
	}
}

func fpPlain(test func(f *finder, e *fentry) bool) func(ps *fparser, name string) error {
	return func(ps *fparser, name string) error {
		ps.primary(name, test)
		return nil
	}
}

func fpStatPlain(test func(f *finder, e *fentry) bool) func(ps *fparser, name string) error {
	return func(ps *fparser, name string) error {
		ps.statPrimary(name, test)
		return nil
	}
}

func fpConst(v bool) func(ps *fparser, name string) error {
	if v {
		return fpPlain(findAlwaysTrue)
	}
	return fpPlain(findAlwaysFalse)
}

func fpNoop(*fparser, string) error { return nil }

func fpUnsupported(_ *fparser, name string) error {
	return &findErr{fmt.Sprintf("unsupported predicate %s (shellfence does not implement it)", name)}
}

func fpHelp(ps *fparser, name string) error {
	if strings.HasSuffix(name, "help") {
		ps.f.help()
	} else {
		ps.f.version()
	}
	return findErrFindExit
}

// findErrFindExit ends find with status 0 after -help or -version.
var findErrFindExit = &findErr{""}

func fpDepth(ps *fparser, name string) error {
	ps.f.depth, ps.f.explicitDepth = true, true
	if name == "-d" && ps.f.warn {
		ps.f.p.Errorf("warning: the -d option is deprecated; please use -depth instead, because the latter is a POSIX-compliant feature.")
	}
	return nil
}

func fpMaxDepth(ps *fparser, name string) error {
	a, ok := ps.next()
	if !ok {
		return findErrFindMissing
	}
	n, err := strconv.Atoi(a)
	if err != nil || n < 0 || a[0] == '+' {
		return &findErr{fmt.Sprintf("Expected a positive decimal integer argument to %s, but got %s", name, quote.Locale(a))}
	}
	if name == "-maxdepth" {
		ps.f.maxDepth = n
	} else {
		ps.f.minDepth = n
	}
	return nil
}

func fpPrune(ps *fparser, name string) error {
	ps.f.prunes = true
	ps.primary(name, findTestPrune)
	return nil
}

func fpDaystart(ps *fparser, _ string) error {
	ps.f.daystart = true
	return nil
}

func fpFollow(ps *fparser, _ string) error {
	ps.f.follow = 'L'
	return nil
}

func fpWarn(ps *fparser, name string) error {
	ps.f.warn = name == "-warn"
	return nil
}

func fpFiles0From(ps *fparser, _ string) error {
	a, ok := ps.next()
	if !ok {
		return findErrFindMissing
	}
	ps.f.hasFiles0, ps.f.files0 = true, a
	return nil
}

var findRegexTypes = []string{"findutils-default", "ed", "emacs", "gnu-awk", "grep", "posix-awk", "awk",
	"posix-basic", "posix-egrep", "egrep", "posix-extended", "posix-minimal-basic", "sed"}

func fpRegextype(ps *fparser, _ string) error {
	a, ok := ps.next()
	if !ok {
		return findErrFindMissing
	}
	for _, t := range findRegexTypes {
		if t == a {
			ps.f.regexTyp = a
			return nil
		}
	}
	quoted := make([]string, len(findRegexTypes))
	for i, t := range findRegexTypes {
		quoted[i] = quote.Locale(t)
	}
	return &findErr{fmt.Sprintf("Unknown regular expression type %s; valid types are %s.", quote.Locale(a), strings.Join(quoted, ", "))}
}

// strArg reads a primary's one argument.
func (ps *fparser) strArg() (string, error) {
	a, ok := ps.next()
	if !ok {
		return "", findErrFindMissing
	}
	return a, nil
}

func fpName(ps *fparser, name string) error {
	pat, err := ps.strArg()
	if err != nil {
		return err
	}
	fold := name == "-iname"
	if strings.Contains(pat, "/") && ps.f.warn {
		ps.f.p.Errorf("warning: %s matches against basenames only, but the given pattern contains a directory separator (%s), thus the expression will evaluate to false all the time.  Did you mean %s?", name, quote.Locale("/"), "-wholename")
	}
	ps.primary(name, func(f *finder, e *fentry) bool { return fnmatch.Glob(pat, e.baseName(), fold, false) })
	return nil
}

func fpPath(ps *fparser, name string) error {
	pat, err := ps.strArg()
	if err != nil {
		return err
	}
	fold := name == "-ipath" || name == "-iwholename"
	ps.primary(name, func(f *finder, e *fentry) bool { return fnmatch.Glob(pat, e.path, fold, false) })
	return nil
}

func fpLname(ps *fparser, name string) error {
	pat, err := ps.strArg()
	if err != nil {
		return err
	}
	fold := name == "-ilname"
	ps.primary(name, func(f *finder, e *fentry) bool {
		if e.fileType() != fs.ModeSymlink {
			return false
		}
		t, err := f.p.FS.ReadlinkIfPossible(e.abs)
		return err == nil && fnmatch.Glob(pat, t, fold, false)
	})
	return nil
}

// findTypeLetters maps -type letters to file types.
var findTypeLetters = map[byte]fs.FileMode{
	'f': 0, 'd': fs.ModeDir, 'l': fs.ModeSymlink, 'p': fs.ModeNamedPipe,
	's': fs.ModeSocket, 'c': fs.ModeCharDevice | fs.ModeDevice, 'b': fs.ModeDevice,
}

func fpType(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	want, err := findTypeList(a, name)
	if err != nil {
		return err
	}
	if name == "-xtype" {
		ps.primary(name, func(f *finder, e *fentry) bool { return want[f.xtype(e)] })
	} else {
		ps.primary(name, func(f *finder, e *fentry) bool { return want[e.fileType()] })
	}
	return nil
}

// findTypeList parses "f,d,l" with GNU's messages.
func findTypeList(a, name string) (map[fs.FileMode]bool, error) {
	if a == "" {
		return nil, &findErr{fmt.Sprintf("Arguments to %s should contain at least one letter", name)}
	}
	want := map[fs.FileMode]bool{}
	for i := 0; i < len(a); i++ {
		t, ok := findTypeLetters[a[i]]
		if !ok {
			return nil, &findErr{fmt.Sprintf("Unknown argument to %s: %c", name, a[i])}
		}
		if want[t] {
			return nil, &findErr{fmt.Sprintf("Duplicate file type '%c' in the argument list to %s.", a[i], name)}
		}
		want[t] = true
		if i+1 < len(a) {
			if a[i+1] != ',' {
				return nil, &findErr{fmt.Sprintf("Must separate multiple arguments to %s using: ','", name)}
			}
			if i+2 == len(a) {
				return nil, &findErr{fmt.Sprintf("Last file type in list argument to %s is missing, i.e., list is ending on: ','", name)}
			}
			i++
		}
	}
	return want, nil
}

// findNumArg is a number with an optional + or - (more than, less than).
type findNumArg struct {
	cmp byte // '+', '-' or '='
	n   uint64
}

func fpNumArg(a string) (findNumArg, bool) {
	v := findNumArg{cmp: '='}
	if a != "" && (a[0] == '+' || a[0] == '-') {
		v.cmp, a = a[0], a[1:]
	}
	if a == "" || a[0] < '0' || a[0] > '9' {
		return v, false
	}
	n, err := strconv.ParseUint(a, 10, 64)
	v.n = n
	return v, err == nil
}

func (v findNumArg) match(x uint64) bool {
	switch v.cmp {
	case '+':
		return x > v.n
	case '-':
		return x < v.n
	}
	return x == v.n
}

func fpNumTest(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	v, ok := fpNumArg(a)
	if !ok {
		return findErrFindArg
	}
	get := map[string]func(f *finder, e *fentry) (uint64, bool){
		"-uid":   func(f *finder, e *fentry) (uint64, bool) { m, ok := f.meta(e); return uint64(m.Uid), ok },
		"-gid":   func(f *finder, e *fentry) (uint64, bool) { m, ok := f.meta(e); return uint64(m.Gid), ok },
		"-links": func(f *finder, e *fentry) (uint64, bool) { m, ok := f.meta(e); return m.Nlink, ok },
		"-inum":  func(f *finder, e *fentry) (uint64, bool) { m, ok := f.meta(e); return m.Ino, ok },
	}[name]
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		x, ok := get(f, e)
		return ok && v.match(x)
	})
	return nil
}

func fpSize(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	if a == "" {
		return &findErr{"invalid null argument to -size"}
	}
	unit := int64(512)
	num := a
	switch c := a[len(a)-1]; {
	case c >= '0' && c <= '9':
	case strings.IndexByte("bcwkMG", c) >= 0:
		unit = map[byte]int64{'b': 512, 'c': 1, 'w': 2, 'k': 1 << 10, 'M': 1 << 20, 'G': 1 << 30}[c]
		num = a[:len(a)-1]
	default:
		return &findErr{fmt.Sprintf("invalid -size type `%c'", c)}
	}
	v, ok := fpNumArg(num)
	if !ok {
		return &findErr{fmt.Sprintf("Invalid argument `%s' to -size", a)}
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		fi, ok := f.stat(e)
		if !ok {
			return false
		}
		size := fi.Size()
		units := size / unit
		if size%unit != 0 {
			units++
		}
		return v.match(uint64(units))
	})
	return nil
}

// refTime reads the file a -newer primary compares with.
func (ps *fparser) refInfo(name string) (fs.FileInfo, error) {
	a, err := ps.strArg()
	if err != nil {
		return nil, err
	}
	var fi fs.FileInfo
	if a == "" {
		err = fs.ErrNotExist
	} else if ps.f.follow == 'P' {
		fi, err = ps.f.p.Lstat(a)
	} else {
		fi, err = ps.f.p.Stat(a)
	}
	if err != nil {
		return nil, &findErr{fmt.Sprintf("%s: %s", quote.Locale(a), ErrText(err))}
	}
	return fi, nil
}

func fpSamefile(ps *fparser, name string) error {
	fi, err := ps.refInfo(name)
	if err != nil {
		return err
	}
	ref := findMetaOf(fi)
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		m, ok := f.meta(e)
		return ok && m.Ino == ref.Ino && m.Dev == ref.Dev
	})
	return nil
}

func fpAccess(bit fs.FileMode) func(ps *fparser, name string) error {
	return func(ps *fparser, name string) error {
		ps.statPrimary(name, func(f *finder, e *fentry) bool { return f.access(e, bit) })
		return nil
	}
}

func fpDelete(ps *fparser, name string) error {
	ps.f.depth, ps.f.deletes = true, true
	ps.primary(name, (*finder).delete)
	return nil
}
