package builtins

// ls: combining the options into a configuration (GNU's decode_switches
// after getopt): formats, widths, quoting, sorting and time styles.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/argmatch"
	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

// lsLineLength parses a -w or COLUMNS value; too large means no limit.
func lsLineLength(v string) (int, bool) {
	n, err := xstrtol.Umax(v, 0, "")
	switch err {
	case xstrtol.OK:
		if n > 1<<62 {
			return 0, true
		}
		return int(n), true
	case xstrtol.Overflow:
		return 0, true
	}
	return 0, false
}

// lsFinish combines the options as GNU's decode_switches does; it returns
// a nonzero status after reporting an error.
func lsFinish(p *Proc, c *lsConfig, a *lsArgs) int {
	lsBlockDefaults(p, c, a)
	c.format = lsOnePerLine
	if a.formatSet {
		c.format = a.formatOpt
	}
	lsSetWidths(p, c, a)
	lsQuoting(p, c, a)
	c.sortType = lsSortName
	switch {
	case a.sortSet:
		c.sortType = a.sortOpt
	case c.format != lsLong && a.explicitTime:
		c.sortType = lsSortTime
	}
	if c.format == lsLong {
		if status := lsTimeStyle(p, c, a); status != 0 {
			return status
		}
	}
	if a.colorWanted {
		c.colors = lsColorSetup(p)
	}
	if cl := c.colors; c.dirsFirst {
		c.checkSymMode = true
	} else if cl != nil {
		c.tabsize = 0
		c.checkSymMode = cl.colored("or") || cl.colored("ex") && cl.referent || cl.colored("mi") && c.format == lsLong
	}
	if c.colors != nil {
		c.tabsize = 0
	}
	if c.deref == lsDerefUndefined {
		c.deref = lsDerefArgsToDirs
		if c.immediate || c.indicator == lsIndClassify || c.format == lsLong {
			c.deref = lsDerefNever
		}
	}
	c.needsStat = c.sortType == lsSortTime || c.sortType == lsSortSize || c.format == lsLong || c.blocks
	c.needsType = !c.needsStat && (c.recursive || c.colors != nil || c.context || c.dirsFirst || c.indicator != lsIndNone)
	return 0
}

// lsBlockDefaults applies LS_BLOCK_SIZE, BLOCK_SIZE and -k.
func lsBlockDefaults(p *Proc, c *lsConfig, a *lsArgs) {
	if c.blockSize != 0 {
		return
	}
	var spec *string
	if v, ok := p.LookupEnv("LS_BLOCK_SIZE"); ok {
		spec = &v
	}
	o, bs, _ := human.Options(spec, p.LookupEnv)
	c.humanOpts, c.blockSize = o, bs
	_, hasBS := p.LookupEnv("BLOCK_SIZE")
	if spec != nil || hasBS {
		c.fileHumanOpts, c.fileBlockSize = o, bs
	}
	if a.kibibytes {
		c.humanOpts, c.blockSize = 0, 1024
	}
}

// lsSetWidths sets the line length and tab size.
func lsSetWidths(p *Proc, c *lsConfig, a *lsArgs) {
	n := a.width
	if c.format == lsManyPerLine || c.format == lsHorizontal || c.format == lsCommas || a.colorWanted {
		if v := p.Getenv("COLUMNS"); n < 0 && v != "" {
			if w, ok := lsLineLength(v); ok {
				n = w
			} else {
				p.Errorf("ignoring invalid width in environment variable COLUMNS: %s", quote.Locale(v))
			}
		}
	}
	c.lineLen = 80
	if n >= 0 {
		c.lineLen = n
	}
	if c.format == lsManyPerLine || c.format == lsHorizontal || c.format == lsCommas {
		c.tabsize = 8
		if a.tabsize >= 0 {
			c.tabsize = a.tabsize
		} else if v, ok := p.LookupEnv("TABSIZE"); ok {
			if t, err := xstrtol.Umax(v, 0, ""); err == xstrtol.OK && t < 1<<62 {
				c.tabsize = int(t)
			} else {
				p.Errorf("ignoring invalid tab size in environment variable TABSIZE: %s", quote.Locale(v))
			}
		}
	}
}

// lsQuoting sets the quoting style of names.
func lsQuoting(p *Proc, c *lsConfig, a *lsArgs) {
	c.qmark = a.hideCtl == 1
	style := quote.LiteralQuoting
	if a.quotingSet {
		style = a.quoting
	} else if v, ok := p.LookupEnv("QUOTING_STYLE"); ok {
		if i := argmatch.Index(v, quote.StyleNames); i >= 0 {
			style = quote.Style(i)
		} else {
			p.Errorf("ignoring invalid value of environment variable QUOTING_STYLE: %s", quote.Locale(v))
		}
	}
	c.alignQuotes = (c.format == lsLong || (c.format == lsManyPerLine || c.format == lsHorizontal) && c.lineLen != 0) &&
		(style == quote.ShellQuoting || style == quote.ShellEscapeQuoting || style == quote.CMaybeQuoting)
	these := ""
	if style == quote.EscapeQuoting {
		these = " "
	}
	if c.indicator >= lsIndFileType {
		these += "*=>@|"[c.indicator-lsIndFileType:]
	}
	c.quoter = quote.New(style, these)
	c.dirQuoter = quote.New(style, ":")
}

// lsTimeStyle sets the long format's time formats.
func lsTimeStyle(p *Proc, c *lsConfig, a *lsArgs) int {
	c.timeFmt = [2]string{"%b %e  %Y", "%b %e %H:%M"}
	style := "locale"
	if a.timeStyle != nil {
		style = *a.timeStyle
	} else if v, ok := p.LookupEnv("TIME_STYLE"); ok {
		style = v
	}
	for strings.HasPrefix(style, "posix-") {
		style = style[len("posix-"):]
	}
	if strings.HasPrefix(style, "+") {
		f0, f1, two := strings.Cut(style[1:], "\n")
		if two && strings.Contains(f1, "\n") {
			p.Errorf("invalid time style format %s", quote.Locale(style[1:]))
			return 2
		}
		if !two {
			f1 = f0
		}
		c.timeFmt = [2]string{f0, f1}
		return 0
	}
	switch argmatch.Index(style, []string{"full-iso", "long-iso", "iso", "locale"}) {
	case 0:
		c.timeFmt = [2]string{"%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M:%S.%N %z"}
	case 1:
		c.timeFmt = [2]string{"%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M"}
	case 2:
		c.timeFmt = [2]string{"%Y-%m-%d ", "%m-%d %H:%M"}
	case 3:
	default:
		kind := "invalid"
		if argmatch.Index(style, []string{"full-iso", "long-iso", "iso", "locale"}) == -2 {
			kind = "ambiguous"
		}
		fmt.Fprintf(p.Stderr, "%s: %s argument %s for %s\nValid arguments are:\n", p.Name(), kind, quote.Locale(style), quote.Locale("time style"))
		for _, s := range []string{"full-iso", "long-iso", "iso", "locale"} {
			fmt.Fprintf(p.Stderr, "  - [posix-]%s\n", s)
		}
		fmt.Fprintf(p.Stderr, "  - +FORMAT (e.g., +%%H:%%M) for a 'date'-style format\nTry '%s --help' for more information.\n", p.Name())
		return 2
	}
	return 0
}
