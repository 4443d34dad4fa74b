package fetch

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHTMLTextPage renders a page with most of what real pages have: a
// head with scripts and styles, navigation, headings, entities, lists,
// code, a quote, a table, images and links. testdata/page.txt is the text
// it must give.
func TestHTMLTextPage(t *testing.T) {
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/page.txt")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse("https://docs.example.com/widget/notes.html")
	if diff := cmp.Diff(string(want), HTMLText(string(page), base)); diff != "" {
		t.Errorf("HTMLText (-want +got):\n%s", diff)
	}
}

func TestHTMLText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"text", "just text", "just text\n"},
		{"inline", "a<b>b</b>c <i> d </i>\n e", "abc d e\n"},
		{"paragraphs", "<p>a</p>b<p>c", "a\n\nb\n\nc\n"},
		{"divs", "<div>a</div><div><div>b</div></div>", "a\nb\n"},
		{"entities", "<p>tab\there &#x41;&#66; &lt;tag&gt; caf&eacute; a&nbsp;b</p>", "tab here AB <tag> café a b\n"},
		{"title", "<title>T</title><h1>T</h1>", "T\n\n# T\n"},
		{"headings", "<h1>a</h1><h3>b</h3><h6>c</h6>", "# a\n\n### b\n\n###### c\n"},
		{"empty heading", "<h2> </h2><p>after</p>", "after\n"},
		{"dropped", "<script>x</script><style>y</style><template>z</template><noscript>n</noscript>" +
			"<p hidden>h</p><span aria-hidden=true>i</span><select><option>o</select>seen", "seen\n"},
		{"br", "a<br>b<br><br><br>c", "a\nb\n\nc\n"},
		{"list", "<ul><li>a<li>b<ul><li>b1</ul><li></ul>", "- a\n- b\n  - b1\n"},
		{"ordered", "<ol start=9><li>nine<li>ten<ol><li>ten.one</ol><li>eleven</ol>",
			"9. nine\n10. ten\n    1. ten.one\n11. eleven\n"},
		{"quote", "<blockquote>q1<blockquote>q2</blockquote>q3</blockquote>after",
			"> q1\n>\n> > q2\n>\n> q3\n\nafter\n"},
		{"pre in item", "<ul><li>item<pre>code\n  x\n\ny\n</pre>after</li></ul>",
			"- item\n\n  ```\n  code\n    x\n\n  y\n  ```\n\n  after\n"},
		{"table", "<table><tr><th>a<th>b<tr><td>1<td>2</table>", "a | b\n1 | 2\n"},
		{"links", "x <a href='?q=1&amp;r=2'>query</a> <a href='#top'>top</a> <a href=''>empty</a> <a>none</a> " +
			"<a href='javascript:go()'>js</a> <a href='https://a.example/'>https://a.example/</a> " +
			"<a href='mailto:m@a.example'>m@a.example</a> <a href=/x><img alt=logo></a>",
			"x query (https://h.example/d/p?q=1&r=2) top empty none js https://a.example/ m@a.example [logo] (https://h.example/x)\n"},
		{"base", "<base href='https://other.example/root/'><a href='x'>x</a>", "x (https://other.example/root/x)\n"},
		{"images", "<img src=a.png alt=' A  picture '><img src=b.png>.", "[A picture] .\n"},
		{"svg", "<p>a<svg><title>icon</title><text>svg</text></svg>b</p>", "ab\n"},
		{"rule", "a<hr>b", "a\n\n---\n\nb\n"},
		{"definitions", "<dl><dt>T<dd>D</dl>", "T\n  D\n"},
	}
	base, _ := url.Parse("https://h.example/d/p")
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, HTMLText(tt.in, base)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// BenchmarkHTMLText renders a page of about 600 KB: the test page's body
// two hundred times.
func BenchmarkHTMLText(b *testing.B) {
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		b.Fatal(err)
	}
	s := string(page)
	start, end := strings.Index(s, "<body>")+len("<body>"), strings.Index(s, "</body>")
	big := s[:start] + strings.Repeat(s[start:end], 200) + s[end:]
	b.SetBytes(int64(len(big)))
	for b.Loop() {
		HTMLText(big, nil)
	}
}
