package edit

import (
	"github.com/shellfence/shellfence/edit/regex"
)

// Program is a compiled sed script, ready to run with [Program.Run].
type Program struct {
	cmds []*command
	// quiet is set by a "#n" first line (GNU: like -n).
	quiet bool
	// where names the last script compiled, for errors found while
	// running ("-e expression #1, char 0").
	where string
	// writes holds the files of w, W and s///w by name; reads those of R.
	writes map[string]*output
	reads  map[string]*readFile
	// order keeps the w files in the order they were opened, to close
	// them in order.
	order []*output
	debug bool
}

// Quiet reports whether the script began with "#n" (same as -n).
func (p *Program) Quiet() bool { return p.quiet }

type addrKind uint8

const (
	addrNull    addrKind = iota // +0 or ~0 as second address: ends the range at once
	addrRegex                   // /re/ or \%re%
	addrLine                    // N
	addrLineMod                 // first~step
	addrPlus                    // +N (second address only)
	addrMult                    // ~N (second address only)
	addrLast                    // $
)

type address struct {
	kind addrKind
	line int64 // the line for addrLine and addrLineMod; the end for addrPlus and addrMult once a range starts
	step int64
	re   *regex.Regexp // nil for the empty regex: the last one used
	lit  []byte        // the text re matches, when it is plain ASCII text
	lits [][]byte      // for lit.*lit patterns: the texts, in order
	// flags and text for --debug
	src   string
	flags string
}

type rangeState uint8

const (
	rangeInactive rangeState = iota
	rangeActive
	rangeClosed
)

type command struct {
	a1, a2 *address
	bang   bool
	state  rangeState
	name   byte

	text    []byte // a, i, c, e: the text with its final newline; nil when none
	label   string // b, t, T, :
	jump    int    // b, t, T, {: where to go
	num     int64  // q, Q, l, L: the number, or -1
	fname   string // r
	prepend bool   // 0r: insert the file before the first line
	out     *output
	in      *readFile
	sub     *subst
	y       *translit
}

// subst is an s command.
type subst struct {
	re     *regex.Regexp // nil: the last regex used
	lit    []byte        // the text re matches, when it is plain ASCII text
	repl   []replPart
	maxRef int
	global bool
	print  int // 1: p before e, 2: p after e
	eval   bool
	numb   int64
	out    *output
	// for --debug
	src, replSrc, flags string
}

// caseType is how a piece of replacement text is converted (\U, \L, \u,
// \l, \E).
type caseType uint8

const (
	caseAsIs       caseType = 0
	caseUpper      caseType = 1
	caseLower      caseType = 2
	caseUpperFirst caseType = 4
	caseLowerFirst caseType = 8
	caseFirst               = caseUpperFirst | caseLowerFirst
)

// replPart is literal text followed by a group reference, both converted
// by typ, as GNU's struct replacement.
type replPart struct {
	lit []byte
	ref int // -1 for none, 0 for &, 1-9 for \1-\9
	typ caseType
}

// translit is a y command: a byte table when both sides are single bytes,
// else a map of characters.
type translit struct {
	table *[256]byte
	multi map[string]string
	// for --debug
	src, dst []byte
}
