package builtins

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// rgJSON is ripgrep's --json printer: JSON Lines of begin, match,
// context and end messages per file with a match, then a summary.
type rgJSON struct {
	start     time.Time
	fileStart time.Time
	printed   int64 // bytes printed for the current file
	total     rgStats
	started   bool
	out       []byte
}

// rgStats are the counters of an end or summary message.
type rgStats struct {
	elapsed                     time.Duration
	searches, withMatch         int64
	bytesSearched, bytesPrinted int64
	matchedLines, matches       int64
}

func (j *rgJSON) emit(r *rgRun, b []byte) {
	j.printed += int64(len(b))
	r.write(b)
}

// begin starts a file's messages at its first line.
func (j *rgJSON) begin(r *rgRun, f *rgFile) {
	if !j.started {
		j.start, j.started = time.Now(), true
	}
	f.started = true
	j.fileStart = time.Now()
	j.printed = 0
	out := append(j.out[:0], `{"type":"begin","data":{"path":`...)
	out = append(rgJSONData(out, []byte(f.name)), "}}\n"...)
	j.out = out
	j.emit(r, out)
}

// line prints a match or context message.
func (j *rgJSON) line(r *rgRun, f *rgFile, kind string, text []byte, no, off int64) {
	if !f.started {
		j.begin(r, f)
	}
	out := append(j.out[:0], `{"type":"`+kind+`","data":{"path":`...)
	out = rgJSONData(out, []byte(f.name))
	full := text
	if off+int64(len(text)) < f.offset {
		full = append(text[:len(text):len(text)], '\n')
	}
	out = append(out, `,"lines":`...)
	out = rgJSONData(out, full)
	out = append(out, `,"line_number":`...)
	out = strconv.AppendInt(out, no, 10)
	out = append(out, `,"absolute_offset":`...)
	out = strconv.AppendInt(out, off, 10)
	out = append(out, `,"submatches":[`...)
	if kind == "match" && !r.o.invert {
		for i, m := range r.m.matchAll(text) {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, `{"match":`...)
			out = rgJSONData(out, text[m[0]:m[1]])
			out = append(out, `,"start":`...)
			out = strconv.AppendInt(out, int64(m[0]), 10)
			out = append(out, `,"end":`...)
			out = strconv.AppendInt(out, int64(m[1]), 10)
			out = append(out, '}')
		}
	}
	out = append(out, "]}}\n"...)
	j.out = out
	j.emit(r, out)
}

// end closes a file that printed messages, and adds to the summary.
func (j *rgJSON) end(r *rgRun, f *rgFile) {
	if !f.started {
		return
	}
	matches := f.matches
	if r.o.invert {
		matches = 0
	}
	st := rgStats{elapsed: time.Since(j.fileStart), searches: 1, withMatch: 1,
		bytesSearched: f.searched, bytesPrinted: j.printed, matchedLines: f.count, matches: matches}
	j.total.add(st)
	out := append(j.out[:0], `{"type":"end","data":{"path":`...)
	out = rgJSONData(out, []byte(f.name))
	out = append(out, `,"binary_offset":`...)
	if f.binAt >= 0 {
		out = strconv.AppendInt(out, f.binAt, 10)
	} else {
		out = append(out, "null"...)
	}
	out = append(out, `,"stats":{"elapsed":`...)
	out = rgElapsed(out, st.elapsed, false)
	out = fmt.Appendf(out, `,"searches":%d,"searches_with_match":%d,"bytes_searched":%d,"bytes_printed":%d,"matched_lines":%d,"matches":%d}}}`+"\n",
		st.searches, st.withMatch, st.bytesSearched, st.bytesPrinted, st.matchedLines, st.matches)
	j.out = out
	r.write(out)
}

func (s *rgStats) add(o rgStats) {
	s.elapsed += o.elapsed
	s.searches += o.searches
	s.withMatch += o.withMatch
	s.bytesSearched += o.bytesSearched
	s.bytesPrinted += o.bytesPrinted
	s.matchedLines += o.matchedLines
	s.matches += o.matches
}

// summary prints the last message, its keys sorted as ripgrep's are.
func (j *rgJSON) summary(r *rgRun) {
	total := time.Duration(0)
	if j.started {
		total = time.Since(j.start)
	}
	t := j.total
	out := append(j.out[:0], `{"data":{"elapsed_total":`...)
	out = rgElapsed(out, total, true)
	out = fmt.Appendf(out, `,"stats":{"bytes_printed":%d,"bytes_searched":%d,"elapsed":`, t.bytesPrinted, t.bytesSearched)
	out = rgElapsed(out, t.elapsed, true)
	out = fmt.Appendf(out, `,"matched_lines":%d,"matches":%d,"searches":%d,"searches_with_match":%d}},"type":"summary"}`+"\n",
		t.matchedLines, t.matches, t.searches, t.withMatch)
	r.write(out)
}

// rgElapsed appends a duration object; sorted puts its keys in order.
func rgElapsed(out []byte, d time.Duration, sorted bool) []byte {
	secs, nanos := int64(d/time.Second), int64(d%time.Second)
	human := fmt.Sprintf("%.6fs", d.Seconds())
	if sorted {
		return fmt.Appendf(out, `{"human":"%s","nanos":%d,"secs":%d}`, human, nanos, secs)
	}
	return fmt.Appendf(out, `{"secs":%d,"nanos":%d,"human":"%s"}`, secs, nanos, human)
}

// rgJSONData appends {"text":...} for UTF-8 data, else {"bytes":base64}.
func rgJSONData(out, b []byte) []byte {
	if !utf8.Valid(b) {
		out = append(out, `{"bytes":"`...)
		out = base64.StdEncoding.AppendEncode(out, b)
		return append(out, `"}`...)
	}
	out = append(out, `{"text":`...)
	return append(rgJSONString(out, b), '}')
}

// rgJSONString appends b as a JSON string, escaped as serde_json does.
func rgJSONString(out, b []byte) []byte {
	out = append(out, '"')
	for _, c := range b {
		switch c {
		case '"':
			out = append(out, `\"`...)
		case '\\':
			out = append(out, `\\`...)
		case '\n':
			out = append(out, `\n`...)
		case '\r':
			out = append(out, `\r`...)
		case '\t':
			out = append(out, `\t`...)
		case '\b':
			out = append(out, `\b`...)
		case '\f':
			out = append(out, `\f`...)
		default:
			if c < 0x20 {
				out = fmt.Appendf(out, `\u%04x`, c)
				continue
			}
			out = append(out, c)
		}
	}
	return append(out, '"')
}
