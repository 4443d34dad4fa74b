package conformance

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	update  = flag.Bool("update", false, "rewrite every expectation from bash and the GNU tools")
	confirm = flag.Bool("confirm", false, "also run every case through bash and the GNU tools, and fail on any difference not listed in DIFFERENCES.md")
	layered = flag.Bool("layered", false, "run shellfence's side over a pass-through vfs layer that wraps every file")
	random  = flag.Bool("random", false, "run the randomized comparisons with the live GNU tools (also under -confirm)")
	seeds   = flag.Bool("fuzzseeds", false, "run FuzzEngine on its seed corpus (always when fuzzing)")
)

// needLiveGNU skips a randomized comparison with the live GNU tools unless
// it was asked for: they start thousands of processes.
func needLiveGNU(t *testing.T) {
	t.Helper()
	if !*random && !*confirm {
		t.Skip("compares with the live GNU tools: run with -random or -confirm")
	}
	if !GNUAvailable() {
		t.Skip("bash and the GNU tools are not installed here")
	}
}

func loadSuites(t testing.TB) []*Suite {
	t.Helper()
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var suites []*Suite
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseSuite(strings.TrimSuffix(filepath.Base(p), ".txtar"), data)
		if err != nil {
			t.Fatal(err)
		}
		suites = append(suites, s)
	}
	return suites
}

func loadDifferences(t *testing.T) Differences {
	data, err := os.ReadFile("DIFFERENCES.md")
	if err != nil {
		t.Fatal(err)
	}
	return ParseDifferences(data)
}

func TestConformance(t *testing.T) {
	if (*update || *confirm) && !GNUAvailable() {
		t.Skip("bash and the GNU tools are not installed here")
	}
	diffs := loadDifferences(t)
	for _, s := range loadSuites(t) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			if *update {
				updateSuite(t, s)
				return
			}
			for _, c := range s.Cases {
				t.Run(c.Name, func(t *testing.T) { checkCase(t, s, c, diffs[c.ID()]) })
			}
		})
	}
}

// run seeds a fresh workspace and runs c in it on one side.
func run(t *testing.T, s *Suite, c *Case, side func(context.Context, string, string) (Outcome, error)) Outcome {
	t.Helper()
	dir, err := TempWorkspace(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := Seed(dir, s.Seed); err != nil {
		t.Fatal(err)
	}
	before, err := Tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	o, err := side(context.Background(), dir, c.Cmd)
	if err != nil {
		t.Fatalf("%s: %v", c.Cmd, err)
	}
	if o.Tree == before {
		o.Tree = ""
	}
	return o
}

func checkCase(t *testing.T, s *Suite, c *Case, known string) {
	want := c.Want
	ours := RunOurs
	if *layered {
		ours = RunOursLayered
	}
	got := run(t, s, c, ours)
	if *confirm {
		gnu := run(t, s, c, RunGNU)
		// The recording may come from another machine: directory order
		// (unordered cases) and ignored stderr may differ from it.
		if d := cmp.Diff(loose(c, c.Want), loose(c, gnu)); d != "" {
			t.Errorf("%s: recorded expectation differs from GNU here; run go test -update (-recorded +gnu):\n%s", c.Cmd, d)
		}
		want = gnu
	}
	if c.Has("unordered") && !*confirm {
		want.Stdout, got.Stdout = sortLines(want.Stdout), sortLines(got.Stdout)
	}
	if c.Has("nostderr") {
		want.Stderr, got.Stderr = "", ""
	}
	d := cmp.Diff(want, got)
	switch {
	case d != "" && known != "":
		t.Logf("known difference (%s):\n%s", known, d)
	case d != "":
		t.Errorf("%s\n(-gnu +shellfence):\n%s", c.Cmd, d)
	case known != "" && *confirm:
		t.Logf("listed in DIFFERENCES.md but matches GNU now: %s", c.ID())
	}
}

// loose drops what a case says not to compare across machines.
func loose(c *Case, o Outcome) Outcome {
	if c.Has("unordered") {
		o.Stdout = sortLines(o.Stdout)
	}
	if c.Has("nostderr") {
		o.Stderr = ""
	}
	return o
}

func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "")
}

var writeMu sync.Mutex

// updateSuite records every case's outcome from GNU and rewrites the
// archive.
func updateSuite(t *testing.T, s *Suite) {
	got := map[*Case]Outcome{}
	for _, c := range s.Cases {
		got[c] = run(t, s, c, RunGNU)
	}
	writeMu.Lock()
	defer writeMu.Unlock()
	if err := os.WriteFile(filepath.Join("testdata", s.Name+".txtar"), s.Format(got), 0o644); err != nil {
		t.Fatal(err)
	}
}
