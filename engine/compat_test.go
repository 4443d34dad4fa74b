package engine_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
)

// compatTests are bash behaviours the engine restores over the
// interpreter's own (each failed before its fix).
var compatTests = []struct {
	name string
	cmd  string
	want outcome
}{
	{"return last status", "f() { false || return; echo no; }; f; echo $?", outcome{"1\n", "", 0}},
	{"source return", "printf 'echo a\\nreturn 4\\necho b\\n' > r.sh; source r.sh; echo $?", outcome{"a\n4\n", "", 0}},
	{"source args", "echo 'echo $# $1' > s.sh; set -- x; source s.sh p q; echo $# $1", outcome{"2 p\n1 x\n", "", 0}},
	{"source BASH_SOURCE", "echo 'echo ${BASH_SOURCE[0]}' > s.sh; . ./s.sh", outcome{"./s.sh\n", "", 0}},
	{"script BASH_SOURCE", "printf 'echo ${BASH_SOURCE[0]} $0\\n' > s.sh; bash s.sh; chmod +x s.sh; ./s.sh; bash -c 'echo \"[${BASH_SOURCE[0]}]\"'",
		outcome{"s.sh s.sh\n./s.sh ./s.sh\n[]\n", "", 0}},
	{"pipe last stage subshell", "n=0; printf 'a\\nb\\n' | while read l; do n=$((n+1)); done; echo $n; echo x | exit 3; echo $?", outcome{"0\n3\n", "", 0}},
	{"pipe lastpipe", "shopt -s lastpipe; echo 5 | read n; echo $n", outcome{"5\n", "", 0}},
	{"read trace", "set -x; read x <<< a; read y <<< b", outcome{"", "+ read x\n+ read y\n", 0}},
	{"array element incr", "declare -A c; for w in a b a; do ((c[$w]++)); done; a=(5); ((a[0]+=2)); echo ${c[a]} ${c[b]} ${a[0]}", outcome{"2 1 7\n", "", 0}},
	{"assoc length", "declare -A m; m[a]=1; m[b]=2; echo ${#m[@]}", outcome{"2\n", "", 0}},
	{"element append", "a=(x y); a[1]+=z; declare -A m; m+=([k]=v [j]=w); echo ${a[@]} ${m[k]}${m[j]}", outcome{"x yz vw\n", "", 0}},
	{"redirect-only statement", "> f.txt; echo ok", outcome{"ok\n", "", 0}},
	{"anchored replace", "s=src/a.go; a=(x y); echo ${s/#src/lib} ${s/%.go/.rs} ${a[@]/#/-}", outcome{"lib/a.go src/a.rs -x -y\n", "", 0}},
	{"time to stderr", "{ time echo hi >/dev/null; } 2>&1 | grep -c real; { time -p (exit 3); } 2>/dev/null; echo $?", outcome{"1\n3\n", "", 0}},
	{"function type", "f() { :; }; type -t f; command -v f", outcome{"function\nf\n", "", 0}},
	{"function unset", "f() { :; }; unset -f f; type -t f; echo $?", outcome{"1\n", "", 0}},
	{"function shadows echo", "echo() { builtin echo \"<$*>\"; }; echo a b", outcome{"<a b>\n", "", 0}},
}

func TestCompat(t *testing.T) {
	dir, ws := workspace(t, map[string]string{"a.txt": "alpha\n"})
	e := engine.New(ws)
	for _, tt := range compatTests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, e, engine.Request{Command: tt.cmd})
			got.Stdout = strings.ReplaceAll(got.Stdout, dir, "$WORK")
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}
