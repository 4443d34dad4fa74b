package human

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

// The expected strings were printed by GNU ls 9.1 (ls -l with the same
// block sizes) on files of these sizes.
func TestHumanReadable(t *testing.T) {
	tests := []struct {
		n        uint64
		opts     Opts
		from, to uint64
		want     string
	}{
		{0, H, 1, 1, "0"},
		{1000, H, 1, 1, "1000"},
		{1023, H, 1, 1, "1023"},
		{1024, H, 1, 1, "1.0K"},
		{1025, H, 1, 1, "1.1K"},
		{10239, H, 1, 1, "10K"},
		{10241, H, 1, 1, "11K"},
		{102400, H, 1, 1, "100K"},
		{1048575, H, 1, 1, "1.0M"},
		{1048577, H, 1, 1, "1.1M"},
		{10485761, H, 1, 1, "11M"},
		{1073741823, H, 1, 1, "1.0G"},
		{1000, SIOpt, 1, 1, "1.0k"},
		{1023, SIOpt, 1, 1, "1.1k"},
		{102400, SIOpt, 1, 1, "103k"},
		{1048575, SIOpt, 1, 1, "1.1M"},
		{0, SI | Base1024, 1, 1024, "0K"},
		{1, SI | Base1024, 1, 1024, "1K"},
		{1025, SI | Base1024, 1, 1024, "2K"},
		{1023, SI | B, 1, 1000, "2kB"},
		{1048575, SI | B, 1, 1000, "1049kB"},
		{1025, SI | B | Base1024, 1, 1024, "2KiB"},
		{1000, 0, 1, 3, "334"},
		{1073741824, 0, 1, 3, "357913942"},
		{56, 0, 512, 1024, "28"},
		{7, 0, 512, 1024, "4"},
		{8, H, 512, 1, "4.0K"},
		{9, 0, 512, 1000, "5"},
		{math.MaxUint64, 0, 512, 1, "9444732965739290426880"},
	}
	for _, tt := range tests {
		if got := Readable(tt.n, tt.opts, tt.from, tt.to); got != tt.want {
			t.Errorf("Readable(%d, %d, %d, %d) = %q, want %q", tt.n, tt.opts, tt.from, tt.to, got, tt.want)
		}
	}
}

func TestHumanOptions(t *testing.T) {
	type result struct {
		Opts Opts
		BS   uint64
		Err  xstrtol.Err
	}
	str := func(s string) *string { return &s }
	noEnv := func(string) (string, bool) { return "", false }
	tests := []struct {
		spec *string
		want result
	}{
		{nil, result{0, 1024, xstrtol.OK}},
		{str("K"), result{SI | Base1024, 1024, xstrtol.OK}},
		{str("1K"), result{0, 1024, xstrtol.OK}},
		{str("KB"), result{SI | B, 1000, xstrtol.OK}},
		{str("MiB"), result{SI | B | Base1024, 1 << 20, xstrtol.OK}},
		{str("human"), result{H, 1, xstrtol.OK}},
		{str("si"), result{SIOpt, 1, xstrtol.OK}},
		{str("'1"), result{GroupDigits, 1, xstrtol.OK}},
		{str("0"), result{0, 1024, xstrtol.Invalid}},
		{str("x"), result{0, 1024, xstrtol.Invalid}},
	}
	for _, tt := range tests {
		o, bs, err := Options(tt.spec, noEnv)
		if d := cmp.Diff(tt.want, result{o, bs, err}); d != "" {
			t.Errorf("Options(%v) (-want +got):\n%s", tt.spec, d)
		}
	}
}
