package builtins

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCutList(t *testing.T) {
	tests := []struct {
		spec       string
		complement bool
		want       cutList
		err        string
	}{
		{"1,3-5,7-", false, cutList{{1, 1}, {3, 5}, {7, noPos}}, ""},
		{"-3", false, cutList{{1, 3}}, ""},
		{"5,1-2 3", false, cutList{{1, 2}, {3, 3}, {5, 5}}, ""},
		{"2-4,3-6", false, cutList{{2, 6}}, ""},
		{"2-3", true, cutList{{1, 1}, {4, noPos}}, ""},
		{"1-", true, nil, ""},
		{"0", false, nil, "fields are numbered from 1"},
		{"-", false, nil, "invalid range with no endpoint: -"},
		{"3-1", false, nil, "invalid decreasing range"},
		{"1-2-3", false, nil, "invalid field range"},
		{"a", false, nil, "invalid field value ‘a’"},
	}
	for _, tt := range tests {
		got, err := parseCutList(tt.spec, false, tt.complement)
		if err != nil || tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.spec, err, tt.err)
			}
			continue
		}
		if d := cmp.Diff(tt.want, got, cmp.AllowUnexported(cutRange{})); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.spec, d)
		}
	}
}
