package tools

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/fetch"
)

type fetchArgs struct {
	URL      string `json:"url" jsonschema:"the http or https URL to fetch"`
	MaxBytes int64  `json:"max_bytes,omitempty" jsonschema:"keep at most this many bytes of the body (the server caps it)"`
	Format   string `json:"format,omitempty" jsonschema:"text (default): HTML turned into readable text, other text as is; raw: the body as received"`
}

type fetchResult struct {
	URL         string `json:"url" jsonschema:"the final URL, after redirects"`
	Status      int    `json:"status" jsonschema:"the HTTP status code"`
	StatusText  string `json:"status_text"`
	ContentType string `json:"content_type"`
	Text        string `json:"text" jsonschema:"the body (text format: as readable text)"`
	Bytes       int64  `json:"bytes" jsonschema:"bytes of the body received"`
	Truncated   bool   `json:"truncated" jsonschema:"true when the body went on past max_bytes"`
	Redirects   int    `json:"redirects"`
	DurationMs  int64  `json:"duration_ms"`
}

func (tb *Toolbox) fetchTool() *Tool {
	t := define("fetch", "Fetch an http or https URL and return its body: as readable text (HTML turned into plain text, the default) or raw.\n\n"+
		"Use it to read documentation, an API response or a file on the web. Only public internet addresses can be reached: loopback, private, link-local and "+
		"cloud metadata addresses are refused, checked on the address actually connected to and again at every redirect. "+
		"The body is cut at max_bytes, the fetch times out, at most 10 redirects are followed, and nothing is written to the workspace "+
		"(save a body with write_file). A 4xx or 5xx status is returned as an error result with the body.",
		Annotations{Title: "Fetch a URL", ReadOnly: true, OpenWorld: true},
		func(ctx context.Context, c *Call, a fetchArgs) (fetchResult, *Result) { return tb.fetch(ctx, a) })
	setEnum(t.InputSchema, "format", "text", "raw")
	setDefault(t.InputSchema, "format", "text")
	if tb.cfg.Compat == CompatCmdshellmcp {
		t.Description += "\n\nIt also takes cmdshellmcp's parameter prettify: true gives the text format, false the raw body."
		t.alias = fetchAliases
	}
	return t
}

// fetchAliases turns cmdshellmcp's prettify into a format.
func fetchAliases(m map[string]any) {
	p, ok := m["prettify"].(bool)
	if !ok {
		return // absent, or not a boolean: validation says so
	}
	delete(m, "prettify")
	if _, set := m["format"]; !set {
		m["format"] = map[bool]string{true: "text", false: "raw"}[p]
	}
}

func (tb *Toolbox) fetch(ctx context.Context, a fetchArgs) (fetchResult, *Result) {
	res, err := tb.cfg.Fetcher.Fetch(ctx, fetch.Request{URL: a.URL, MaxBytes: a.MaxBytes})
	if err != nil {
		return fetchResult{}, errorf("%v", err)
	}
	out := fetchResult{URL: res.URL.String(), Status: res.Status, StatusText: res.StatusText, ContentType: res.ContentType,
		Bytes: int64(len(res.Body)), Truncated: res.Truncated, Redirects: res.Redirects, DurationMs: res.Duration.Milliseconds()}
	switch {
	case a.Format == "raw" && utf8.Valid(res.Body):
		out.Text = string(res.Body)
	case a.Format == "raw":
		return fetchResult{}, errorf("fetch: %s: the body (%d bytes, %s) is not UTF-8 text; it cannot be shown raw", a.URL, len(res.Body), res.ContentType)
	default:
		text, err := res.Text()
		if err != nil {
			return fetchResult{}, errorf("%v", err)
		}
		out.Text = text
	}
	head := fmt.Sprintf("%d %s · %s · %d bytes", out.Status, out.StatusText, out.ContentType, out.Bytes)
	if out.Truncated {
		head += " (cut at max_bytes)"
	}
	return out, &Result{Text: head + "\n\n" + out.Text, IsError: out.Status >= 400}
}
