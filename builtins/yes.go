package builtins

// yes - output a string repeatedly until killed
//
//	yes [STRING]...
//
// Prints the STRINGs separated by spaces (default "y"), one line after
// another, in large blocks. It stops when the reader goes away (yes |
// head -1) or the run is cancelled.

import "strings"

func yes(p *Proc) int {
	flags := p.newOpts(1)
	addToolInfo(flags, "yes")
	args, err := flags.Parse(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	line := "y\n"
	if len(args) > 0 {
		line = strings.Join(args, " ") + "\n"
	}
	n := max(1, (64<<10)/len(line))
	block := []byte(strings.Repeat(line, n))
	for !p.Cancelled() {
		if _, err := p.Stdout.Write(block); err != nil {
			return p.WriteFailed(err)
		}
	}
	return 130
}
