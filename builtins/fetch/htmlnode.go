package fetch

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// unseen are the elements whose content a reader of the page does not see.
var unseen = atomSet(atom.Head, atom.Script, atom.Style, atom.Noscript, atom.Template,
	atom.Svg, atom.Math, atom.Iframe, atom.Object, atom.Embed, atom.Canvas, atom.Select,
	atom.Datalist, atom.Audio, atom.Video, atom.Map)

// blocks tells how many newlines surround each block element: 2 leave a
// blank line, 1 starts a new line.
var blocks = map[atom.Atom]int{
	atom.P: 2, atom.Table: 2, atom.Dl: 2, atom.Figure: 2, atom.Address: 2,
	atom.Html: 1, atom.Body: 1, atom.Div: 1, atom.Section: 1, atom.Article: 1,
	atom.Header: 1, atom.Footer: 1, atom.Main: 1, atom.Nav: 1, atom.Aside: 1,
	atom.Dt: 1, atom.Caption: 1, atom.Figcaption: 1, atom.Details: 1, atom.Summary: 1,
	atom.Form: 1, atom.Fieldset: 1, atom.Legend: 1, atom.Center: 1, atom.Hgroup: 1,
	atom.Tbody: 1, atom.Thead: 1, atom.Tfoot: 1, atom.Option: 1,
}

var headings = map[atom.Atom]int{
	atom.H1: 1, atom.H2: 2, atom.H3: 3, atom.H4: 4, atom.H5: 5, atom.H6: 6,
}

func atomSet(as ...atom.Atom) map[atom.Atom]bool {
	m := make(map[atom.Atom]bool, len(as))
	for _, a := range as {
		m[a] = true
	}
	return m
}

// attr returns the value of n's attribute key, "" if it has none.
func attr(n *html.Node, key string) string {
	v, _ := lookupAttr(n, key)
	return v
}

func hasAttr(n *html.Node, key string) bool {
	_, ok := lookupAttr(n, key)
	return ok
}

func lookupAttr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// find returns the first HTML element a in n's tree, or nil.
func find(n *html.Node, a atom.Atom) *html.Node {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && d.DataAtom == a && d.Namespace == "" {
			return d
		}
	}
	return nil
}

// textContent returns the text in n's tree, whitespace collapsed.
func textContent(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// pageBase returns the URL the page's links are relative to: its <base
// href> resolved against base, or base.
func pageBase(doc *html.Node, base *url.URL) *url.URL {
	b := find(doc, atom.Base)
	if b == nil || !hasAttr(b, "href") {
		return base
	}
	u, err := url.Parse(strings.TrimSpace(attr(b, "href")))
	if err != nil {
		return base
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	return u
}
