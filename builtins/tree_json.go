package builtins

// tree -J: the same walk, printed as tree 2.1.0's JSON.

import (
	"fmt"
	"strings"
)

func (t *treeRun) runJSON(roots []string) int {
	p := t.p
	p.printf("[")
	for i, r := range roots {
		if i > 0 {
			p.printf(",")
		}
		p.printf("\n")
		t.rootJSON(r)
	}
	if t.o.noReport {
		p.printf("\n\n]\n")
		return t.status
	}
	p.printf("\n,\n  {\"type\":\"report\",\"directories\":%d", t.dirs)
	if !t.o.dirsOnly {
		p.printf(",\"files\":%d", t.files)
	}
	p.printf("}\n]\n")
	return t.status
}

func (t *treeRun) rootJSON(name string) {
	p := t.p
	fi, err := p.Stat(name)
	if err != nil || !fi.IsDir() {
		p.printf("  {\"type\":\"%s\",\"name\":%s,\"contents\":[\n    {\"error\": \"opening dir\"}\n  ]}", treeJSONType(err == nil), jsonString(name))
		if err != nil {
			t.status = 2
		} else {
			t.files++
		}
		return
	}
	ents := t.entries(name)
	if len(ents) > 0 {
		t.dirs++
	}
	t.nodeJSON(&treeEntry{name: name, path: name, fi: fi, isDir: true}, name, ents, 1, 1)
}

func treeJSONType(exists bool) string {
	if exists {
		return "file"
	}
	return "directory"
}

// nodeJSON prints one entry (and a directory's contents) at the given
// indentation, without the final newline.
func (t *treeRun) nodeJSON(e *treeEntry, shown string, ents []*treeEntry, indent, depth int) {
	p := t.p
	pad := strings.Repeat("  ", indent)
	switch {
	case e.link != "":
		p.printf("%s{\"type\":\"link\",\"name\":%s,\"target\":%s}", pad, jsonString(shown), jsonString(e.link))
		return
	case !e.isDir:
		p.printf("%s{\"type\":\"file\",\"name\":%s}", pad, jsonString(shown))
		return
	}
	if len(ents) == 0 {
		p.printf("%s{\"type\":\"directory\",\"name\":%s}", pad, jsonString(shown))
		return
	}
	p.printf("%s{\"type\":\"directory\",\"name\":%s,\"contents\":[\n", pad, jsonString(shown))
	for i, c := range ents {
		if t.p.Cancelled() {
			return
		}
		if c.isDir {
			t.dirs++
		} else {
			t.files++
		}
		var sub []*treeEntry
		if c.isDir && c.link == "" && (t.o.level == 0 || depth < t.o.level) {
			sub = t.entries(c.path)
		}
		name := c.name
		if t.o.full {
			name = c.path
		}
		t.nodeJSON(c, name, sub, indent+1, depth+1)
		if i < len(ents)-1 {
			p.printf(",")
		}
		p.printf("\n")
	}
	p.printf("%s]}", pad)
}

// jsonString quotes s as tree does: backslash escapes for quotes,
// backslashes and control characters.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("\\n")
		case c == '\t':
			b.WriteString("\\t")
		case c < 0x20:
			fmt.Fprintf(&b, "\\u%04x", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
