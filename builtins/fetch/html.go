package fetch

import (
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTMLText renders an HTML page as plain text to read: the title first,
// then the body's headings ("# " to "###### "), paragraphs, list items
// ("- ", or "1. " in an ordered list), table rows with their cells between
// " | ", quotes ("> "), preformatted blocks as they are between ``` lines,
// links as "text (url)" with url resolved against base (or the page's
// <base>), and images as their alt text in brackets. What a browser does
// not show (the head, scripts, styles, hidden elements) is dropped,
// whitespace is collapsed and character references are decoded.
func HTMLText(page string, base *url.URL) string {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil { // only a failing reader fails html.Parse
		return ""
	}
	c := &converter{base: pageBase(doc, base)}
	if t := find(doc, atom.Title); t != nil {
		c.w.text(textContent(t))
		c.w.block(2)
	}
	c.walk(doc)
	return c.w.String()
}

type converter struct {
	w     textWriter
	base  *url.URL
	lists int // lists open around the current node
	cell  int // cells so far in the current table row
}

func (c *converter) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		c.w.text(n.Data)
	case html.ElementNode:
		c.element(n)
	case html.DocumentNode:
		c.children(n)
	}
}

func (c *converter) children(n *html.Node) {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.walk(ch)
	}
}

// element renders n according to its kind.
func (c *converter) element(n *html.Node) {
	a := n.DataAtom
	switch {
	case unseen[a] || n.Namespace != "" || hasAttr(n, "hidden") || attr(n, "aria-hidden") == "true":
	case a == atom.A:
		c.link(n)
	case a == atom.Img:
		if alt := strings.TrimSpace(attr(n, "alt")); alt != "" {
			c.w.text(" [" + alt + "] ")
		}
	case a == atom.Br:
		c.w.lineBreak()
	case a == atom.Hr:
		c.around(2, func() { c.w.word("---") })
	case a == atom.Pre:
		c.preformatted(n)
	case a == atom.Ul || a == atom.Ol:
		c.list(n)
	case a == atom.Li:
		c.item(n, "- ")
	case headings[a] > 0:
		c.inBlock(n, 2, "", strings.Repeat("#", headings[a])+" ")
	case a == atom.Blockquote:
		c.inBlock(n, 2, "> ", "")
	case a == atom.Dd:
		c.inBlock(n, 1, "  ", "")
	case a == atom.Tr:
		c.row(n)
	case a == atom.Td || a == atom.Th:
		c.tableCell(n)
	default:
		c.around(blocks[a], func() { c.children(n) })
	}
}

// around runs f between two breaks of n newlines (none if n is 0).
func (c *converter) around(n int, f func()) {
	if n > 0 {
		c.w.block(n)
	}
	f()
	if n > 0 {
		c.w.block(n)
	}
}

// inBlock renders n's children as a block with a line prefix and marker.
func (c *converter) inBlock(n *html.Node, breaks int, prefix, marker string) {
	c.around(breaks, func() {
		c.w.open(prefix, marker)
		c.children(n)
		c.w.close()
	})
}

func (c *converter) link(n *html.Node) {
	start := c.w.b.Len()
	c.children(n)
	href := c.resolve(attr(n, "href"))
	text := strings.TrimSpace(c.w.b.String()[start:])
	if href != "" && text != "" && text != href && "mailto:"+text != href {
		c.w.space = true
		c.w.word("(" + href + ")")
	}
}

// resolve returns href as an absolute URL, or "" for a link that leads
// nowhere a reader can follow (within the page, javascript:, data:).
func (c *converter) resolve(href string) string {
	href = strings.TrimSpace(href)
	lower := strings.ToLower(href)
	if href == "" || href[0] == '#' || strings.HasPrefix(lower, "javascript:") || strings.HasPrefix(lower, "data:") {
		return ""
	}
	if c.base == nil {
		return href
	}
	u, err := c.base.Parse(href)
	if err != nil {
		return href
	}
	return u.String()
}

func (c *converter) preformatted(n *html.Node) {
	c.w.block(2)
	c.w.word("```")
	c.w.block(1)
	c.w.pre++
	c.children(n)
	c.w.pre--
	c.w.block(1)
	c.w.word("```")
	c.w.block(2)
}

// list renders a <ul> or <ol>: its items marked "- " or numbered.
func (c *converter) list(n *html.Node) {
	number, err := strconv.Atoi(attr(n, "start"))
	if err != nil {
		number = 1
	}
	c.lists++
	c.around(2-min(c.lists-1, 1), func() {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.DataAtom != atom.Li || n.DataAtom != atom.Ol {
				c.walk(ch)
				continue
			}
			c.item(ch, strconv.Itoa(number)+". ")
			number++
		}
	})
	c.lists--
}

func (c *converter) item(n *html.Node, marker string) {
	c.inBlock(n, 1, strings.Repeat(" ", len(marker)), marker)
}

func (c *converter) row(n *html.Node) {
	outer := c.cell
	c.cell = 0
	c.around(1, func() { c.children(n) })
	c.cell = outer
}

func (c *converter) tableCell(n *html.Node) {
	if c.cell > 0 {
		c.w.text(" | ")
	}
	c.cell++
	c.children(n)
}
