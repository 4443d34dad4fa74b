package builtins

// sync - synchronize cached writes to persistent storage
//
//	sync [OPTION] [FILE]...
//
// Options: -d/--data, -f/--file-system. A no-op that checks its FILEs
// exist: the workspace's writes reach the operating system when each
// file is closed, and flushing the host's disks is not a workspace's
// business.

import "github.com/shellfence/shellfence/builtins/internal/quote"

func syncCmd(p *Proc) int {
	var data, fsys bool
	flags := p.newOpts(1)
	flags.Flag('d', "data", &data)
	flags.Flag('f', "file-system", &fsys)
	addToolInfo(flags, "sync")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if data && fsys {
		p.Errorf("cannot specify both --data and --file-system")
		return 1
	}
	if data && len(files) == 0 {
		p.Errorf("--data needs at least one argument")
		return 1
	}
	status := 0
	for _, f := range files {
		if _, err := p.Stat(f); err != nil {
			p.Errorf("error opening %s: %s", quote.ShellAlways(f), ErrText(err))
			status = 1
		}
	}
	return status
}
