package vfs_test

import (
	"io/fs"
	"testing"

	"github.com/shellfence/shellfence/vfs"
)

func TestModeBits(t *testing.T) {
	tests := []struct {
		bits uint32
		mode fs.FileMode
	}{
		{0o644, 0o644},
		{0o4755, fs.ModeSetuid | 0o755},
		{0o2750, fs.ModeSetgid | 0o750},
		{0o1777, fs.ModeSticky | 0o777},
		{0o7000, fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky},
	}
	for _, tt := range tests {
		if got := vfs.GoMode(tt.bits); got != tt.mode {
			t.Errorf("GoMode(%04o) = %v, want %v", tt.bits, got, tt.mode)
		}
		if got := vfs.ModeBits(tt.mode | fs.ModeDir); got != tt.bits {
			t.Errorf("ModeBits(%v) = %04o, want %04o", tt.mode|fs.ModeDir, got, tt.bits)
		}
	}
}
