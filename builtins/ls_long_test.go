package builtins

import (
	"testing"

	"github.com/shellfence/shellfence/builtins/internal/modes"
)

func TestModeString(t *testing.T) {
	tests := []struct {
		u    uint32
		dir  bool
		want string
	}{
		{0o755, true, "drwxr-xr-x"},
		{0o4644, false, "-rwSr--r--"},
		{0o1777, true, "drwxrwxrwt"},
		{0o2750, false, "-rwxr-s---"},
	}
	for _, tt := range tests {
		m := modes.FileMode(tt.u)
		if tt.dir {
			m |= 1 << 31
		}
		if got := modeString(m); got != tt.want {
			t.Errorf("modeString(%04o) = %s, want %s", tt.u, got, tt.want)
		}
	}
}
