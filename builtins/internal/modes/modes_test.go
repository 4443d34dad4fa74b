package modes

import "testing"

func TestAdjustMode(t *testing.T) {
	tests := []struct {
		mode string
		old  uint32
		dir  bool
		want uint32
	}{
		{"u+x", 0o644, false, 0o744},
		{"go-w", 0o666, false, 0o644},
		{"a=r,u+w", 0o777, false, 0o644},
		{"+x", 0o644, false, 0o755},
		{"-w", 0o666, false, 0o466}, // the umask 022 keeps g and o
		{"+X", 0o644, false, 0o644},
		{"+X", 0o744, false, 0o755},
		{"+X", 0o600, true, 0o711},
		{"o=u", 0o640, false, 0o646},
		{"g=o", 0o604, false, 0o644},
		{"755", 0o4644, false, 0o755},
		{"755", 0o2700, true, 0o2755},
		{"00755", 0o2700, true, 0o755},
		{"u+s,g+s,+t", 0o755, false, 0o7755},
		{"=", 0o777, false, 0o000},
		{"=640", 0o777, false, 0o640},
		{"ug=rw,o=", 0o777, false, 0o660},
	}
	for _, tt := range tests {
		c, ok := Compile(tt.mode)
		if !ok {
			t.Errorf("Compile(%q) failed", tt.mode)
			continue
		}
		if got, _ := Adjust(tt.old, tt.dir, 0o022, c); got != tt.want {
			t.Errorf("%s on %04o: got %04o, want %04o", tt.mode, tt.old, got, tt.want)
		}
	}
	for _, bad := range []string{"", "u", "8", "u+q", ",", "u+x,", "u=640", "77777", "rwx", "+a"} {
		if _, ok := Compile(bad); ok && bad != "u+" {
			t.Errorf("Compile(%q) accepted", bad)
		}
	}
}
