package builtins

// id - print the user and group ids of the server
//
//	id [-u | -g | -G] [-n] [-r] [-z]
//
// Only the user the server runs as is known (from [System.Host]): a user
// name operand that is not that user is "no such user".

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func id(p *Proc) int {
	var user, group, groups, names, real, zero bool
	o := p.newOpts(1)
	addToolInfo(o, "id")
	o.Flag('u', "user", &user)
	o.Flag('g', "group", &group)
	o.Flag('G', "groups", &groups)
	o.Flag('n', "name", &names)
	o.Flag('r', "real", &real)
	o.Flag('z', "zero", &zero)
	args, err := o.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	h, ok := p.host()
	if !ok {
		return 1
	}
	u, err := h.User()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	if !user && !group && !groups && (names || real) {
		p.Errorf("cannot print only names or real IDs in default format")
		return 1
	}
	if len(args) == 0 {
		p.printID(u, user, group, groups, names, zero)
		return 0
	}
	status := 0
	for _, a := range args {
		if a != u.Name && a != strconv.Itoa(u.UID) {
			p.Errorf("%s: no such user", quote.Locale(a))
			status = 1
			continue
		}
		p.printID(u, user, group, groups, names, zero)
	}
	return status
}

// printID prints one user's line in the form the options ask for.
func (p *Proc) printID(u HostUser, user, group, groups, names, zero bool) {
	end := "\n"
	if zero {
		end = "\x00"
	}
	switch {
	case user:
		fmt.Fprint(p.Stdout, pick(names, u.Name, u.UID)+end)
	case group:
		fmt.Fprint(p.Stdout, pick(names, u.Group, u.GID)+end)
	case groups:
		var out []string
		for i, g := range u.Groups {
			out = append(out, pick(names, u.GroupNames[i], g))
		}
		sep := " "
		if zero {
			sep = "\x00"
		}
		fmt.Fprint(p.Stdout, strings.Join(out, sep)+end)
	default:
		fmt.Fprint(p.Stdout, idLine(u)+"\n")
	}
}

// pick is the name when asked for and known, else the number.
func pick(name bool, s string, n int) string {
	if name && s != "" {
		return s
	}
	return strconv.Itoa(n)
}

// idLine is id's default line: uid=0(root) gid=0(root) groups=0(root).
func idLine(u HostUser) string {
	named := func(n int, s string) string {
		if s == "" {
			return strconv.Itoa(n)
		}
		return strconv.Itoa(n) + "(" + s + ")"
	}
	var gs []string
	for i, g := range u.Groups {
		gs = append(gs, named(g, u.GroupNames[i]))
	}
	return "uid=" + named(u.UID, u.Name) + " gid=" + named(u.GID, u.Group) + " groups=" + strings.Join(gs, ",")
}
