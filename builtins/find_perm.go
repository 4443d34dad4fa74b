package builtins

// -perm: octal or symbolic modes (as chmod reads them, without umask;
// modes.go), exact (MODE), all bits (-MODE) or any bit (/MODE).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func fpPerm(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	kind, start := byte('='), 0
	switch {
	case a == "":
	case a[0] == '-' || a[0] == '/':
		kind, start = a[0], 1
	case a[0] == '+':
		if _, ok := modes.Compile(a); !ok {
			kind, start = '/', 1
		}
	}
	changes, ok := modes.Compile(a[start:])
	if !ok {
		return &findErr{fmt.Sprintf("invalid mode %s", quote.Locale(a))}
	}
	fileMode, _ := modes.Adjust(0, false, 0, changes)
	dirMode, _ := modes.Adjust(0, true, 0, changes)
	val := [2]uint32{fileMode, dirMode}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		fi, ok := f.stat(e)
		if !ok {
			return false
		}
		mode := modes.Bits(fi.Mode())
		want := val[0]
		if fi.IsDir() {
			want = val[1]
		}
		switch kind {
		case '-':
			return mode&want == want
		case '/':
			return want == 0 || mode&want != 0
		}
		return mode == want
	})
	return nil
}
