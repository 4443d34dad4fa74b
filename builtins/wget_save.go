package builtins

// How wget reports a download it saves: the length, the file, a progress
// line and the closing line, or -nv's single line.

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"

	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/builtins/internal/human"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// save writes the body of a successful download and logs it.
func (w *wgetRun) save(asked *url.URL, res *fetch.Result) {
	if err := w.p.hold(int64(len(res.Body))); err != nil || res.Truncated {
		w.p.Errorf("%s: the download is larger than this run may hold", asked)
		w.fail(3)
		return
	}
	name := w.target(asked)
	shown := "‘" + name + "’"
	if name == "-" {
		shown = "‘STDOUT’"
	}
	w.log("Length: %s\nSaving to: %s\n", wgetLength(res), shown)
	if !w.write(name, res.Body) {
		return
	}
	size := wgetSize(res)
	w.log("\n%s\n\n", wgetProgress(len(res.Body), res.Duration.Seconds()))
	if name == "-" {
		w.log("%s (%s) - written to stdout %s\n\n", w.stamp(), wgetRate(len(res.Body), res.Duration.Seconds()), size)
	} else {
		w.log("%s (%s) - %s saved %s\n\n", w.stamp(), wgetRate(len(res.Body), res.Duration.Seconds()), shown, size)
	}
	if w.c.noVerbose && !w.c.quiet {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, "%s URL:%s %s -> \"%s\" [1]\n", w.stamp(), res.URL, size, name)
	}
}

// wgetLength is the Length line's value.
func wgetLength(res *fetch.Result) string {
	var s string
	switch {
	case res.Length < 0:
		s = "unspecified"
	case res.Length >= 1024:
		s = fmt.Sprintf("%d (%s)", res.Length, human.Readable(uint64(res.Length), human.H, 1, 1))
	default:
		s = fmt.Sprint(res.Length)
	}
	if res.ContentType != "" {
		s += " [" + res.ContentType + "]"
	}
	return s
}

// wgetSize is "[got/length]", or "[got]" when the length was not given.
func wgetSize(res *fetch.Result) string {
	if res.Length < 0 {
		return fmt.Sprintf("[%d]", len(res.Body))
	}
	return fmt.Sprintf("[%d/%d]", len(res.Body), res.Length)
}

// wgetProgress is a simplified dot progress display: a dot per KiB, ten
// to a group, fifty to a line, and the last line's 100% and speed.
func wgetProgress(n int, secs float64) string {
	var b strings.Builder
	k := n / 1024
	for line := 0; line == 0 || line*50 < k; line++ {
		if line > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%6dK", line*50)
		for d := 0; d < 50; d++ {
			if d%10 == 0 {
				b.WriteByte(' ')
			}
			if line*50+d < k {
				b.WriteByte('.')
			} else {
				b.WriteByte(' ')
			}
		}
	}
	fmt.Fprintf(&b, " 100%% %5s=%.0fs", wgetSpeed(n, secs), secs)
	return b.String()
}

// wgetSpeed is a rate in K, M or G per second, three digits or so.
func wgetSpeed(n int, secs float64) string {
	v, units := float64(n)/max(secs, 1e-6), []string{"B", "K", "M", "G"}
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return wgetDigits(v) + units[i]
}

// wgetRate is the closing line's "875 KB/s".
func wgetRate(n int, secs float64) string {
	v, units := float64(n)/max(secs, 1e-6), []string{"B/s", "KB/s", "MB/s", "GB/s"}
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return wgetDigits(v) + " " + units[i]
}

func wgetDigits(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}
