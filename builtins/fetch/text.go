package fetch

import (
	"fmt"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// Text returns the body as UTF-8 text to read: an HTML page as [HTMLText]
// renders it, other text as it is, decoded to UTF-8 if it declares another
// charset. A binary body is an error that gives its type and size. A body
// without a Content-Type, or typed application/octet-stream, is judged by
// its first bytes.
func (r *Result) Text() (string, error) {
	mt := r.mediaType()
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		return HTMLText(decodeHTML(r.Body, r.ContentType, r.Truncated), r.URL), nil
	case isText(mt):
		return decodeText(r.Body, r.ContentType), nil
	}
	return "", fmt.Errorf("%s: %s: binary content (%s, %s) not shown as text",
		r.name, r.URL.Redacted(), mt, r.sizeText())
}

// mediaType returns the body's media type, lower-case, without parameters.
func (r *Result) mediaType() string {
	mt, _, err := mime.ParseMediaType(r.ContentType)
	if err != nil || mt == "application/octet-stream" {
		mt, _, _ = mime.ParseMediaType(http.DetectContentType(r.Body))
	}
	return mt
}

func (r *Result) sizeText() string {
	if n := r.Size(); n >= 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("more than %d bytes", len(r.Body))
}

// textTypes are the types outside text/ whose bodies are text.
var textTypes = map[string]bool{
	"application/json": true, "application/xml": true, "application/javascript": true,
	"application/x-javascript": true, "application/ecmascript": true, "application/x-sh": true,
	"application/x-shellscript": true, "application/yaml": true, "application/x-yaml": true,
	"application/toml": true, "application/sql": true, "application/graphql": true,
	"application/x-ndjson": true, "application/jsonl": true, "application/x-tex": true,
	"application/x-www-form-urlencoded": true, "application/x-httpd-php": true,
	"application/x-python": true, "application/x-perl": true, "application/x-ruby": true,
}

func isText(mt string) bool {
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "+json") ||
		strings.HasSuffix(mt, "+xml") || textTypes[mt]
}

// decodeHTML returns an HTML page as UTF-8. The encoding is the one the
// page states (byte order mark, Content-Type, <meta>), except that a page
// which only states it in a <meta>, or not at all, and is valid UTF-8 is
// taken as UTF-8. A page cut short may end in part of a character.
func decodeHTML(body []byte, contentType string, cut bool) string {
	e, name, certain := charset.DetermineEncoding(body, contentType)
	if cut {
		body = trimPartialRune(body)
	}
	if name == "utf-8" || !certain && utf8.Valid(body) {
		return string(body)
	}
	return decode(e, body)
}

// decodeText returns text as UTF-8, decoded from the charset its
// Content-Type states, if any.
func decodeText(body []byte, contentType string) string {
	_, params, _ := mime.ParseMediaType(contentType)
	if params["charset"] == "" {
		return string(body)
	}
	e, name := charset.Lookup(params["charset"])
	if e == nil || name == "utf-8" {
		return string(body)
	}
	return decode(e, body)
}

func decode(e encoding.Encoding, b []byte) string {
	d, err := e.NewDecoder().Bytes(b)
	if err != nil {
		return string(b)
	}
	return string(d)
}

// trimPartialRune drops the incomplete UTF-8 sequence a truncated body may
// end with.
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}
