package xstrtol

import "testing"

func TestParseSuffixed(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  error
	}{
		{"5", 5, nil},
		{" 7", 7, nil},
		{"-3", -3, nil},
		{"1K", 1024, nil},
		{"1k", 1024, nil},
		{"1KB", 1000, nil},
		{"1KiB", 1024, nil},
		{"2M", 2 << 20, nil},
		{"1E", 1 << 60, nil},
		{"8E", 0, ErrRange},
		{"99999999999999999999", 0, ErrRange},
		{"", 0, ErrInvalid},
		{"5b", 0, ErrInvalid},
		{"5x", 0, ErrInvalid},
		{"1KBB", 0, ErrInvalid},
		{"+-5", 0, ErrInvalid},
	}
	for _, tt := range tests {
		got, err := ParseSuffixed(tt.in, "EgGkKmMPtTYZ0")
		if got != tt.want || err != tt.err {
			t.Errorf("ParseSuffixed(%q) = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}
