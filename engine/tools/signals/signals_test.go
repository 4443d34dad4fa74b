package signals

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// sample is one labelled line of the corpus.
type sample struct {
	source, line string
	at           int // line number in its file
}

// loadCorpus reads a testdata file of SOURCE<TAB>LINE lines; \x1b in a
// line stands for the escape byte.
func loadCorpus(t *testing.T, name string) []sample {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		source, line, ok := strings.Cut(text, "\t")
		if !ok {
			t.Fatalf("%s:%d: no tab after the source", name, n)
		}
		out = append(out, sample{source, strings.ReplaceAll(line, `\x1b`, "\x1b"), n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpus measures recall on testdata/failures.txt and the rate of
// false positives on testdata/clean.txt: at least 95% of failures
// found, at most 5% of clean lines taken for failures.
func TestCorpus(t *testing.T) {
	failures, clean := loadCorpus(t, "failures.txt"), loadCorpus(t, "clean.txt")
	if len(failures) < 60 || len(clean) < 60 {
		t.Fatalf("corpus too small: %d failures, %d clean lines (want 60 each)", len(failures), len(clean))
	}
	found, flagged := 0, 0
	for _, s := range failures {
		if Failure([]byte(s.line)) {
			found++
		} else {
			t.Logf("missed (failures.txt:%d, %s): %q", s.at, s.source, s.line)
		}
	}
	for _, s := range clean {
		if Failure([]byte(s.line)) {
			flagged++
			t.Logf("false positive (clean.txt:%d, %s): %q", s.at, s.source, s.line)
		}
	}
	recall := float64(found) / float64(len(failures))
	fp := float64(flagged) / float64(len(clean))
	t.Logf("recall %.1f%% (%d/%d), false positives %.1f%% (%d/%d)", 100*recall, found, len(failures), 100*fp, flagged, len(clean))
	if recall < 0.95 || fp > 0.05 {
		t.Errorf("recall %.1f%% (want >= 95%%), false positives %.1f%% (want <= 5%%)", 100*recall, 100*fp)
	}
}
