package builtins_test

import (
	"context"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func TestJQ(t *testing.T) {
	files := map[string]string{
		"o.json":   `{"z":1,"b":{"y":2,"x":[3,{"w":4,"v":5}]},"a":null}` + "\n",
		"m.json":   "1\n\"a\"\n2\n",
		"big.json": `[12345678901234567890123,1e17,1e-5,1.5,-0,100,0.1]`,
	}
	runTextCases(t, files, []textCase{
		{"key order kept", "jq -c . o.json", textResult{`{"z":1,"b":{"y":2,"x":[3,{"w":4,"v":5}]},"a":null}` + "\n", "", 0}},
		{"sorted", "jq -S -c . o.json", textResult{`{"a":null,"b":{"x":[3,{"v":5,"w":4}],"y":2},"z":1}` + "\n", "", 0}},
		{"update keeps order", "jq -c '.z = 9 | del(.a)' o.json", textResult{`{"z":9,"b":{"y":2,"x":[3,{"w":4,"v":5}]}}` + "\n", "", 0}},
		{"constructor order", "jq -c '{z, a}, {a, x: .z}' o.json", textResult{`{"z":1,"a":null}` + "\n" + `{"a":null,"x":1}` + "\n", "", 0}},
		{"with_entries order", "jq -c 'with_entries(.key |= ascii_upcase)' o.json", textResult{`{"Z":1,"B":{"y":2,"x":[3,{"w":4,"v":5}]},"A":null}` + "\n", "", 0}},
		{"keys_unsorted", "jq -c 'keys_unsorted, keys' o.json", textResult{`["z","b","a"]` + "\n" + `["a","b","z"]` + "\n", "", 0}},
		{"numbers", "jq -c . big.json", textResult{"[12345678901234567890123,1e+17,1e-05,1.5,-0,100,0.1]\n", "", 0}},
		{"error continues", "jq '.+1' m.json", textResult{"2\n3\n", "jq: error (at m.json:2): string (\"a\") and number (1) cannot be added\n", 0}},
		{"error last", "jq '.+1' m.json m.json", textResult{"2\n3\n2\n3\n", "jq: error (at m.json:2): string (\"a\") and number (1) cannot be added\njq: error (at m.json:2): string (\"a\") and number (1) cannot be added\n", 0}},
		{"exit status null", "jq -e .a o.json", textResult{"null\n", "", 1}},
		{"exit status none", "jq -e empty o.json", textResult{"", "", 4}},
		{"compile error", "jq -n 'nope(1)'", textResult{"", "jq: error: nope/1 is not defined at <top-level>, line 1:\nnope(1)\njq: 1 compile error\n", 3}},
		{"parse error", "printf '[1,\\n2' | jq -c .", textResult{"", "jq: parse error: Unfinished JSON term at EOF at line 2, column 1\n", 2}},
		{"no modules", "jq -n 'import \"m\" as m; .'", textResult{"", "jq: error: module not found: m (shellfence loads no jq modules)\njq: 1 compile error\n", 3}},
		{"env is the run's", "X=1 jq -n 'env.X, $ENV.X'", textResult{"\"1\"\n\"1\"\n", "", 0}},
		{"no host env", "jq -n 'env.PATH'", textResult{"\"\"\n", "", 0}},
		{"raw output0", "jq -n --raw-output0 '\"a\",\"b\"' | tr '\\0' @", textResult{"a@b@", "", 0}},
		{"tab", "jq --tab .b.x o.json", textResult{"[\n\t3,\n\t{\n\t\t\"w\": 4,\n\t\t\"v\": 5\n\t}\n]\n", "", 0}},
		{"ascii", `jq -n -a '"é😀"'`, textResult{"\"\\u00e9\\ud83d\\ude00\"\n", "", 0}},
		{"color", "jq -C -c '.b.x' o.json", textResult{"\x1b[1;39m[\x1b[0;39m3\x1b[0m\x1b[1;39m,\x1b[1;39m{\x1b[0m\x1b[34;1m\"w\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[0;39m4\x1b[0m\x1b[1;39m,\x1b[0m\x1b[34;1m\"v\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[0;39m5\x1b[0m\x1b[1;39m\x1b[1;39m}\x1b[0m\x1b[1;39m\x1b[1;39m]\x1b[0m\n", "", 0}},
		{"outside", "jq . ../x.json", textResult{"", "jq: error: Could not open file ../x.json: outside the workspace\n", 2}},
	})
}

// TestJQBudget checks that a document jq holds is charged to the run's
// memory budget.
func TestJQBudget(t *testing.T) {
	big := "[" + strings.Repeat(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",`, 1<<16) + "1]"
	_, fsys := vfstest.Workspace(t, map[string]string{"big.json": big})
	res, err := engine.New(fsys, engine.WithMemoryLimit(1<<20)).Run(context.Background(), engine.Request{Command: "jq length big.json"})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 || !strings.Contains(string(res.Stderr), "memory") {
		t.Errorf("jq over a 2 MB document with a 1 MiB budget: status %d, stderr %q", res.ExitCode, res.Stderr)
	}
	res, err = engine.New(fsys).Run(context.Background(), engine.Request{Command: "jq length big.json"})
	if err != nil || string(res.Stdout) != "65537\n" {
		t.Errorf("jq length: %q %q %v", res.Stdout, res.Stderr, err)
	}
}
