package builtins

// tr - translate, squeeze and/or delete characters
//
//	tr [OPTION]... STRING1 [STRING2]
//
// Options: -c, -C (--complement), -d (--delete), -s (--squeeze-repeats),
// -t (--truncate-set1), and GNU's undocumented -A. Sets take the escapes
// \NNN \\ \a \b \f \n \r \t \v, ranges a-z, [:class:] for the twelve
// POSIX classes, [=c=], [c*n] and [c*]. Options end at the first operand,
// as in GNU. Like GNU tr 9.1, tr works on bytes: a multibyte character is
// several characters, and classes hold ASCII only (C.UTF-8).

import (
	"bufio"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// trRun holds one run of tr.
type trRun struct {
	complement, del, squeeze, truncate, translating bool

	s1, s2 *trSet
	xlate  [256]byte
	delSet *[256]bool
	sqSet  *[256]bool
}

func tr(p *Proc) int {
	t := &trRun{}
	flags := p.newOpts(1)
	flags.StopAtOperand = true
	flags.Flag('c', "complement", &t.complement)
	flags.Alias('C', 'c')
	flags.Flag('d', "delete", &t.del)
	flags.Flag('s', "squeeze-repeats", &t.squeeze)
	flags.Flag('t', "truncate-set1", &t.truncate)
	flags.Func('A', "", func() {})
	addToolInfo(flags, "tr")
	args, err := flags.Parse(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	if err := t.checkOperands(p, args); err != nil {
		return p.usage(err, 1)
	}
	if err := t.parse(p, args); err != nil {
		p.Errorf("%s", err.Error())
		return 1
	}
	t.prepare()
	if err := t.filter(p); err != nil {
		if we, ok := err.(writeErr); ok {
			return p.WriteFailed(we.error)
		}
		if err == errStopped {
			return 130
		}
		p.Errorf("read error: %s", ErrText(err))
		return 1
	}
	return 0
}

// checkOperands applies GNU's rules on how many sets each mode takes.
func (t *trRun) checkOperands(p *Proc, args []string) error {
	n := len(args)
	t.translating = n == 2 && !t.del
	minOps, maxOps := 1, 1
	if t.del == t.squeeze {
		minOps = 2
	}
	if !t.del || t.squeeze {
		maxOps = 2
	}
	switch {
	case n == 0:
		return p.tryHelp("missing operand")
	case n < minOps:
		why := "Two strings must be given when translating."
		if t.squeeze {
			why = "Two strings must be given when both deleting and squeezing repeats."
		}
		return p.tryHelp("missing operand after " + quote.Locale(args[n-1]) + "\n" + why)
	case n > maxOps:
		msg := "extra operand " + quote.Locale(args[maxOps])
		if n == 2 {
			msg += "\nOnly one string may be given when deleting without squeezing repeats."
		}
		return p.tryHelp(msg)
	}
	return nil
}

// parse parses and validates the sets.
func (t *trRun) parse(p *Proc, args []string) error {
	warn := func(msg string) { p.Errorf("%s", msg) }
	var err error
	if t.s1, err = parseTrSet(args[0], warn); err != nil {
		return err
	}
	if len(args) == 2 {
		if t.s2, err = parseTrSet(args[1], warn); err != nil {
			return err
		}
	}
	return t.validate()
}

// prepare builds the translation table and the delete and squeeze sets.
func (t *trRun) prepare() {
	for i := range t.xlate {
		t.xlate[i] = byte(i)
	}
	switch {
	case t.squeeze && t.s2 == nil:
		t.sqSet = t.s1.members(t.complement)
	case t.del && t.s2 == nil:
		t.delSet = t.s1.members(t.complement)
	case t.del:
		t.delSet = t.s1.members(t.complement)
		t.sqSet = t.s2.members(false)
	default:
		t.buildXlate()
		if t.squeeze {
			t.sqSet = t.s2.members(false)
		}
	}
}

func (t *trRun) buildXlate() {
	s1, s2 := t.s1, t.s2
	if t.complement {
		in := s1.members(false)
		s2.reset()
		for i := 0; i < 256; i++ {
			if !in[i] {
				c, _ := s2.next()
				if c < 0 {
					break
				}
				t.xlate[i] = byte(c)
			}
		}
		return
	}
	s1.reset()
	s2.reset()
	for {
		c1, cl1 := s1.next()
		c2, cl2 := s2.next()
		switch {
		case cl1 == ulLower && cl2 == ulUpper:
			for c := 'a'; c <= 'z'; c++ {
				t.xlate[c] = byte(c - 'a' + 'A')
			}
		case cl1 == ulUpper && cl2 == ulLower:
			for c := 'A'; c <= 'Z'; c++ {
				t.xlate[c] = byte(c - 'A' + 'a')
			}
		case c1 < 0 || c2 < 0:
			return
		default:
			t.xlate[c1] = byte(c2)
		}
		if cl2 != ulNone {
			s1.skip()
			s2.skip()
		}
	}
}

// filter copies standard input to standard output through the tables.
func (t *trRun) filter(p *Proc) error {
	in := bufio.NewReaderSize(p.Stdin, 64<<10)
	buf := make([]byte, 64<<10)
	out := make([]byte, 0, 64<<10)
	last := -1 // the last byte written, for squeezing
	for {
		if p.Cancelled() {
			return errStopped
		}
		n, rerr := in.Read(buf)
		out = t.apply(out[:0], buf[:n], &last)
		if len(out) > 0 {
			if _, err := p.Stdout.Write(out); err != nil {
				return writeErr{err}
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// apply deletes, translates and squeezes one block.
func (t *trRun) apply(out, in []byte, last *int) []byte {
	switch {
	case t.delSet == nil && t.sqSet == nil:
		out = out[:len(in)]
		for i, c := range in {
			out[i] = t.xlate[c]
		}
		return out
	case t.sqSet == nil && !t.translating:
		out = out[:len(in)]
		n := 0
		for _, c := range in {
			out[n] = c
			if !t.delSet[c] {
				n++
			}
		}
		return out[:n]
	}
	for _, c := range in {
		if t.delSet != nil && t.delSet[c] {
			continue
		}
		c = t.xlate[c]
		if t.sqSet != nil && t.sqSet[c] && *last == int(c) {
			continue
		}
		*last = int(c)
		out = append(out, c)
	}
	return out
}
