package builtins

// ls: --color. GNU colors only when LS_COLORS is set, or COLORTERM is, or
// TERM names a terminal its database knows; otherwise --color=always
// prints plain names. Colors come from LS_COLORS (two-letter types and
// *suffix entries) over GNU's built-in defaults.

import (
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// lsColors is the color table of a run.
type lsColors struct {
	ind      map[string]string // "di" -> "01;34"; "" or absent means none
	exts     []lsColorExt      // later entries first
	referent bool              // ln=target: color links as what they point to
	used     bool
	bad      []string // unknown two-letter types
}

type lsColorExt struct{ ext, seq string }

// lsDefaultColors are GNU's built-in indicator colors.
var lsDefaultColors = map[string]string{
	"lc": "\033[", "rc": "m", "rs": "0", "di": "01;34", "ln": "01;36", "pi": "33",
	"so": "01;35", "bd": "01;33", "cd": "01;33", "ex": "01;32", "do": "01;35",
	"su": "37;41", "sg": "30;43", "st": "37;44", "ow": "34;42", "tw": "30;42",
	"ca": "30;41", "cl": "\033[K",
}

// lsKnownTerms are the TERM patterns of GNU's dircolors database.
var lsKnownTerms = []string{
	"Eterm", "alacritty*", "ansi", "*color*", "con[0-9]*x[0-9]*", "cons25", "console",
	"cygwin", "*direct*", "dtterm", "gnome", "hurd", "jfbterm", "konsole", "kterm",
	"linux", "linux-c", "mlterm", "putty", "rxvt*", "screen*", "st", "terminator",
	"tmux*", "vt100", "xterm*",
}

// lsColorSetup decides whether colors apply and loads them.
func lsColorSetup(p *Proc) *lsColors {
	c := &lsColors{ind: map[string]string{}}
	for k, v := range lsDefaultColors {
		c.ind[k] = v
	}
	spec := p.Getenv("LS_COLORS")
	if spec == "" {
		if p.Getenv("COLORTERM") != "" || lsKnownTerm(p.Getenv("TERM")) {
			return c
		}
		return nil
	}
	ok := c.parse(spec)
	for _, k := range c.bad {
		p.Errorf("unrecognized prefix: %s", quote.Locale(k))
	}
	if !ok {
		p.Errorf("unparsable value for LS_COLORS environment variable")
		return nil
	}
	return c
}

func lsKnownTerm(term string) bool {
	if term == "" {
		return false
	}
	for _, pat := range lsKnownTerms {
		if fnmatch.Match(pat, term, 0) {
			return true
		}
	}
	return false
}

// parse reads LS_COLORS entries: "xx=seq" and "*suffix=seq", separated
// by ':'.
func (c *lsColors) parse(spec string) bool {
	for spec != "" {
		entry, rest, _ := strings.Cut(spec, ":")
		spec = rest
		if entry == "" {
			continue
		}
		key, val, ok := strings.Cut(entry, "=")
		if !ok {
			return false
		}
		seq, ok := lsFunkyString(val)
		if !ok {
			return false
		}
		switch {
		case strings.HasPrefix(key, "*"):
			ext, ok := lsFunkyString(key[1:])
			if !ok {
				return false
			}
			c.exts = append([]lsColorExt{{ext, seq}}, c.exts...)
		case len(key) == 2:
			if _, known := lsIndicatorNames[key]; !known {
				c.bad = append(c.bad, key)
				return false
			}
			c.ind[key] = seq
		default:
			return false
		}
	}
	c.referent = c.ind["ln"] == "target"
	return true
}

// lsIndicatorNames are the two-letter types LS_COLORS may set.
var lsIndicatorNames = map[string]bool{
	"lc": true, "rc": true, "ec": true, "rs": true, "no": true, "fi": true, "di": true,
	"ln": true, "pi": true, "so": true, "bd": true, "cd": true, "mi": true, "or": true,
	"ex": true, "do": true, "su": true, "sg": true, "st": true, "ow": true, "tw": true,
	"ca": true, "mh": true, "cl": true,
}

// lsFunkyString decodes LS_COLORS escapes: \a \b \e \f \n \r \t \v \?
// \_ \ooo \xhh, ^X and ^?.
func lsFunkyString(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			i++
			if i >= len(s) {
				return "", false
			}
			n := lsBackslash(&b, s[i:])
			i += n - 1
		case '^':
			i++
			switch {
			case i < len(s) && s[i] >= '@' && s[i] <= '~':
				b.WriteByte(s[i] & 0o37)
			case i < len(s) && s[i] == '?':
				b.WriteByte(127)
			default:
				return "", false
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// lsBackslash decodes the escape at the start of s (after the backslash)
// and returns its length.
func lsBackslash(b *strings.Builder, s string) int {
	c := s[0]
	switch {
	case c >= '0' && c <= '7':
		v, n := 0, 0
		for n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		b.WriteByte(byte(v))
		return n
	case c == 'x' || c == 'X':
		v, n := 0, 1
		for n < len(s) && ctype.DigitVal(s[n]) < 16 {
			v = v*16 + ctype.DigitVal(s[n])
			n++
		}
		b.WriteByte(byte(v))
		return n
	}
	if i := strings.IndexByte("abefnrtv?_", c); i >= 0 {
		b.WriteByte("\a\b\033\f\n\r\t\v\x7f "[i])
	} else {
		b.WriteByte(c)
	}
	return 1
}

// colored reports whether an indicator has a color ("", "0" and "00"
// mean none).
func (c *lsColors) colored(name string) bool {
	s := c.ind[name]
	return s != "" && s != "0" && s != "00"
}

// put writes an indicator, preceded by a reset the first time.
func (r *lsRun) put(seq string) {
	cl := r.c.colors
	if !cl.used {
		cl.used = true
		r.endColor()
	}
	r.out(seq)
}

// endColor writes the sequence that ends a colored name.
func (r *lsRun) endColor() {
	cl := r.c.colors
	if ec, ok := cl.ind["ec"]; ok {
		r.out(ec)
		return
	}
	r.out(cl.ind["lc"] + cl.ind["rs"] + cl.ind["rc"])
}

// setNormal writes the "no" color before a file's line, if set.
func (r *lsRun) setNormal() {
	if cl := r.c.colors; cl != nil && cl.colored("no") {
		r.put(cl.ind["lc"] + cl.ind["no"] + cl.ind["rc"])
	}
}

// colorOf is GNU's get_color_indicator: the sequence for f's name (or
// its symlink target), or "" for none.
func (r *lsRun) colorOf(f *lsFile, target bool) (string, bool) {
	cl := r.c.colors
	name, mode, linkOK := f.name, fs.FileMode(0), 0
	if f.statOK {
		mode = f.fi.Mode()
	}
	if target {
		name, mode = f.linkname, f.linkMode
		if !f.linkOK {
			linkOK = -1
		}
	} else {
		if cl.referent && f.linkOK {
			mode = f.linkMode
		}
		linkOK = b2i(f.linkOK)
	}
	typ := r.colorType(f, mode, linkOK, target)
	if typ == "fi" {
		lower := strings.ToLower(name)
		for _, e := range cl.exts {
			if strings.HasSuffix(lower, strings.ToLower(e.ext)) {
				return e.seq, true
			}
		}
	}
	if typ == "ln" && linkOK == 0 && (cl.referent || cl.colored("or")) {
		typ = "or"
	}
	seq, ok := cl.ind[typ]
	return seq, ok && seq != ""
}

// colorType is the indicator name for a file's type and mode.
func (r *lsRun) colorType(f *lsFile, mode fs.FileMode, linkOK int, target bool) string {
	cl := r.c.colors
	switch {
	case linkOK == -1 && cl.colored("mi"):
		return "mi"
	case !f.statOK && !target:
		return [...]string{"or", "pi", "cd", "di", "bd", "fi", "ln", "so", "fi", "di"}[f.ftype]
	case target && !f.linkOK:
		return "or" // the target's mode is unknown (0)
	case mode.IsRegular():
		switch {
		case mode&fs.ModeSetuid != 0 && cl.colored("su"):
			return "su"
		case mode&fs.ModeSetgid != 0 && cl.colored("sg"):
			return "sg"
		case mode&0o111 != 0 && cl.colored("ex"):
			return "ex"
		case f.meta.Nlink > 1 && cl.colored("mh") && !target:
			return "mh"
		}
		return "fi"
	case mode.IsDir():
		switch {
		case mode&fs.ModeSticky != 0 && mode&0o002 != 0 && cl.colored("tw"):
			return "tw"
		case mode&0o002 != 0 && cl.colored("ow"):
			return "ow"
		case mode&fs.ModeSticky != 0 && cl.colored("st"):
			return "st"
		}
		return "di"
	}
	return lsColorTypeOther(mode)
}

func lsColorTypeOther(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeSymlink != 0:
		return "ln"
	case mode&fs.ModeNamedPipe != 0:
		return "pi"
	case mode&fs.ModeSocket != 0:
		return "so"
	case mode&fs.ModeCharDevice != 0:
		return "cd"
	case mode&fs.ModeDevice != 0:
		return "bd"
	}
	return "or"
}

// colorName writes a (quoted) name in its color; start is its column.
func (r *lsRun) colorName(f *lsFile, target bool, text string, start int) {
	cl := r.c.colors
	seq, has := r.colorOf(f, target)
	if has {
		if cl.colored("no") {
			r.put(cl.ind["lc"] + cl.ind["rc"])
		}
		r.put(cl.ind["lc"] + seq + cl.ind["rc"])
	}
	r.out(text)
	if has || cl.colored("no") {
		r.endColor()
		n := len(text)
		if ll := r.c.lineLen; ll != 0 && n > 0 && start/ll != (start+n-1)/ll {
			r.put(cl.ind["cl"])
		}
	}
}
