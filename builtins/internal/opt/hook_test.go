package opt

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHookSeesEverySpelling checks that the hook sees one option, by its
// identity, however it is written, before its Do.
func TestHookSeesEverySpelling(t *testing.T) {
	for _, args := range [][]string{{"-r"}, {"-R"}, {"--recursive"}, {"--rec"}, {"-fr"}, {"-rf"}, {"-f", "-R"}, {"x", "-vr"}} {
		recursive := false
		p := New("rm")
		p.Add(Option{Short: 'f', Long: "force", Do: func(string, string) error { return nil }})
		p.Add(Option{Short: 'r', Long: "recursive", Do: func(string, string) error { recursive = true; return nil }})
		p.Add(Option{Short: 'v', Do: func(string, string) error { return nil }})
		p.Alias('R', 'r')
		refused := errors.New("refused")
		p.Hook = &Hook{Option: func(o *Option, name, _ string) error {
			if o.Long == "recursive" {
				return refused
			}
			return nil
		}}
		_, err := p.Parse(args)
		if err != refused || recursive {
			t.Errorf("%q: err %v, recursive %v: want the hook to refuse before Do", args, err, recursive)
		}
	}
}

func TestHookStartEndAndSpellings(t *testing.T) {
	p := New("cmd")
	p.Add(Option{Short: 'r', Long: "recursive", Do: func(string, string) error { return nil }},
		Option{Short: 'n', Arg: Required, Do: func(string, string) error { return nil }})
	p.Alias('R', 'r')
	var seen []string
	var table [][]string
	p.Hook = &Hook{
		Start: func(ps *Parser) error {
			for _, o := range ps.Options() {
				table = append(table, o.Spellings())
			}
			return nil
		},
		Option: func(o *Option, name, value string) error { seen = append(seen, name+"="+value); return nil },
		End:    func(ops []string) error { seen = append(seen, "end:"+strings.Join(ops, ",")); return nil },
	}
	ops, err := p.Parse([]string{"-Rn3", "a", "--rec", "-n", "4", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"-R=", "-n=3", "--recursive=", "-n=4", "end:a,b"}, seen); diff != "" {
		t.Errorf("hook saw (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([][]string{{"-r", "-R", "--recursive"}, {"-n"}}, table); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b"}, ops); diff != "" {
		t.Errorf("operands (-want +got):\n%s", diff)
	}
}
