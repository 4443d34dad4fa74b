package xstrtol

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestXstrtoumax(t *testing.T) {
	type result struct {
		V   uint64
		Err Err
	}
	tests := []struct {
		in   string
		want result
	}{
		{"10", result{10, OK}},
		{" +7", result{7, OK}},
		{"0x10", result{16, OK}},
		{"010", result{8, OK}},
		{"1K", result{1024, OK}},
		{"1KB", result{1000, OK}},
		{"1KiB", result{1024, OK}},
		{"K", result{1024, OK}},
		{"2M", result{2 << 20, OK}},
		{"1kB", result{1000, OK}},
		{"1Q", result{1, InvalidSuffixChar}},
		{"1Kx", result{1024, InvalidSuffixChar}},
		{"", result{0, Invalid}},
		{"x", result{0, Invalid}},
		{"-1", result{0, Invalid}},
		{"99999999999999999999999", result{math.MaxUint64, Overflow}},
		{"99999999Y", result{math.MaxUint64, Overflow}},
	}
	for _, tt := range tests {
		v, err := Umax(tt.in, 0, "eEgGkKmMpPtTyYzZ0")
		if d := cmp.Diff(tt.want, result{v, err}); d != "" {
			t.Errorf("Umax(%q) (-want +got):\n%s", tt.in, d)
		}
	}
}
