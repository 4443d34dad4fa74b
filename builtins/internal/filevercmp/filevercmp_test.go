package filevercmp

import (
	"cmp"
	"testing"
)

func TestFilevercmp(t *testing.T) {
	// Each list is in GNU's ls -v order.
	lists := [][]string{
		{".", "..", ".a", "1", "a"},
		{"f1", "f1.9", "f1.10", "f9", "f10"},
		{"a", "a2", "a10", "b"},
		{"foo-1.0.tar.gz", "foo-1.2.tar.gz", "foo-1.10.tar.gz"},
		{"a~", "a", "a1"},
		{"x.c", "x.h", "x10.c"},
	}
	for _, eq := range [][2]string{{"a", "a0"}, {"a1", "a01"}} {
		if c := Compare(eq[0], eq[1]); c != 0 {
			t.Errorf("Compare(%q, %q) = %d, want 0 (ls breaks the tie by name)", eq[0], eq[1], c)
		}
	}
	for _, l := range lists {
		for i := 0; i+1 < len(l); i++ {
			if c := Compare(l[i], l[i+1]); c >= 0 {
				t.Errorf("Compare(%q, %q) = %d, want < 0", l[i], l[i+1], c)
			}
			if c := Compare(l[i+1], l[i]); c <= 0 {
				t.Errorf("Compare(%q, %q) = %d, want > 0", l[i+1], l[i], c)
			}
		}
	}
}

// TestFileVerCmp checks gnulib's filevercmp order (its test list, sorted).
func TestFileVerCmp(t *testing.T) {
	sorted := []string{"", ".", "..", ".0", ".9", ".A", ".Z", ".a~", ".a", ".b~", ".b", ".z", ".zz~",
		".zz", ".zz.~1~", ".zz.0", ".\x01", ".\x01.txt", ".\x01x", ".\x01x\x01", ".\x01.0", "0", "9",
		"A", "Z", "a~", "a", "a.b~", "a.b", "a.bc~", "a.bc", "a+", "a.", "a..a", "a.+", "b~", "b", "gcc-c++-10.fc9.tar.gz",
		"gcc-c++-10.fc9.tar.gz.~1~", "gcc-c++-10.fc9.tar.gz.~2~", "gcc-c++-10.8.12-0.7rc2.fc9.tar.bz2",
		"gcc-c++-10.8.12-0.7rc2.fc9.tar.bz2.~1~", "glibc-2-0.1.beta1.fc10.rpm", "glibc-common-5-0.2.beta2.fc9.ebuild",
		"glibc-common-5-0.2b.deb", "glibc-common-11b.ebuild", "glibc-common-11-0.6rc2.ebuild", "libstdc++-0.5.8.11-0.7rc2.fc10.tar.gz",
		"libstdc++-4a.fc8.tar.gz", "libstdc++-4.10.4.20040204svn.rpm", "libstdc++-devel-3.fc8.ebuild",
		"libstdc++-devel-3a.fc9.tar.gz", "libstdc++-devel-8.fc8.deb", "libstdc++-devel-8.6.2-0.4b.fc8",
		"nss_ldap-1-0.2b.fc9.tar.bz2", "nss_ldap-1-0.6rc2.fc8.tar.gz", "nss_ldap-1.0-0.1a.tar.gz",
		"nss_ldap-10beta1.fc8.tar.gz", "nss_ldap-10.11.8.6.20040204cvs.fc10.ebuild", "z", "zz~", "zz",
		"zz.~1~", "zz.0", "zz.0.txt", "#.b#"}
	for i := range sorted {
		for j := range sorted {
			got := Compare(sorted[i], sorted[j])
			if want := cmp.Compare(i, j); max(-1, min(got, 1)) != want {
				t.Errorf("Compare(%q, %q) = %d, want sign %d", sorted[i], sorted[j], got, want)
			}
		}
	}
}
