package builtins

import (
	"fmt"
	"io"
	"strings"
)

// Describe returns a one-line description of the command name, for
// `shellfence commands` and the MCP tools' descriptions: the first
// sentence of its GNU --help text after the usage lines, or ours for the
// commands whose text has none there. It is "" for an unknown name.
func Describe(name string) string {
	if d, ok := descriptions[name]; ok {
		return d
	}
	if name == "[" {
		name = "test"
	}
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		return ""
	}
	return firstSentence(string(b))
}

// descriptions are ours, for the commands whose --help text does not
// start with a description (or that have none).
var descriptions = map[string]string{
	"find":  "Search for files in a directory hierarchy",
	"sed":   "Edit text as a stream: filter and transform lines with a script",
	"patch": "Apply a diff file to an original",
	"xargs": "Build and run command lines from standard input",
	"sh":    "Run a shell script or command line (this shell, bash dialect)",
	"bash":  "Run a shell script or command line (this shell)",
	"true":  "Do nothing, successfully",
	"false": "Do nothing, unsuccessfully",
	"egrep": "Search for extended regular expressions (grep -E)",
	"fgrep": "Search for fixed strings (grep -F)",
	"pwd":   "Print the name of the current working directory",
	"ln":    "Make links between files",
	"awk":   "Scan and process text with an awk program (POSIX awk)",
	"rg":    "Search files recursively for lines matching a regex (ripgrep), honouring .gitignore",
}

// firstSentence is the paragraph after a help text's usage lines, up to
// its first full stop or semicolon.
func firstSentence(text string) string {
	var para []string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "Usage:") || strings.HasPrefix(line, "  or:"):
			continue
		case line == "" || strings.HasPrefix(line, " "):
			if para != nil {
				return cutSentence(strings.Join(para, " "))
			}
			if line != "" {
				return ""
			}
			continue
		}
		if strings.Contains(line, "\t") { // an option table, not a description
			return ""
		}
		para = append(para, line)
	}
	return cutSentence(strings.Join(para, " "))
}

func cutSentence(s string) string {
	if i := strings.IndexAny(s, ";"); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, ".:, ")
	if len(s) > maxDescription {
		cut := strings.LastIndexByte(s[:maxDescription-3], ' ')
		s = s[:max(cut, 0)] + "..."
	}
	return s
}

// maxDescription bounds a description, to keep it one line.
const maxDescription = 120

// WriteCommandList prints names, one a line, each with its description
// in a column.
func WriteCommandList(w io.Writer, names []string) {
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		line := fmt.Sprintf("%-*s  %s", width, n, Describe(n))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}
