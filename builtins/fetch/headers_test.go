package fetch

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPrefixHeaders(t *testing.T) {
	hook, err := PrefixHeaders(map[string]http.Header{
		"https://api.example.com":         {"Authorization": {"Bearer all"}, "X-Site": {"api"}},
		"https://api.example.com/v1/":     {"Authorization": {"Bearer v1"}},
		"http://LOCAL.test:8080/x":        {"x-local": {"yes"}},
		"https://api.example.com:8443/v2": {"X-Port": {"8443"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	all := http.Header{"Authorization": {"Bearer all"}, "X-Site": {"api"}}
	v1 := http.Header{"Authorization": {"Bearer v1"}, "X-Site": {"api"}}
	tests := []struct {
		url  string
		want http.Header
	}{
		{"https://api.example.com", all},
		{"https://api.example.com/", all},
		{"https://API.example.com:443/other", all},
		{"https://api.example.com/v1", v1},
		{"https://api.example.com/v1/users?x=1", v1},
		{"https://api.example.com/v10", all},
		{"https://api.example.com:8443/v2/a", http.Header{"X-Port": {"8443"}}},
		{"https://api.example.com:8443/", http.Header{}},
		{"http://api.example.com/", http.Header{}},       // another scheme
		{"https://api.example.com.evil/", http.Header{}}, // another host
		{"https://evil/https://api.example.com", http.Header{}},
		{"http://local.test:8080/x/y", http.Header{"X-Local": {"yes"}}},
		{"http://local.test:8080/xy", http.Header{}},
		{"http://local.test/x", http.Header{}}, // another port
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.url)
		if diff := cmp.Diff(tt.want, hook(u)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.url, diff)
		}
	}
}

func TestPrefixHeadersBad(t *testing.T) {
	tests := map[string]string{
		"api.example.com":         `header prefix "api.example.com": missing scheme (want http:// or https://)`,
		"ftp://x/":                `header prefix "ftp://x/": unsupported scheme "ftp" (only http and https)`,
		"https://u:p@x/":          `header prefix "https://u:p@x/": want scheme://host/path, without user, query or fragment`,
		"https://x/?a=b":          `header prefix "https://x/?a=b": want scheme://host/path, without user, query or fragment`,
		"https://x/%zz":           `header prefix "https://x/%zz": parse "https://x/%zz": invalid URL escape "%zz"`,
		"https:///no-host-at-all": `header prefix "https:///no-host-at-all": missing host`,
	}
	for key, want := range tests {
		_, err := PrefixHeaders(map[string]http.Header{key: {"A": {"b"}}})
		if errText(err) != want {
			t.Errorf("%s:\ngot  %v\nwant %s", key, err, want)
		}
	}
}

// TestHeadersNotForwarded: the headers of a prefix, and the caller's
// credentials, are not sent after a redirect to another origin; the
// caller's other headers are.
func TestHeadersNotForwarded(t *testing.T) {
	seen := map[string]http.Header{}
	record := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			seen[name+r.URL.Path] = r.Header
			if target := r.URL.Query().Get("to"); target != "" {
				http.Redirect(w, r, target, http.StatusFound)
			}
		}
	}
	b := serve(t, record("b"))
	a := serve(t, record("a"))
	hook, err := PrefixHeaders(map[string]http.Header{a.URL + "/api": {"X-Token": {"secret-a"}}})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := local()
	f.Headers = hook
	own := http.Header{"Authorization": {"Basic dXNlcg=="}, "Cookie": {"s=1"}, "X-Mine": {"1"}}
	// a/api → a/api/same (same origin) → b/elsewhere (another origin) → a/api/back
	back := url.QueryEscape(a.URL + "/api/back")
	to := url.QueryEscape(b.URL + "/elsewhere?to=" + back)
	mustFetch(t, f, Request{URL: a.URL + "/api?to=" + url.QueryEscape("/api/same?to="+to), Header: own})

	tests := []struct {
		hop               string
		token, auth, mine string
	}{
		{"a/api", "secret-a", "Basic dXNlcg==", "1"},
		{"a/api/same", "secret-a", "Basic dXNlcg==", "1"},
		{"b/elsewhere", "", "", "1"},
		{"a/api/back", "secret-a", "", "1"}, // the prefix's own headers again; the caller's credentials stay dropped
	}
	for _, tt := range tests {
		h := seen[tt.hop]
		if h == nil {
			t.Errorf("%s: not reached (reached %v)", tt.hop, strings.Join(keys(seen), ", "))
			continue
		}
		got := [3]string{h.Get("X-Token"), h.Get("Authorization"), h.Get("X-Mine")}
		if want := [3]string{tt.token, tt.auth, tt.mine}; got != want {
			t.Errorf("%s: X-Token, Authorization, X-Mine = %q, want %q", tt.hop, got, want)
		}
		if tt.auth == "" && h.Get("Cookie") != "" {
			t.Errorf("%s: Cookie %q sent", tt.hop, h.Get("Cookie"))
		}
	}
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
