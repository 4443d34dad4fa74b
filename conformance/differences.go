package conformance

import (
	"bufio"
	"bytes"
	"regexp"
)

// Differences maps case IDs to the reason they may differ from GNU, as
// listed in DIFFERENCES.md: one "- `archive/case`: reason" line each.
type Differences map[string]string

var diffLine = regexp.MustCompile("^- `([^`]+/[^`]+)`: (.+)$")

// ParseDifferences reads DIFFERENCES.md.
func ParseDifferences(data []byte) Differences {
	d := Differences{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if m := diffLine.FindStringSubmatch(sc.Text()); m != nil {
			d[m[1]] = m[2]
		}
	}
	return d
}
