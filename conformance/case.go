// Package conformance holds the corpus that proves shellfence's commands
// behave like bash with the GNU tools, and the harness that runs it.
//
// Each testdata/*.txtar archive seeds a workspace with its leading
// sections and then lists cases. A case starts with a section named
// "cmd NAME [FLAG...]" whose body is the command line, followed by its
// expectations: "stdout", "stderr" (omitted when empty), "status" (omitted
// when 0) and "tree" (the resulting workspace, omitted when unchanged).
// Expectations are recorded from the GNU tools with go test -update and
// checked against them again with -confirm; see README in this directory.
package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"
)

// Case is one command line and what GNU does with it.
type Case struct {
	Archive string // archive name without .txtar
	Name    string
	Flags   []string
	Cmd     string
	Want    Outcome
}

// ID names the case in messages and in DIFFERENCES.md.
func (c *Case) ID() string { return c.Archive + "/" + c.Name }

// Has reports whether the case carries flag.
func (c *Case) Has(flag string) bool {
	for _, f := range c.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// Outcome is what a run produced.
type Outcome struct {
	Stdout string
	Stderr string
	Status int
	Tree   string // "" when the workspace is unchanged
}

// Known case flags.
var knownFlags = map[string]string{
	"unordered": "compare stdout lines as a set outside -confirm (output order follows the filesystem's directory order)",
	"nostderr":  "do not compare standard error (the message differs for a documented reason)",
}

// Suite is one archive: seed files and cases.
type Suite struct {
	Name    string
	Comment string
	Seed    []txtar.File
	Cases   []*Case
}

// ParseSuite reads an archive.
func ParseSuite(name string, data []byte) (*Suite, error) {
	ar := txtar.Parse(data)
	s := &Suite{Name: name, Comment: string(ar.Comment)}
	var cur *Case
	for _, f := range ar.Files {
		fields := strings.Fields(f.Name)
		switch {
		case len(fields) > 0 && fields[0] == "cmd":
			cur = &Case{Archive: name, Cmd: strings.TrimSuffix(string(f.Data), "\n")}
			cur.Name = fmt.Sprintf("%d", len(s.Cases)+1)
			if len(fields) > 1 {
				cur.Name = fields[1]
			}
			cur.Flags = fields[min(2, len(fields)):]
			for _, fl := range cur.Flags {
				if _, ok := knownFlags[fl]; !ok {
					return nil, fmt.Errorf("%s: case %s: unknown flag %q", name, cur.Name, fl)
				}
			}
			s.Cases = append(s.Cases, cur)
		case cur == nil:
			s.Seed = append(s.Seed, f)
		default:
			if err := cur.setExpect(f); err != nil {
				return nil, fmt.Errorf("%s: case %s: %v", name, cur.Name, err)
			}
		}
	}
	return s, s.checkNames()
}

func (s *Suite) checkNames() error {
	seen := map[string]bool{}
	for _, c := range s.Cases {
		if seen[c.Name] {
			return fmt.Errorf("%s: two cases named %q", s.Name, c.Name)
		}
		seen[c.Name] = true
	}
	return nil
}

func (c *Case) setExpect(f txtar.File) error {
	data := string(f.Data)
	name, noeol := strings.CutSuffix(f.Name, " noeol")
	if noeol {
		data = strings.TrimSuffix(data, "\n")
	}
	switch name {
	case "stdout":
		c.Want.Stdout = data
	case "stderr":
		c.Want.Stderr = data
	case "status":
		n, err := strconv.Atoi(strings.TrimSpace(data))
		if err != nil {
			return fmt.Errorf("bad status %q", data)
		}
		c.Want.Status = n
	case "tree":
		c.Want.Tree = data
	default:
		return fmt.Errorf("unexpected section %q after a cmd (seed files go before the first cmd)", f.Name)
	}
	return nil
}

// Format writes the suite back as an archive, with each case's
// expectations replaced by got.
func (s *Suite) Format(got map[*Case]Outcome) []byte {
	ar := &txtar.Archive{Comment: []byte(s.Comment), Files: s.Seed}
	for _, c := range s.Cases {
		o, ok := got[c]
		if !ok {
			o = c.Want
		}
		ar.Files = append(ar.Files, c.sections(o)...)
	}
	return txtar.Format(ar)
}

func (c *Case) sections(o Outcome) []txtar.File {
	head := strings.TrimSpace("cmd " + c.Name + " " + strings.Join(c.Flags, " "))
	files := []txtar.File{
		{Name: head, Data: []byte(c.Cmd + "\n")},
		output("stdout", o.Stdout),
	}
	if o.Stderr != "" {
		files = append(files, output("stderr", o.Stderr))
	}
	if o.Status != 0 {
		files = append(files, txtar.File{Name: "status", Data: []byte(strconv.Itoa(o.Status) + "\n")})
	}
	if o.Tree != "" {
		files = append(files, txtar.File{Name: "tree", Data: []byte(o.Tree)})
	}
	return files
}

// output makes an output section; text without a final newline is marked
// "noeol", since an archive section always ends with one.
func output(name, text string) txtar.File {
	if text != "" && !strings.HasSuffix(text, "\n") {
		return txtar.File{Name: name + " noeol", Data: []byte(text + "\n")}
	}
	return txtar.File{Name: name, Data: []byte(text)}
}
