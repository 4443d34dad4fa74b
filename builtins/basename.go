package builtins

// basename - strip directory and suffix from file names
//
//	basename NAME [SUFFIX]
//	basename OPTION... NAME...
//
// Options: -a (--multiple), -s SUFFIX (--suffix, implies -a),
// -z (--zero).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func basename(p *Proc) int {
	var multiple, zero bool
	var suffix string
	flags := p.newOpts(1)
	flags.Flag('a', "multiple", &multiple)
	flags.Value('s', "suffix", func(_, v string) error { suffix, multiple = v, true; return nil })
	flags.Flag('z', "zero", &zero)
	addToolInfo(flags, "basename")
	names, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(names) == 0 {
		return p.usageErr("missing operand")
	}
	if !multiple {
		if len(names) > 2 {
			return p.usageErr("extra operand %s", quote.Locale(names[2]))
		}
		if len(names) == 2 {
			suffix, names = names[1], names[:1]
		}
	}
	end := "\n"
	if zero {
		end = "\x00"
	}
	for _, n := range names {
		fmt.Fprint(p.Stdout, stripSuffix(baseName(n), suffix), end)
	}
	return 0
}

// stripSuffix removes suffix from a base name unless it is the whole name
// or the name is the root.
func stripSuffix(name, suffix string) string {
	if suffix == "" || name == "" || name[0] == '/' {
		return name
	}
	if len(name) > len(suffix) && name[len(name)-len(suffix):] == suffix {
		return name[:len(name)-len(suffix)]
	}
	return name
}
