package fetch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A textWriter lays out words in lines and paragraphs. Breaks and spaces
// are owed, not written, until the next word, so runs of whitespace and of
// empty blocks collapse, and nothing trails at the end.
type textWriter struct {
	b       strings.Builder
	prefix  []string // what each open block puts at the start of a line
	shared  int      // prefixes open since the last word: a blank line's
	marker  string   // replaces the innermost prefix on the next line: "- "
	breaks  int      // newlines owed: 1 ends a line, 2 leaves a blank one
	space   bool     // a space is owed between two words
	started bool     // a word has been written
	pre     int      // inside <pre>: text is kept as it is
}

// block owes n newlines (1 or 2) before what comes next.
func (w *textWriter) block(n int) {
	w.breaks = max(w.breaks, n)
	w.space = false
}

// lineBreak is <br>: one newline more, two at the most.
func (w *textWriter) lineBreak() {
	w.breaks = min(w.breaks+1, 2)
	w.space = false
}

// open starts a block whose lines begin with prefix, its first with marker
// in place of prefix. close ends it.
func (w *textWriter) open(prefix, marker string) {
	w.prefix = append(w.prefix, prefix)
	w.marker = marker
}

func (w *textWriter) close() {
	w.prefix = w.prefix[:len(w.prefix)-1]
	w.shared = min(w.shared, len(w.prefix))
	w.marker = "" // a marker still owed had nothing to mark
}

// text writes s, its whitespace collapsed (kept inside <pre>).
func (w *textWriter) text(s string) {
	if w.pre > 0 {
		w.preText(s)
		return
	}
	r, _ := utf8.DecodeRuneInString(s)
	w.space = w.space || unicode.IsSpace(r)
	for i, f := range strings.Fields(s) {
		w.space = w.space || i > 0
		w.word(f)
	}
	r, _ = utf8.DecodeLastRuneInString(s)
	w.space = w.space || unicode.IsSpace(r)
}

// word writes s after what is owed before it.
func (w *textWriter) word(s string) {
	switch {
	case !w.started:
		w.started = true
		w.linePrefix()
	case w.breaks > 0:
		if w.breaks > 1 {
			w.blankLine()
		}
		w.b.WriteString("\n")
		w.linePrefix()
	case w.space:
		w.b.WriteByte(' ')
	}
	w.breaks, w.space, w.shared = 0, false, len(w.prefix)
	w.b.WriteString(s)
}

// blankLine ends a line and writes an empty one: only the prefixes of the
// blocks around both the line before and the line after.
func (w *textWriter) blankLine() {
	w.b.WriteString("\n" + strings.TrimRight(strings.Join(w.prefix[:w.shared], ""), " "))
}

func (w *textWriter) linePrefix() {
	n := len(w.prefix)
	if w.marker == "" || n == 0 {
		w.b.WriteString(strings.Join(w.prefix, ""))
		return
	}
	w.b.WriteString(strings.Join(w.prefix[:n-1], "") + w.marker)
	w.marker = ""
}

// preText writes preformatted text: its lines as they are, each after the
// prefix, its final newlines owed.
func (w *textWriter) preText(s string) {
	body := strings.TrimRight(s, "\n")
	owed := len(s) - len(body)
	for i, line := range strings.Split(body, "\n") {
		if i > 0 {
			w.breaks = 1
		}
		if line != "" || i == 0 {
			w.word(line)
		} else {
			w.blankLine()
		}
	}
	w.breaks = min(owed, 2)
}

// String returns the text, ending in a newline unless it is empty.
func (w *textWriter) String() string {
	if !w.started {
		return ""
	}
	return w.b.String() + "\n"
}
