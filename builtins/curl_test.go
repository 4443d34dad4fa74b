package builtins_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// testDate is the Date every response of the test server carries, so
// that outputs compare.
const testDate = "Wed, 02 Dec 2026 06:00:00 GMT"

// netServer is the server curl and wget talk to in tests.
func netServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(netHandler))
	t.Cleanup(srv.Close)
	return srv
}

func netHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Date", testDate)
	switch p := r.URL.Path; {
	case p == "/hello" || p == "/files/data.txt":
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "hello world\n")
	case p == "/hello2":
		io.WriteString(w, "second\n")
	case p == "/json":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"items":[1,2,3],"name":"x"}`+"\n")
	case p == "/redir":
		http.Redirect(w, r, "/hello", http.StatusFound)
	case p == "/redir303":
		http.Redirect(w, r, "/echo", http.StatusSeeOther)
	case p == "/loop":
		http.Redirect(w, r, "/loop", http.StatusFound)
	case p == "/slow":
		time.Sleep(3 * time.Second)
	case strings.HasPrefix(p, "/status/"):
		var code int
		fmt.Sscan(strings.TrimPrefix(p, "/status/"), &code)
		w.WriteHeader(code)
		fmt.Fprintf(w, "status %d\n", code)
	case p == "/echo":
		echo(w, r)
	default:
		http.NotFound(w, r)
	}
}

// echo answers with what it received: method, target, some headers, body.
func echo(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "%s %s\n", r.Method, r.URL.RequestURI())
	for _, h := range []string{"Accept", "Authorization", "Content-Type", "Referer", "User-Agent", "X-A", "X-Test"} {
		if v, ok := r.Header[h]; ok {
			fmt.Fprintf(w, "%s: %q\n", h, v)
		}
	}
	b, _ := io.ReadAll(r.Body)
	fmt.Fprintf(w, "body %q\n", b)
}

// exempt returns srv's address for fetch.Fetcher.Exempt.
func exempt(srv *httptest.Server) netip.AddrPort {
	return netip.MustParseAddrPort(srv.Listener.Addr().String())
}

// netEngine returns an engine for ws whose curl and wget reach the
// servers' addresses (and nothing else the guard refuses).
func netEngine(t *testing.T, ws *vfs.FS, f *fetch.Fetcher, prefixes ...string) *engine.Engine {
	t.Helper()
	n, err := builtins.NewNet(f, prefixes)
	if err != nil {
		t.Fatal(err)
	}
	return engine.New(ws, engine.WithNet(n), engine.WithEnv("LC_ALL=C.UTF-8"))
}

func testFetcher(addrs ...netip.AddrPort) *fetch.Fetcher {
	return &fetch.Fetcher{Exempt: addrs, MaxRedirects: 50, Name: "curl"}
}

type netOutcome struct {
	Stdout, Stderr string
	Status         int
}

func runNet(t *testing.T, e *engine.Engine, cmd string) netOutcome {
	t.Helper()
	res, err := e.Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	return netOutcome{string(res.Stdout), string(res.Stderr), res.ExitCode}
}

// runReal runs cmd in bash in dir with the real tools.
func runReal(t *testing.T, dir, cmd string) netOutcome {
	t.Helper()
	c := exec.Command("bash", "-c", cmd)
	c.Dir = dir
	c.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8", "HOME=" + dir}
	var out, errb strings.Builder
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return netOutcome{out.String(), errb.String(), code}
}

var (
	reMillis    = regexp.MustCompile(`after \d+ (ms|milliseconds)`)
	reTime      = regexp.MustCompile(`\b\d+\.\d{6}\b`)
	reWgetStamp = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d`)
	reWgetSpeed = regexp.MustCompile(`\(([\d.]+ [KMG]?B/s)\)`)
	reWgetDots  = regexp.MustCompile(`(?m)^ +\d+K[ .]*( +\d+%)?.*$`)
)

// normalize makes outputs of two runs comparable: the server's address,
// times, and the order of header lines (ours are sorted).
func normalize(s, host string) string {
	s = strings.ReplaceAll(s, host, "HOST")
	s = reMillis.ReplaceAllString(s, "after N $1")
	s = reTime.ReplaceAllString(s, "T.TTTTTT")
	s = reWgetStamp.ReplaceAllString(s, "DATE TIME")
	s = reWgetSpeed.ReplaceAllString(s, "(SPEED)")
	s = reWgetDots.ReplaceAllString(s, "PROGRESS")
	return sortHeaderBlocks(s)
}

// sortHeaderBlocks sorts the lines of each header block: from a line
// starting "HTTP/" (or "  HTTP/" for wget -S) to the next blank one.
func sortHeaderBlocks(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "HTTP/") {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) != "" && strings.HasPrefix(lines[j], " ") == strings.HasPrefix(lines[i], " ") {
			j++
		}
		sort.Strings(lines[i+1 : j])
		i = j
	}
	return strings.Join(lines, "")
}

// curlCases are command lines run by our curl and by curl 7.88; URL
// stands for the test server.
var curlCases = []string{
	"curl -s URL/hello",
	"curl -s -i URL/hello",
	"curl -s -I URL/hello",
	"curl -sS URL/status/404",
	"curl -sS -f URL/status/404",
	"curl -s -f URL/status/404",
	"curl -s --fail-with-body URL/status/404",
	"curl -sS -I URL/status/404",
	"curl -s URL/redir",
	"curl -sL URL/redir",
	"curl -s -L --max-redirs 2 URL/loop",
	"curl -sS -L --max-redirs 2 URL/loop",
	"curl -sS -L --max-redirs 0 URL/redir",
	"curl -s -w '%{http_code}\\n' URL/hello",
	"curl -s -o /dev/null -w '%{http_code} %{content_type} %{size_download}\\n' URL/hello",
	"curl -sL -o /dev/null -w '%{url_effective} %{num_redirects}\\n' URL/redir",
	"curl -s -o /dev/null -w '%{redirect_url}|%{http_version}|%{scheme}\\n' URL/redir",
	"curl -s -o /dev/null -w '%{http_code}' URL/status/404",
	"curl -s -o /dev/null -w '%header{content-type}\\n' URL/hello",
	"curl -s -o /dev/null -w '%{method} %{size_upload}\\n' -d abc URL/echo",
	"curl -sS -f -w '%{http_code}\\n' URL/status/500",
	"curl -s -w '%{foo}|\\n' URL/hello",
	"curl -s -w '100%% done\\t%{exitcode}\\n' -o /dev/null URL/hello",
	"curl -s -d a=1 -d b=2 URL/echo",
	"curl -s --data-binary @body.txt URL/echo",
	"curl -s -d @body.txt URL/echo",
	"curl -s --data-raw @body.txt URL/echo",
	"curl -s --data-urlencode 'q=a b&c' --data-urlencode '=x y' --data-urlencode plain URL/echo",
	"curl -s --data-urlencode f@body.txt URL/echo",
	"curl -s -G -d q=1 -d r=2 URL/echo",
	"curl -s -G -d q=1 'URL/echo?a=b'",
	"curl -s -X PUT -d x URL/echo",
	"curl -s -X DELETE URL/echo",
	"curl -s -H 'X-Test: one' -H 'Accept: text/plain' URL/echo",
	"curl -s -H 'X-A: 1' -H 'X-A: 2' URL/echo",
	"curl -s -H 'Accept:' URL/echo",
	"curl -s -H 'X-Test;' URL/echo",
	"curl -s -A 'agent/1.0' -e http://ref.example/ URL/echo",
	"curl -s -u user:pw URL/echo",
	"curl -s -H 'Content-Type: application/json' -d '{\"a\":1}' URL/echo",
	"curl -sL -d x=1 URL/redir303",
	"curl -s -o out.txt URL/hello; cat out.txt",
	"curl -s -O URL/files/data.txt; cat data.txt",
	"curl -sS -O URL/",
	"curl -s --create-dirs -o a/b/c.txt URL/hello; cat a/b/c.txt",
	"curl -sS -o nodir/x URL/hello",
	"curl -s -D hdr.txt -o /dev/null URL/hello; cat hdr.txt",
	"curl -s URL/hello URL/hello2",
	"curl -s -o a.txt URL/hello -o b.txt URL/hello2; cat a.txt b.txt",
	"curl -s --url URL/hello",
	"curl -s -w @fmt.txt -o /dev/null URL/hello",
	"curl -sSf URL/hello | wc -c",
	"curl -sS --max-time 0.5 URL/slow",
	"curl -s --max-time 0.5 -w '%{http_code} %{exitcode}\\n' URL/slow",
	"curl -sS CLOSED/",
	"curl -s -w '%{http_code}\\n' CLOSED/",
	"curl --bogus URL/",
	"curl -o",
	"curl",
	"curl -sS -m abc URL/hello",
	"curl -sS 'foo://x/'",
	"curl -s -o /dev/null -w '%{errormsg}|%{exitcode}\\n' -f URL/status/403",
	"curl -qsS URL/hello",
	"curl -s -k --compressed URL/json",
}

// wgetCases are command lines run by our wget and wget 1.21.3.
var wgetCases = []string{
	"wget URL/hello; cat hello",
	"wget -q URL/hello; wget -q URL/hello; ls; cat hello.1",
	"wget -q URL/status/404",
	"wget URL/status/404",
	"wget -nv URL/status/404",
	"wget -nv URL/hello",
	"wget -nv URL/redir; cat redir",
	"wget -O - URL/redir",
	"wget -qO- URL/hello",
	"wget -q -O - URL/json",
	"wget -q -O out.txt URL/hello; cat out.txt",
	"wget -q -O out.txt URL/hello URL/hello2; cat out.txt",
	"wget -q -S -O x URL/hello",
	"wget -q -S URL/status/404",
	"wget -S -O /dev/null URL/hello",
	"wget -q --max-redirect 0 URL/redir",
	"wget --max-redirect 0 URL/redir",
	"wget -q -O - --header 'X-Test: yes' URL/echo",
	"wget -q -O - -U agent/2 URL/echo",
	"wget -q -O - --post-data 'a=1&b=2' URL/echo",
	"wget -q -O - --post-file body.txt URL/echo",
	"wget -q -O - --method=PUT --body-data=x URL/echo",
	"wget -q -O - --method=DELETE URL/echo",
	"wget -q -O - --user u --password p URL/echo",
	"wget -q -O - URL/status/500",
	"wget -q --content-on-error -O - URL/status/404",
	"wget -q -P sub URL/hello; cat sub/hello",
	"wget -q URL/; ls",
	"wget -q CLOSED/",
	"wget -t 1 CLOSED/",
	"wget -nv -t 1 CLOSED/",
	"wget --bogus",
	"wget",
	"wget -q -O nodir/x URL/hello",
	"wget -q -O- URL/hello | wc -c",
}

// TestWgetLikeWget runs wgetCases through our wget and the real one.
func TestWgetLikeWget(t *testing.T) {
	if _, err := exec.LookPath("wget"); err != nil {
		t.Skip("wget is not installed")
	}
	compareNet(t, wgetCases)
}

// TestCurlLikeCurl runs curlCases through our curl and the real one
// against the same test server.
func TestCurlLikeCurl(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed")
	}
	compareNet(t, curlCases)
}

// compareNet runs each command line through ours and the real tools and
// compares stdout, stderr and status after normalizing.
func compareNet(t *testing.T, cases []string) {
	srv := netServer(t)
	closed := closedAddr(t)
	seed := map[string]string{"body.txt": "line one\r\nline two\n", "fmt.txt": "code=%{http_code}\\n"}
	for _, c := range cases {
		cmd := strings.ReplaceAll(strings.ReplaceAll(c, "URL", srv.URL), "CLOSED", "http://"+closed.String())
		t.Run(c, func(t *testing.T) {
			dir, ws := vfstest.Workspace(t, seed)
			realDir, _ := vfstest.Workspace(t, seed)
			got := runNet(t, netEngine(t, ws, testFetcher(exempt(srv), closed)), cmd)
			want := runReal(t, realDir, cmd)
			host := srv.Listener.Addr().String()
			for _, o := range []*netOutcome{&got, &want} {
				o.Stdout, o.Stderr = normalize(o.Stdout, host), normalize(o.Stderr, host)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s (-real +ours):\n%s", cmd, d)
			}
			if d := cmp.Diff(listDir(t, realDir), listDir(t, dir)); d != "" {
				t.Errorf("%s: files (-real +ours):\n%s", cmd, d)
			}
		})
	}
}

// closedAddr returns a loopback address nothing listens on.
func closedAddr(t *testing.T) netip.AddrPort {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := netip.MustParseAddrPort(ln.Addr().String())
	ln.Close()
	return a
}

// listDir lists the files under dir with their contents.
func listDir(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s", rel)
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, " %q", normalize(string(data), "-"))
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}
