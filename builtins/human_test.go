package builtins

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expected strings were printed by GNU ls 9.1 (ls -l with the same
// block sizes) on files of these sizes.
func TestHumanReadable(t *testing.T) {
	tests := []struct {
		n        uint64
		opts     humanOpts
		from, to uint64
		want     string
	}{
		{0, humanH, 1, 1, "0"},
		{1000, humanH, 1, 1, "1000"},
		{1023, humanH, 1, 1, "1023"},
		{1024, humanH, 1, 1, "1.0K"},
		{1025, humanH, 1, 1, "1.1K"},
		{10239, humanH, 1, 1, "10K"},
		{10241, humanH, 1, 1, "11K"},
		{102400, humanH, 1, 1, "100K"},
		{1048575, humanH, 1, 1, "1.0M"},
		{1048577, humanH, 1, 1, "1.1M"},
		{10485761, humanH, 1, 1, "11M"},
		{1073741823, humanH, 1, 1, "1.0G"},
		{1000, humanSIOpt, 1, 1, "1.0k"},
		{1023, humanSIOpt, 1, 1, "1.1k"},
		{102400, humanSIOpt, 1, 1, "103k"},
		{1048575, humanSIOpt, 1, 1, "1.1M"},
		{0, humanSI | humanBase1024, 1, 1024, "0K"},
		{1, humanSI | humanBase1024, 1, 1024, "1K"},
		{1025, humanSI | humanBase1024, 1, 1024, "2K"},
		{1023, humanSI | humanB, 1, 1000, "2kB"},
		{1048575, humanSI | humanB, 1, 1000, "1049kB"},
		{1025, humanSI | humanB | humanBase1024, 1, 1024, "2KiB"},
		{1000, 0, 1, 3, "334"},
		{1073741824, 0, 1, 3, "357913942"},
		{56, 0, 512, 1024, "28"},
		{7, 0, 512, 1024, "4"},
		{8, humanH, 512, 1, "4.0K"},
		{9, 0, 512, 1000, "5"},
		{math.MaxUint64, 0, 512, 1, "9444732965739290426880"},
	}
	for _, tt := range tests {
		if got := humanReadable(tt.n, tt.opts, tt.from, tt.to); got != tt.want {
			t.Errorf("humanReadable(%d, %d, %d, %d) = %q, want %q", tt.n, tt.opts, tt.from, tt.to, got, tt.want)
		}
	}
}

func TestXstrtoumax(t *testing.T) {
	type result struct {
		V   uint64
		Err strtolErr
	}
	tests := []struct {
		in   string
		want result
	}{
		{"10", result{10, longintOK}},
		{" +7", result{7, longintOK}},
		{"0x10", result{16, longintOK}},
		{"010", result{8, longintOK}},
		{"1K", result{1024, longintOK}},
		{"1KB", result{1000, longintOK}},
		{"1KiB", result{1024, longintOK}},
		{"K", result{1024, longintOK}},
		{"2M", result{2 << 20, longintOK}},
		{"1kB", result{1000, longintOK}},
		{"1Q", result{1, longintInvalidSuffixChar}},
		{"1Kx", result{1024, longintInvalidSuffixChar}},
		{"", result{0, longintInvalid}},
		{"x", result{0, longintInvalid}},
		{"-1", result{0, longintInvalid}},
		{"99999999999999999999999", result{math.MaxUint64, longintOverflow}},
		{"99999999Y", result{math.MaxUint64, longintOverflow}},
	}
	for _, tt := range tests {
		v, err := xstrtoumax(tt.in, 0, blockSizeSuffixes)
		if d := cmp.Diff(tt.want, result{v, err}); d != "" {
			t.Errorf("xstrtoumax(%q) (-want +got):\n%s", tt.in, d)
		}
	}
}

func TestHumanOptions(t *testing.T) {
	type result struct {
		Opts humanOpts
		BS   uint64
		Err  strtolErr
	}
	str := func(s string) *string { return &s }
	noEnv := func(string) (string, bool) { return "", false }
	tests := []struct {
		spec *string
		want result
	}{
		{nil, result{0, 1024, longintOK}},
		{str("K"), result{humanSI | humanBase1024, 1024, longintOK}},
		{str("1K"), result{0, 1024, longintOK}},
		{str("KB"), result{humanSI | humanB, 1000, longintOK}},
		{str("MiB"), result{humanSI | humanB | humanBase1024, 1 << 20, longintOK}},
		{str("human"), result{humanH, 1, longintOK}},
		{str("si"), result{humanSIOpt, 1, longintOK}},
		{str("'1"), result{humanGroupDigits, 1, longintOK}},
		{str("0"), result{0, 1024, longintInvalid}},
		{str("x"), result{0, 1024, longintInvalid}},
	}
	for _, tt := range tests {
		o, bs, err := humanOptions(tt.spec, noEnv)
		if d := cmp.Diff(tt.want, result{o, bs, err}); d != "" {
			t.Errorf("humanOptions(%v) (-want +got):\n%s", tt.spec, d)
		}
	}
}
