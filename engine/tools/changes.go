package tools

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/shellfence/shellfence/vfs"
)

// fileChange is one entry of files_changed.
type fileChange struct {
	Path   string `json:"path" jsonschema:"the path, relative to the workspace root"`
	Change string `json:"change" jsonschema:"created, modified or deleted"`
	Size   int64  `json:"size" jsonschema:"its size in bytes now (0 when deleted)"`
}

// changesOf is files_changed from a journal's changes: never null.
func changesOf(cs []vfs.Change) []fileChange {
	out := make([]fileChange, len(cs))
	for i, c := range cs {
		out[i] = fileChange{c.Path, c.Change, c.Size}
	}
	return out
}

// changedLine is the text result's line listing the changes, if any.
func changedLine(cs []fileChange) string {
	if len(cs) == 0 {
		return ""
	}
	const most = 20
	parts := make([]string, 0, most)
	for i, c := range cs {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(cs)-most))
			break
		}
		parts = append(parts, c.Change+" "+c.Path)
	}
	return "[files changed: " + strings.Join(parts, ", ") + "]\n"
}

// changedArg is expect's changed: true (some file changed), false (none
// did), or paths and glob patterns each of which must match an entry of
// files_changed.
type changedArg struct {
	Any   *bool
	Paths []string
}

func (c *changedArg) UnmarshalJSON(data []byte) error {
	var b bool
	if err := json.Unmarshal(data, &b); err == nil {
		c.Any = &b
		return nil
	}
	var l strList
	if err := l.UnmarshalJSON(data); err != nil {
		return fmt.Errorf("want true, false, a path or a list of paths")
	}
	c.Paths = l
	return nil
}

func (c changedArg) MarshalJSON() ([]byte, error) {
	if c.Any != nil {
		return json.Marshal(*c.Any)
	}
	return json.Marshal(c.Paths)
}

// checkChanged adds the assertions of changed: one for a bool, one per
// path otherwise; rel turns a path given into one relative to the root.
func checkChanged(c *changedArg, rel func(string) string, cs []fileChange, add func(string, bool, string)) {
	if c.Any != nil {
		ok := (len(cs) > 0) == *c.Any
		add("changed", ok, changedDetail(cs))
		return
	}
	for _, p := range c.Paths {
		want := rel(p)
		hit := ""
		for _, ch := range cs {
			if ok, _ := path.Match(want, ch.Path); ok || ch.Path == want {
				hit = ch.Path + " " + ch.Change
				break
			}
		}
		if hit != "" {
			add("changed", true, hit)
		} else {
			add("changed", false, fmt.Sprintf("%s not changed (%s)", p, changedDetail(cs)))
		}
	}
}

// changedDetail sums up files_changed for an assertion.
func changedDetail(cs []fileChange) string {
	if len(cs) == 0 {
		return "no file changed"
	}
	names := make([]string, 0, 5)
	for i, c := range cs {
		if i == 5 {
			names = append(names, "...")
			break
		}
		names = append(names, c.Path)
	}
	return fmt.Sprintf("%d files changed: %s", len(cs), strings.Join(names, ", "))
}
