package builtins_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// TestCurlEscapes: what the guard, the prefixes and the workspace refuse.
func TestCurlEscapes(t *testing.T) {
	srv := netServer(t)
	other := netServer(t) // on loopback, not exempt
	jump := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		targets := map[string]string{"/private": "http://10.1.2.3/", "/loopback": other.URL + "/hello",
			"/metadata": "http://169.254.169.254/latest/meta-data/", "/file": "file:///etc/passwd"}
		http.Redirect(w, r, targets[r.URL.Path], http.StatusFound)
	}))
	t.Cleanup(jump.Close)
	dir, ws := vfstest.Workspace(t, map[string]string{"../outside/secret": "SECRET\n", "in.txt": "in\n"})
	e := netEngine(t, ws, testFetcher(exempt(srv), exempt(jump)))
	tests := []struct{ cmd, stderr string }{
		{"curl -sS http://127.0.0.1:1/", "loopback address refused"},
		{"curl -sS http://localhost:" + strings.Split(other.URL, ":")[2] + "/hello", "loopback address refused"},
		{"curl -sS " + other.URL + "/hello", "loopback address refused"},
		{"curl -sS http://[::1]/", "loopback address refused"},
		{"curl -sS http://[::ffff:127.0.0.1]/", "loopback address refused"},
		{"curl -sS http://169.254.169.254/latest/meta-data/", "cloud metadata address refused"},
		{"curl -sS http://[fd00:ec2::254]/", "cloud metadata address refused"},
		{"curl -sS http://10.0.0.1/", "private address refused"},
		{"curl -sS http://192.168.1.1/", "private address refused"},
		{"curl -sS http://0.0.0.0/", "unspecified address refused"},
		{"curl -sS http://2130706433/", "curl: (6)"},
		{"curl -sSL " + jump.URL + "/private", "10.1.2.3: private address refused"},
		{"curl -sSL " + jump.URL + "/loopback", "loopback address refused"},
		{"curl -sSL " + jump.URL + "/metadata", "cloud metadata address refused"},
		{"curl -sSL " + jump.URL + "/file", "curl: (1)"},
		{"curl -sS file:///etc/passwd", `curl: (1) Protocol "file" not supported`},
		{"curl -sS -o ../x " + srv.URL + "/hello", "curl: (23) Failure writing output to destination"},
		{"curl -sS -o " + filepath.Dir(dir) + "/outside/x " + srv.URL + "/hello", "curl: (23)"},
		{"curl -sS --create-dirs -o ../../y/x " + srv.URL + "/hello", "curl: (23)"},
		{"curl -sS -D ../h -o /dev/null " + srv.URL + "/hello", ""},
		{"curl -o ../x " + srv.URL + "/hello", "Warning: Failed to open the file ../x: "},
		{"curl -d @../outside/secret " + srv.URL + "/echo", `Couldn't read data from file "../outside/secret"`},
		{"wget -q -O ../x " + srv.URL + "/hello", "../x: "},
		{"wget -q " + other.URL + "/hello", ""},
	}
	for _, tt := range tests {
		got := runNet(t, e, tt.cmd)
		if got.Status == 0 && !strings.HasPrefix(tt.cmd, "curl -sS -D") && !strings.HasPrefix(tt.cmd, "curl -d") {
			t.Errorf("%s: status 0", tt.cmd)
		}
		if !strings.Contains(got.Stderr, tt.stderr) {
			t.Errorf("%s: stderr %q, want it to contain %q", tt.cmd, got.Stderr, tt.stderr)
		}
		if strings.Contains(got.Stdout, "SECRET") || strings.Contains(got.Stdout, "hello world") && strings.Contains(tt.cmd, other.URL) {
			t.Errorf("%s: stdout %q", tt.cmd, got.Stdout)
		}
	}
	for _, name := range []string{"x", "h", "y"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(dir), name)); err == nil {
			t.Errorf("%s was written outside the workspace", name)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "outside", "x")); err == nil {
		t.Errorf("outside/x was written")
	}
}

// TestCurlNetOff: without a network curl says so, exit 7, and names the
// flag; wget exits 4.
func TestCurlNetOff(t *testing.T) {
	e := engine.New(vfstest.Mem(t, "/ws", nil))
	for _, tt := range []struct {
		cmd    string
		status int
		stderr string
	}{
		{"curl -s https://example.com/", 7, ""},
		{"curl https://example.com/", 7, "curl: (7) network access is off in this shell (start shellfence with --allow-net to allow it)\n"},
		{"curl -sS -w '%{http_code}\\n' https://example.com/", 7, "curl: (7) network access is off in this shell (start shellfence with --allow-net to allow it)\n"},
		{"wget -q https://example.com/", 4, "wget: network access is off in this shell (start shellfence with --allow-net to allow it)\n"},
	} {
		got := runNet(t, e, tt.cmd)
		if got.Status != tt.status || got.Stderr != tt.stderr {
			t.Errorf("%s: status %d stderr %q, want %d %q", tt.cmd, got.Status, got.Stderr, tt.status, tt.stderr)
		}
	}
}

// TestCurlPrefixes: --allow-net=PREFIXES admits URLs under them only, and
// a redirect out of them is refused.
func TestCurlPrefixes(t *testing.T) {
	srv := netServer(t)
	e := netEngine(t, vfstest.Mem(t, "/ws", nil), testFetcher(exempt(srv)), srv.URL+"/hello", srv.URL+"/redir")
	for _, tt := range []struct{ cmd, stdout, stderr string }{
		{"curl -sS " + srv.URL + "/hello", "hello world\n", ""},
		{"curl -sS " + srv.URL + "/hello2", "", "curl: (7) " + srv.URL + "/hello2 is not under the URLs --allow-net permits (" + srv.URL + "/hello, " + srv.URL + "/redir)\n"},
		{"curl -sS " + srv.URL + "/", "", "is not under the URLs"},
		{"curl -sSL " + srv.URL + "/redir", "hello world\n", ""},
	} {
		got := runNet(t, e, tt.cmd)
		if got.Stdout != tt.stdout || !strings.Contains(got.Stderr, tt.stderr) {
			t.Errorf("%s: got %+v", tt.cmd, got)
		}
	}
	sneaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, srv.URL+"/echo", http.StatusFound)
	}))
	defer sneaky.Close()
	e = netEngine(t, vfstest.Mem(t, "/ws", nil), testFetcher(exempt(srv), exempt(sneaky)), sneaky.URL+"/")
	if got := runNet(t, e, "curl -sSL "+sneaky.URL+"/x"); got.Status != 7 || !strings.Contains(got.Stderr, srv.URL+"/echo is not under") {
		t.Errorf("redirect out of the prefixes: %+v", got)
	}
}

// TestCurlNetHeaders: the server's headers reach the server under their
// prefix, never another origin after a redirect, and never show in -v or
// -w.
func TestCurlNetHeaders(t *testing.T) {
	other := netServer(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/away" {
			http.Redirect(w, r, other.URL+"/echo", http.StatusFound)
			return
		}
		netHandler(w, r)
	}))
	defer srv.Close()
	hook, err := fetch.PrefixHeaders(map[string]http.Header{srv.URL + "/": {"Authorization": {"Bearer s3cret-token"}}})
	if err != nil {
		t.Fatal(err)
	}
	f := testFetcher(exempt(srv), exempt(other))
	f.Headers = hook
	e := netEngine(t, vfstest.Mem(t, "/ws", nil), f)
	got := runNet(t, e, "curl -s "+srv.URL+"/echo")
	if !strings.Contains(got.Stdout, `Authorization: ["Bearer s3cret-token"]`) {
		t.Errorf("the header did not reach the server: %q", got.Stdout)
	}
	got = runNet(t, e, "curl -sL "+srv.URL+"/away")
	if strings.Contains(got.Stdout, "s3cret") || !strings.Contains(got.Stdout, "GET /echo") {
		t.Errorf("after a redirect to another origin: %q", got.Stdout)
	}
	got = runNet(t, e, "curl -sv -o /dev/null -w '%{url_effective} %header{authorization} %{errormsg}\\n' "+srv.URL+"/echo")
	if strings.Contains(got.Stdout+got.Stderr, "s3cret") {
		t.Errorf("-v or -w shows the token: %+v", got)
	}
	if !strings.Contains(got.Stderr, "not shown: Authorization") || !strings.Contains(got.Stderr, "> GET /echo HTTP/1.1\r\n") {
		t.Errorf("-v: %q", got.Stderr)
	}
	u, _ := url.Parse(srv.URL + "/echo")
	if h := hook(u); h.Get("Authorization") == "" {
		t.Fatal("hook")
	}
}
