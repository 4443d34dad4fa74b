package fetch

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestText fetches bodies of several types and reads them as text.
func TestText(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + strings.Repeat("\x00", 100)
	asciiHead := strings.Repeat("a", 1100) // past what charset sniffing reads
	tests := []struct {
		name, ctype, body string
		want, err         string
	}{
		{"plain", "text/plain", "  as  is\n\n", "  as  is\n\n", ""},
		{"json", "application/json", `{"a": 1}`, `{"a": 1}`, ""},
		{"problem json", "application/problem+json", `{}`, `{}`, ""},
		{"svg is xml", "image/svg+xml", "<svg/>", "<svg/>", ""},
		{"latin-1 text", "text/plain; charset=ISO-8859-1", "caf\xe9", "café", ""},
		{"utf-8 text", "text/csv; charset=utf-8", "a,é\n", "a,é\n", ""},
		{"html", "text/html", "<title>T</title><p>a &amp; b", "T\n\na & b\n", ""},
		{"xhtml", "application/xhtml+xml", "<p>x</p>", "x\n", ""},
		{"html latin-1", "text/html; charset=iso-8859-1", "<p>caf\xe9", "café\n", ""},
		{"html meta", "text/html", "<meta charset=windows-1252><p>caf\xe9", "café\n", ""},
		{"html utf-8 late", "text/html", "<p>" + asciiHead + " café", asciiHead + " café\n", ""},
		{"html utf-8 against meta", "text/html", "<meta charset=windows-1252><p>café", "café\n", ""},
		{"sniffed text", "application/octet-stream", "package main\n", "package main\n", ""},
		{"no type", "", "<!DOCTYPE html><p>hi", "hi\n", ""},
		{"png", "image/png", png, "", "binary content (image/png, 116 bytes) not shown as text"},
		{"sniffed png", "application/octet-stream", png, "", "binary content (image/png, 116 bytes) not shown as text"},
		{"zip", "application/zip", "PK\x03\x04", "", "binary content (application/zip, 4 bytes) not shown as text"},
	}
	var current int
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = []string{tests[current].ctype}
		w.Write([]byte(tests[current].body))
	})
	f, _ := local()
	for i, tt := range tests {
		current = i
		got, err := mustFetch(t, f, Request{URL: srv.URL + "/x"}).Text()
		if want := prefixed(tt.err, srv.URL+"/x"); errText(err) != want {
			t.Errorf("%s: error %q, want %q", tt.name, errText(err), want)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestTextTruncated: a binary body cut short says how much there was,
// when the size is known, and how much was read when it is not; a UTF-8
// page cut inside a character loses only that character.
func TestTextTruncated(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{ContentType: "image/gif", Body: []byte("GIF89a"), Truncated: true, Length: 5000},
			"binary content (image/gif, 5000 bytes) not shown as text"},
		{Result{ContentType: "image/gif", Body: []byte("GIF89a"), Truncated: true, Length: -1},
			"binary content (image/gif, more than 6 bytes) not shown as text"},
	}
	for _, tt := range tests {
		tt.r.name = "fetch"
		tt.r.URL = mustParse(t, "http://x/a.gif")
		if _, err := tt.r.Text(); errText(err) != prefixed(tt.want, "http://x/a.gif") {
			t.Errorf("got %v, want %s", err, tt.want)
		}
	}
	ascii := strings.Repeat("a", 1100)
	cut := Result{ContentType: "text/html", Body: []byte("<p>" + ascii + " caf\xc3"), Truncated: true}
	if got, _ := cut.Text(); got != ascii+" caf\n" {
		t.Errorf("UTF-8 page cut inside a character: got %q", got[len(got)-10:])
	}
}

func prefixed(msg, url string) string {
	if msg == "" {
		return ""
	}
	return "fetch: " + url + ": " + msg
}
