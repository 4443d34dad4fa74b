package edit

import (
	"fmt"
	"strings"
)

// Compiler turns sed scripts into a [Program]. Scripts are added in
// command-line order; as in GNU sed, options given between them (-E,
// --posix, --sandbox) apply to the scripts added after they are set.
// Blocks, a/i/c text and labels may span scripts ("-e 'a\' -e text").
type Compiler struct {
	Extended bool // -E: extended regular expressions
	Posix    bool // --posix: no GNU extensions
	Sandbox  bool // --sandbox: refuse e, r, w
	Debug    bool // --debug
	// NullData (-z) makes later M flags leave ^ and $ at the ends of the
	// buffer: GNU anchors at newlines only when lines end in newlines.
	NullData bool

	files   FS
	prog    *Program
	src     *scanner
	exprs   int  // -e expressions seen
	started bool // a script has been compiled (for #n)
	pending *pendingText
	blocks  []blockStart
	labels  []label
	jumps   []label
}

type blockStart struct {
	idx   int
	where string
}

type label struct {
	name string
	idx  int
}

// pendingText is an a, i, c or e text still being read: a script that
// ended in a backslash continues with the next one.
type pendingText struct {
	cmd *command
	buf []byte
}

// NewCompiler returns a compiler whose w files and R files are opened
// through files (which may be nil when the scripts cannot name files).
func NewCompiler(files FS) *Compiler {
	return &Compiler{files: files, prog: &Program{writes: map[string]*output{}, reads: map[string]*readFile{}}}
}

// AddExpression compiles a script given with -e (or as the first operand).
func (c *Compiler) AddExpression(script string) error {
	c.exprs++
	c.src = &scanner{data: []byte(script), expr: c.exprs}
	return c.run()
}

// AddFile compiles the contents of a script file given with -f.
func (c *Compiler) AddFile(name string, data []byte) error {
	c.src = &scanner{data: data, file: name, line: 1}
	return c.run()
}

func (c *Compiler) run() error {
	err := c.compile()
	c.started = true
	c.prog.where = c.src.where(true)
	return err
}

// Finish checks the whole program (blocks closed, labels defined) and
// returns it.
func (c *Compiler) Finish() (*Program, error) {
	if len(c.blocks) > 0 {
		return nil, &ScriptError{Where: c.blocks[len(c.blocks)-1].where, Msg: errOpenBrace}
	}
	if c.pending != nil {
		if len(c.pending.buf) > 0 {
			c.pending.cmd.text = c.pending.buf
		}
		c.pending = nil
	}
	for _, j := range c.jumps {
		target := -1
		for i := len(c.labels) - 1; i >= 0; i-- {
			if c.labels[i].name == j.name {
				target = c.labels[i].idx
				break
			}
		}
		if target < 0 {
			if j.name != "" {
				return nil, fatalf("can't find label for jump to `%s'", j.name)
			}
			target = len(c.prog.cmds)
		}
		c.prog.cmds[j.idx].jump = target
	}
	c.prog.debug = c.Debug
	return c.prog, nil
}

func (c *Compiler) fail(msg string) error {
	return &ScriptError{Where: c.src.where(false), Msg: msg}
}

func (c *Compiler) failf(format string, args ...any) error {
	return c.fail(fmt.Sprintf(format, args...))
}

// compile reads commands until the end of the current script.
func (c *Compiler) compile() error {
	if c.pending != nil {
		if err := c.readText(nil, '\n'); err != nil {
			return err
		}
	}
	for {
		ch := c.src.get()
		for ch == ';' || isSpace(ch) {
			ch = c.src.get()
		}
		if ch == eof {
			break
		}
		cmd := &command{num: -1}
		var err error
		if ch, err = c.addresses(cmd, ch); err != nil {
			return err
		}
		if ch == '!' {
			cmd.bang = true
			ch = c.src.nonblank()
			if ch == '!' {
				return c.fail(errBadBang)
			}
		}
		if err := c.posixCheck(cmd, ch); err != nil {
			return err
		}
		keep, err := c.command(cmd, ch)
		if err != nil {
			return err
		}
		if keep {
			c.prog.cmds = append(c.prog.cmds, cmd)
		}
	}
	if c.Posix && c.pending != nil {
		return c.fail(errIncomplete)
	}
	return nil
}

// addresses reads the addresses of a command starting at ch and returns
// the character after them.
func (c *Compiler) addresses(cmd *command, ch int) (int, error) {
	a, ok, err := c.address(ch)
	if err != nil || !ok {
		return ch, err
	}
	if a.kind == addrPlus || a.kind == addrMult {
		return 0, c.fail(errBadStep)
	}
	cmd.a1 = a
	ch = c.src.nonblank()
	if ch == ',' {
		a2, ok, err := c.address(c.src.nonblank())
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, c.fail(errBadComma)
		}
		cmd.a2 = a2
		ch = c.src.nonblank()
	}
	if cmd.a1.kind == addrLine && cmd.a1.line == 0 &&
		(cmd.a2 == nil && ch != 'r' || cmd.a2 != nil && cmd.a2.kind != addrRegex || c.Posix) {
		return 0, c.fail(errLine0)
	}
	return ch, nil
}

// posixCheck refuses GNU commands in --posix mode.
func (c *Compiler) posixCheck(cmd *command, ch int) error {
	if !c.Posix {
		return nil
	}
	switch ch {
	case 'e', 'F', 'v', 'z', 'L', 'Q', 'T', 'R', 'W':
		return c.failf(errUnknownCmd, ch)
	case 'a', 'i', 'l', '=', 'r':
		if cmd.a2 != nil {
			return c.fail(errOneAddr)
		}
	}
	return nil
}

// command reads the command ch and its arguments into cmd. It reports
// whether cmd is kept in the program (comments and v are not).
func (c *Compiler) command(cmd *command, ch int) (bool, error) {
	if ch >= 0 {
		cmd.name = byte(ch)
	}
	switch ch {
	case '#':
		return false, c.comment(cmd)
	case 'v':
		return false, c.version()
	case '{':
		c.blocks = append(c.blocks, blockStart{idx: len(c.prog.cmds), where: c.src.where(true)})
	case '}':
		return true, c.closeBrace(cmd)
	case 'e':
		if c.Sandbox {
			return false, c.fail(errSandbox)
		}
		ch = c.src.nonblank()
		if ch == eof || ch == '\n' {
			return true, nil
		}
		return true, c.textArg(cmd, ch)
	case 'a', 'i', 'c':
		return true, c.textArg(cmd, c.src.nonblank())
	case ':':
		if cmd.a1 != nil {
			return false, c.fail(errColonAddr)
		}
		name := c.readLabel()
		if name == "" {
			return false, c.fail(errNoLabel)
		}
		c.labels = append(c.labels, label{name: name, idx: len(c.prog.cmds)})
		cmd.label = name
	case 'T', 'b', 't':
		cmd.label = c.readLabel()
		c.jumps = append(c.jumps, label{name: cmd.label, idx: len(c.prog.cmds)})
	case 'Q', 'q':
		if cmd.a2 != nil {
			return false, c.fail(errOneAddr)
		}
		return true, c.intArg(cmd)
	case 'L', 'l':
		return true, c.intArg(cmd)
	case '=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x':
		return true, c.endOfCmd()
	case 'r':
		return true, c.readCmd(cmd)
	case 'R':
		f, err := c.openRead()
		cmd.in = f
		return true, err
	case 'W', 'w':
		o, err := c.openWrite()
		cmd.out = o
		return true, err
	case 's':
		return true, c.substCmd(cmd)
	case 'y':
		return true, c.translitCmd(cmd)
	case eof:
		return false, c.fail(errNoCommand)
	default:
		return false, c.failf(errUnknownCmd, ch)
	}
	return true, nil
}

func (c *Compiler) comment(cmd *command) error {
	if cmd.a1 != nil {
		return c.fail(errSharpAddr)
	}
	ch := c.src.get()
	// GNU checks the position with ftell, which fails on a pipe: a script
	// read from standard input never sets #n.
	piped := c.src.file == "-" || c.src.file == "/dev/stdin"
	if ch == 'n' && !c.started && c.src.line < 2 && c.src.pos == 2 && !piped {
		c.prog.quiet = true
	}
	for ch != eof && ch != '\n' {
		ch = c.src.get()
	}
	return nil
}

// version is the v command: fail when the script wants a newer sed.
func (c *Compiler) version() error {
	v := c.readLabel()
	if v == "" {
		v = "4.0"
	}
	if verCmp(v, "4.9") > 0 {
		return c.fail(errVersion)
	}
	c.Posix = false
	return nil
}

func (c *Compiler) closeBrace(cmd *command) error {
	if len(c.blocks) == 0 {
		return c.fail(errCloseBrace)
	}
	if cmd.a1 != nil {
		return c.fail(errBraceAddr)
	}
	if err := c.endOfCmd(); err != nil {
		return err
	}
	open := c.blocks[len(c.blocks)-1]
	c.blocks = c.blocks[:len(c.blocks)-1]
	c.prog.cmds[open.idx].jump = len(c.prog.cmds)
	return nil
}

// textArg reads the text of a, i, c or e, starting at ch (the first
// non-blank after the command).
func (c *Compiler) textArg(cmd *command, ch int) error {
	if ch == eof {
		return c.fail(errExpectedSlash)
	}
	if ch == '\\' {
		ch = c.src.get()
	} else {
		if c.Posix {
			return c.fail(errExpectedSlash)
		}
		c.src.unget(ch)
		ch = '\n'
	}
	return c.readText(cmd, ch)
}

// intArg reads the optional number of q, Q, l and L.
func (c *Compiler) intArg(cmd *command) error {
	ch := c.src.nonblank()
	if isDigit(ch) && !c.Posix {
		cmd.num = c.src.integer(ch)
	} else {
		c.src.unget(ch)
	}
	return c.endOfCmd()
}

// endOfCmd accepts what may follow a command: a comment, a closing brace,
// a newline, a semicolon or the end.
func (c *Compiler) endOfCmd() error {
	ch := c.src.nonblank()
	switch ch {
	case '}', '#':
		c.src.unget(ch)
	case eof, '\n', ';':
	default:
		return c.fail(errJunk)
	}
	return nil
}

func (c *Compiler) readCmd(cmd *command) error {
	name, err := c.filename()
	if err != nil {
		return err
	}
	if name == "" {
		return c.fail(errNoFilename)
	}
	cmd.fname = name
	if cmd.a1 != nil && cmd.a1.kind == addrLine && cmd.a1.line == 0 && cmd.a2 == nil {
		cmd.a1.line = 1
		cmd.prepend = true
	}
	return nil
}

// verCmp compares version strings the way strverscmp does for the
// simple dotted numbers sed scripts use.
func verCmp(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y string
		if i < len(as) {
			x = as[i]
		}
		if i < len(bs) {
			y = bs[i]
		}
		x, y = strings.TrimLeft(x, "0"), strings.TrimLeft(y, "0")
		switch {
		case len(x) != len(y):
			return len(x) - len(y)
		case x != y:
			return strings.Compare(x, y)
		}
	}
	return 0
}
