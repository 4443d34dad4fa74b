package builtins

// dirname - strip the last component from file names
//
//	dirname [OPTION] NAME...
//
// Options: -z (--zero).

import "fmt"

func dirname(p *Proc) int {
	var zero bool
	flags := p.newOpts(1)
	flags.Flag('z', "zero", &zero)
	addToolInfo(flags, "dirname")
	names, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(names) == 0 {
		return p.usageErr("missing operand")
	}
	end := "\n"
	if zero {
		end = "\x00"
	}
	for _, n := range names {
		fmt.Fprint(p.Stdout, dirName(n), end)
	}
	return 0
}
