package regex

import (
	"bytes"
	"flag"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// These tests run GNU sed and grep, when installed, on the same patterns
// and texts and compare every match and group. They start thousands of
// processes, so they run only when asked (CI does):
//
//	go test ./edit/regex -gnu

var gnu = flag.Bool("gnu", false, "compare with the installed GNU sed and grep")

func haveGNU(t *testing.T, tool string) {
	t.Helper()
	if !*gnu {
		t.Skip("compares with GNU " + tool + ": run with -gnu")
	}
	out, err := exec.Command(tool, "--version").Output()
	if err != nil || !bytes.Contains(out, []byte("GNU")) {
		t.Skipf("GNU %s is not installed", tool)
	}
}

// sedMark is what s/RE/<&|\1|...>/g gives with our matcher.
func sedMark(re *Regexp, s string) string {
	var b strings.Builder
	prev := 0
	for _, m := range re.FindAllSubmatchIndex([]byte(s), -1) {
		b.WriteString(s[prev:m[0]])
		b.WriteString("<" + s[m[0]:m[1]])
		for k := 1; k <= min(re.NumSubexp(), 9); k++ {
			b.WriteString("|")
			if m[2*k] >= 0 {
				b.WriteString(s[m[2*k]:m[2*k+1]])
			}
		}
		b.WriteString(">")
		prev = m[1]
	}
	return b.String() + s[prev:]
}

// gnuSed runs sed 's\x01RE\x01<&|\1...>\x01g' on the lines.
func gnuSed(t *testing.T, ere bool, flags, pat string, ncap int, lines []string) (string, string) {
	repl := "<&"
	for k := 1; k <= min(ncap, 9); k++ {
		repl += fmt.Sprintf(`|\%d`, k)
	}
	repl += ">"
	args := []string{}
	if ere {
		args = append(args, "-E")
	}
	args = append(args, "s\x01"+pat+"\x01"+repl+"\x01g"+flags)
	cmd := exec.Command("sed", args...)
	cmd.Env = []string{"LC_ALL=C.UTF-8"}
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run()
	return out.String(), errb.String()
}

var diffPatterns = []struct {
	ere  bool
	pat  string
	text []string
}{
	{false, `a*`, []string{"baaac", "abc", ""}},
	{false, `x*`, []string{"abc"}},
	{false, `b*`, []string{"abc"}},
	{false, `\(a\|ab\)\(c\|bcd\)\(d*\)`, []string{"abcd", "abcdabc"}},
	{true, `(a|ab)(c|bcd)(d*)`, []string{"abcd"}},
	{true, `(a|ab)(bc|c)`, []string{"abc"}},
	{true, `(ab|a)(bc|c)`, []string{"abc"}},
	{true, `(a*)(a|b)*`, []string{"abc", "aab", "aba", "b"}},
	{true, `((a)|b)*`, []string{"abc", "ab", "ba", "b"}},
	{true, `(x)?(a*)`, []string{"abc", "b"}},
	{true, `(.*)(b.*)`, []string{"abc", "abcb"}},
	{false, `\(a*\)*`, []string{"b", "aab"}},
	{false, `\(a*\)\+`, []string{"b", "aab"}},
	{false, `\(.\)\1`, []string{"aabbcd", "abba", "xyz"}},
	{true, `(.)\1`, []string{"aabbcd", "abba"}},
	{false, `\(a\|ab\)\1`, []string{"abab", "aa", "aab"}},
	{false, `\(a*\)b\1`, []string{"aabaa", "aaba", "b"}},
	{false, `\<`, []string{"ab cd", "éa b"}},
	{false, `\>`, []string{"ab cd", "aé b"}},
	{false, `\b`, []string{"ab cd", "xé-y"}},
	{false, `\B`, []string{"ab cd", "xé-y"}},
	{false, `\<.`, []string{"ab cd", ".x y"}},
	{false, `.\>`, []string{"ab cd", "x. y"}},
	{false, `\w\+`, []string{"héllo wörld_1 ×÷", "ab-cd"}},
	{false, `\W\+`, []string{"héllo wörld_1 ×÷"}},
	{false, `\s\S`, []string{"a b\tc"}},
	{false, `[[:alpha:]]*`, []string{"héllo1 wörld", "ΑΒΓ δ"}},
	{false, `[[:upper:]]\+`, []string{"aBCd ÉÈx"}},
	{false, `[[:punct:]]`, []string{"a,b.c!«»"}},
	{false, `[^a]`, []string{"abc", "aé"}},
	{false, `[]a]*`, []string{"a]]b"}},
	{false, `[^]a]*`, []string{"a]]bcd"}},
	{false, `[\]`, []string{`a\b`}},
	{false, `[[.a.]-c]`, []string{"abcd"}},
	{false, `[[=a=]]`, []string{"abA"}},
	{false, `x\{2,3\}`, []string{"xxxxxxx"}},
	{true, `x{2,3}`, []string{"xxxxxxx"}},
	{true, `x{,3}`, []string{"xxxxxxx"}},
	{true, `x{2}{2}`, []string{"xxxxxxx"}},
	{false, `a\{,2\}`, []string{"aaaa"}},
	{false, `*a`, []string{"*a", "a"}},
	{false, `\(*a\)`, []string{"*a", "a"}},
	{false, `^*`, []string{"*a", "a"}},
	{false, `a\|*b`, []string{"*b", "a"}},
	{false, `a^b`, []string{"a^b"}},
	{false, `a$b`, []string{"a$b"}},
	{false, `^^`, []string{"^^"}},
	{false, `$$`, []string{"$$"}},
	{false, `x$*`, []string{"x$$"}},
	{false, `\(^a\)`, []string{"a", "ba"}},
	{false, `\(a$\)`, []string{"a", "ab"}},
	{false, `a\|b$`, []string{"ab", "ba"}},
	{false, `a+?|(){}`, []string{"a+?|(){}"}},
	{true, `a+?`, []string{"aaa"}},
	{true, `a|`, []string{"ab"}},
	{true, `()`, []string{"ab"}},
	{true, `(a|b)*c`, []string{"abac"}},
	{false, `.`, []string{"aé\x01"}},
	{false, `a.c`, []string{"a\xffc", "a\xef\xbf\xbdc"}},
	{false, "a\xffc", []string{"a\xffc"}},
	{false, `[^x]`, []string{"\xff", "\xef\xbf\xbd"}},
	{false, `\n\t`, []string{"n\tt"}},
	{true, `\x41`, []string{"A x41"}},
	{false, "é*", []string{"éé e"}},
	{true, `(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\9`, []string{"abcdefghiji"}},
	{false, `\(\(\(x\)\)\)\3`, []string{"xx"}},
	{true, `\<(\w+) \1\>`, []string{"the the cat", "a ab", "ab b"}},
	{true, `^(a+)\1$`, []string{"aaaa", "aaa"}},
	{true, "\\'|\\`", []string{"ab"}},
	{true, `[[:digit:][:space:]]+`, []string{"a 12 b"}},
	{true, `[a-c-]+`, []string{"a-b-d"}},
	{true, `[%--]+`, []string{"a%+,-b"}},
}

func TestDifferentialSed(t *testing.T) {
	haveGNU(t, "sed")
	for _, c := range diffPatterns {
		for _, ic := range []bool{false, true} {
			re, err := Compile(c.pat, Options{ERE: c.ere, IgnoreCase: ic, SedEscapes: true})
			flags := ""
			if ic {
				flags = "I"
			}
			var got string
			if err != nil {
				got = err.Error()
			} else {
				var lines []string
				for _, s := range c.text {
					lines = append(lines, sedMark(re, s))
				}
				got = strings.Join(lines, "\n") + "\n"
			}
			ncap := 0
			if re != nil {
				ncap = re.NumSubexp()
			}
			out, errText := gnuSed(t, c.ere, flags, c.pat, ncap, c.text)
			want := out
			if errText != "" {
				want = errText[strings.LastIndex(errText, ": ")+2 : len(errText)-1]
			}
			if got != want {
				t.Errorf("ere=%v i=%v %q:\n got %q\nwant %q", c.ere, ic, c.pat, got, want)
			}
		}
	}
}

// errorPatterns are checked in both dialects of both tools.
var errorPatterns = []string{
	`\(`, `\)`, `(`, `)`, `a\{1`, `a\{1,0\}`, `a{1`, `a{1,0}`, `[a`, `[[:alpha:]`,
	`[[:foo:]]`, `[:space:]`, `[:a:]`, `[::]`, `[^:x:]`, `a\`, `\1`, `\(a\)\2`, `(a)\2`, `[b-a]`,
	`*a`, `a**`, `+a`, `a{1}{2}`, `{1}`, `a\{1\}\{2\}`, `\{1\}`, `a|*`, `()`, `\(\)`,
	`a{,3}`, `a{65536}`, `a{32768}`, `a{32767}`, `[[.a.]]`, `[[=a=]]`, `[[.ab.]]`, `[[.`,
	`[[:alpha`, `a\{x\}`, `a{x}`, `^*`, `a|+`, `[]`, `[^]`, `a{}`, `a\{\}`, `a{,}`, `a{1,2,3}`,
	`a{1a}`, `[é-ë]`, `[a-é]`, `[[=é=]]`, `[a-b-z]`, `[[:alpha:]-z]`, `[a-[:alpha:]]`, `a*\{2\}`,
	`a\+*`, `\(\+a\)`, `x\|\+a`, `^\+`, `(*a)`, `a(*b)`, `\(a\1\)`, `(a)*{2}`, `\{`,
	`a\{1\}*`, `^\{1\}`, `(^*a)`, `a$*`, `\<*`, `x\(*\)`, `[[:]`, `[[:a]`, `[a-]`, `[]-a]`,
	`[--a]`, `[a--]`, `[!--]`, `\(a\)\|b\1`, `\(\(a\)\|b\)\2`, `x\(\(a\)\|\2\)`, `(a)|b\1`, `a\{,\}`, `a\{1,\}`, `\(\(\(x\)\)\)\3`, `a|b)`, `(a|b`,
}

func TestDifferentialSedErrors(t *testing.T) {
	haveGNU(t, "sed")
	for _, ere := range []bool{false, true} {
		for _, pat := range errorPatterns {
			_, err := Compile(pat, Options{ERE: ere, SedEscapes: true})
			got := ""
			if err != nil {
				got = err.Error()
			}
			_, errText := gnuSed(t, ere, "", pat, 0, []string{"x"})
			want := ""
			if errText != "" {
				want = errText[strings.LastIndex(errText, ": ")+2 : len(errText)-1]
			}
			if strings.Contains(want, "unterminated `s'") {
				continue // sed's own parsing: [ and \ take the delimiter
			}
			if got != want {
				t.Errorf("sed ere=%v %q: got %q, want %q", ere, pat, got, want)
			}
		}
	}
}

func TestDifferentialGrepErrors(t *testing.T) {
	haveGNU(t, "grep")
	for _, ere := range []bool{false, true} {
		for _, pat := range errorPatterns {
			var warns []string
			_, err := Compile(pat, Options{ERE: ere, Grep: true, Warn: func(m string) { warns = append(warns, "grep: warning: "+m) }})
			got := strings.Join(warns, "\n")
			if err != nil {
				got += "grep: " + err.Error()
			}
			flag := "-G"
			if ere {
				flag = "-E"
			}
			cmd := exec.Command("grep", flag, "--", pat)
			cmd.Env = []string{"LC_ALL=C.UTF-8"}
			cmd.Stdin = strings.NewReader("x\n")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			cmd.Run()
			if want := strings.TrimSuffix(errb.String(), "\n"); got != want {
				t.Errorf("grep ere=%v %q: got %q, want %q", ere, pat, got, want)
			}
		}
	}
}

var grepOnlyPatterns = []struct {
	ere  bool
	pat  string
	text []string
}{
	{true, `*a`, []string{"*a", "a"}},
	{true, `^*a`, []string{"xa", "a"}},
	{true, `a|*b`, []string{"b", "a"}},
	{true, `{1}a`, []string{"{1}a"}},
	{true, `a{1`, []string{"a{1"}},
	{true, `a{x}`, []string{"a{x}"}},
	{true, `a)`, []string{"a)"}},
	{false, `a**`, []string{"aaa"}},
	{false, `a\{1\}\{2\}`, []string{"aaa"}},
	{false, `\{1\}`, []string{"{1}"}},
	{false, "a\nb", []string{"xa", "b"}},
	{true, "(a)\\1\n(b)\\1", []string{"aa", "bb", "ab"}},
}

func TestDifferentialGrep(t *testing.T) {
	haveGNU(t, "grep")
	all := append(grepOnlyPatterns[:len(grepOnlyPatterns):len(grepOnlyPatterns)], diffPatterns...)
	for _, c := range all {
		if strings.Contains(c.pat, `\x`) || strings.Contains(c.pat, `\n`) {
			continue
		}
		for _, flags := range []string{"", "i", "w", "x"} {
			o := Options{ERE: c.ere, Grep: true, IgnoreCase: flags == "i", WordMatch: flags == "w", LineMatch: flags == "x"}
			re, err := Compile(c.pat, o)
			if err != nil {
				t.Errorf("%q: %v", c.pat, err)
				continue
			}
			// GNU grep -o reads a leading operator after ^ or { the way
			// glibc does, unlike its line selection; we follow the latter.
			onlyLines := c.pat == `^*a` || c.pat == `{1}a`
			var got strings.Builder
			for i, s := range c.text {
				for _, m := range re.FindAllSubmatchIndex([]byte(s), -1) {
					if onlyLines {
						fmt.Fprintf(&got, "%d:%s\n", i+1, s)
						break
					}
					if m[1] > m[0] {
						fmt.Fprintf(&got, "%d:%s\n", i+1, s[m[0]:m[1]])
					}
				}
			}
			args := []string{"-aon", "-G"}
			if onlyLines {
				args[0] = "-an"
			}
			if c.ere {
				args[1] = "-E"
			}
			if flags != "" {
				args = append(args, "-"+flags)
			}
			cmd := exec.Command("grep", append(args, "--", c.pat)...)
			cmd.Env = []string{"LC_ALL=C.UTF-8"}
			cmd.Stdin = strings.NewReader(strings.Join(c.text, "\n") + "\n")
			out, _ := cmd.Output()
			if got.String() != string(out) {
				t.Errorf("grep %v %q on %q:\n got %q\nwant %q", args, c.pat, c.text, got.String(), out)
			}
		}
	}
}
