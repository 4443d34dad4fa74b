package builtins

import (
	"io/fs"
	"strings"
	"testing"
)

// noInfoFiles are the builtins whose --help and --version texts are not
// files in help/: the shells have none, true and false make theirs, xargs
// keeps its own, egrep and fgrep print grep's and test (unlike [) takes
// no --help; Debian's which has neither; git answers --help and
// --version itself.
var noInfoFiles = map[string]bool{
	"sh": true, "bash": true, "true": true, "false": true, "xargs": true,
	"egrep": true, "fgrep": true, "test": true, "pwd": true, "which": true,
	"git": true,
}

// TestInfoFiles checks that every builtin with GNU's --help has its texts
// and that every file in help/ belongs to one.
func TestInfoFiles(t *testing.T) {
	for _, name := range Names() {
		if noInfoFiles[name] {
			continue
		}
		for _, text := range []func(string) string{helpText, versionText} {
			func() {
				defer func() {
					if v := recover(); v != nil {
						t.Errorf("%s: %v", name, v)
					}
				}()
				if text(name) == "" {
					t.Errorf("%s: empty --help or --version text", name)
				}
			}()
		}
	}
	files, _ := fs.Glob(helpFiles, "help/*")
	for _, f := range files {
		name, _, _ := strings.Cut(strings.TrimPrefix(f, "help/"), ".")
		if _, ok := table[name]; !ok || noInfoFiles[name] && name != "test" {
			t.Errorf("%s: no builtin reads it", f)
		}
	}
}
