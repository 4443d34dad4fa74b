package builtins

// column - columnate lists
//
//	column [-tx] [-c WIDTH] [-s SEP] [-o SEP] [-N NAMES] [-R COLS] [FILE]...
//
// As util-linux 2.38: without -t, entries fill columns (-x: rows) of tab
// stops within WIDTH (80); -t makes a table, splitting on runs of blanks
// or on each -s character, skipping empty lines, joining cells with -o
// ("  "), with -N's header row and -R's right-aligned columns (numbers
// or names). The input is held whole (charged to the run's budget).
// JSON output (-J) and the other table options are not implemented.

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

type columnOpts struct {
	table, across bool
	width         int
	sep, out      string
	sepSet        bool
	names         []string
	right         string
}

func column(p *Proc) int {
	o := &columnOpts{width: 80, sep: " \t", out: "  "}
	flags := p.newOpts(1)
	flags.Flag('t', "table", &o.table)
	flags.Flag('x', "fillrows", &o.across)
	flags.Value('c', "output-width", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p.optErr("invalid columns argument: '%s'", v)
		}
		o.width = n
		return nil
	})
	flags.Value('s', "separator", func(_, v string) error { o.sep, o.sepSet = v, true; return nil })
	flags.String('o', "output-separator", &o.out)
	flags.Value('N', "table-columns", func(_, v string) error { o.names = strings.Split(v, ","); return nil })
	flags.String('R', "table-right", &o.right)
	flags.Unsupported("JnrdeHOWTElLi", "json", "table-name", "tree", "tree-id", "tree-parent", "table-noheadings",
		"table-empty-lines", "table-hide", "table-order", "table-wrap", "table-truncate", "keep-empty-lines", "table-noextreme")
	addUtilInfo(flags, "column")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	var lines []string
	status := 0
	for _, name := range files {
		data, err := p.readInputHeld(name)
		if err != nil {
			p.Errorf("%s: %s", name, ErrText(err))
			status = 1
			continue
		}
		text := strings.TrimSuffix(string(data), "\n")
		if text != "" || len(data) > 0 {
			lines = append(lines, strings.Split(text, "\n")...)
		}
	}
	var out string
	if o.table {
		out = o.makeTable(lines)
	} else {
		out = o.fill(lines)
	}
	if err := p.write([]byte(out)); err != nil {
		return p.WriteFailed(err)
	}
	return status
}

// split cuts at every separator character, keeping empty cells.
func (o *columnOpts) split(line string) []string {
	if !o.sepSet {
		return strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
	}
	var out []string
	start := 0
	for i, r := range line {
		if strings.ContainsRune(o.sep, r) {
			out = append(out, line[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(out, line[start:])
}

// makeTable lays out -t.
func (o *columnOpts) makeTable(lines []string) string {
	var rows [][]string
	if o.names != nil {
		rows = append(rows, o.names)
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" && !o.sepSet || l == "" {
			continue
		}
		rows = append(rows, o.split(l))
	}
	ncol := 0
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	widths := make([]int, ncol)
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	right := o.rightColumns(ncol)
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			last := i == ncol-1
			switch {
			case right[i]:
				b.WriteString(pad + c)
			case last:
				b.WriteString(c)
			default:
				b.WriteString(c + pad)
			}
			if !last {
				b.WriteString(o.out)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// rightColumns reads -R: column numbers (from 1) or -N names.
func (o *columnOpts) rightColumns(ncol int) []bool {
	right := make([]bool, ncol)
	if o.right == "" {
		return right
	}
	for _, f := range strings.Split(o.right, ",") {
		if n, err := strconv.Atoi(f); err == nil && n >= 1 && n <= ncol {
			right[n-1] = true
			continue
		}
		for i, name := range o.names {
			if name == f && i < ncol {
				right[i] = true
			}
		}
	}
	return right
}

// fill lays out entries in columns of tab stops.
func (o *columnOpts) fill(lines []string) string {
	var items []string
	most := 0
	for _, l := range lines {
		if l == "" {
			continue
		}
		items = append(items, l)
		most = max(most, utf8.RuneCountInString(l))
	}
	if len(items) == 0 {
		return ""
	}
	colw := (most + 8) &^ 7
	ncols := max(o.width/colw, 1)
	nrows := (len(items) + ncols - 1) / ncols
	if o.across {
		nrows = (len(items) + ncols - 1) / ncols
	}
	var b strings.Builder
	for r := 0; r < nrows; r++ {
		var row []string
		for c := 0; c < ncols; c++ {
			i := c*nrows + r
			if o.across {
				i = r*ncols + c
			}
			if i < len(items) {
				row = append(row, items[i])
			}
		}
		for k, s := range row {
			b.WriteString(s)
			if k < len(row)-1 {
				n := utf8.RuneCountInString(s)
				b.WriteString(strings.Repeat("\t", (colw-n+7)/8))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
