package builtins

// printenv - print all or part of the environment
//
//	printenv [OPTION]... [VARIABLE]...
//
// Options: -0/--null. With no VARIABLE, prints the run's exported
// environment (never the host's); otherwise the value of each VARIABLE.
// Exit status 1 when a VARIABLE is not set, 2 for a bad option.

import "strings"

func printenv(p *Proc) int {
	var null bool
	flags := p.newOpts(2)
	flags.Flag('0', "null", &null)
	addToolInfo(flags, "printenv")
	names, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 2)
	}
	end := "\n"
	if null {
		end = "\x00"
	}
	if len(names) == 0 {
		for _, kv := range p.Env {
			p.printf("%s%s", kv, end)
		}
		return 0
	}
	status := 0
	for _, name := range names {
		v, ok := p.LookupEnv(name)
		if !ok || strings.Contains(name, "=") {
			status = 1
			continue
		}
		p.printf("%s%s", v, end)
	}
	return status
}
