package patch

import "bytes"

// explain fills in, for a failed hunk, the region of the file closest to
// what the hunk expected and a diff from the one to the other.
func explain(hr *HunkResult, hk *phunk, in [][]byte) {
	n := len(hk.old)
	if n == 0 || len(in) == 0 {
		return
	}
	start := closest(hk, in, hr.Line)
	end := min(start-1+n, len(in))
	hr.Closest = start
	var want, got bytes.Buffer
	for _, l := range hk.old {
		want.Write(l.text)
	}
	for _, l := range in[start-1 : end] {
		got.Write(l)
	}
	hr.Actual = got.String()
	hr.Diff = string(Unified("hunk", "file", want.Bytes(), got.Bytes(), UnifiedOptions{}))
}

// closest returns the line where the hunk's old lines best match the
// file: the most equal lines (lines equal but for blanks count half),
// nearest to where the hunk was expected.
func closest(hk *phunk, in [][]byte, expected int) int {
	n := len(hk.old)
	best, bestScore := 1, -1
	for s := 1; s <= max(1, len(in)-n+1); s++ {
		score := 0
		for i := 0; i < n && s-1+i < len(in); i++ {
			switch line := in[s-1+i]; {
			case bytes.Equal(line, hk.old[i].text):
				score += 2
			case similar(line, hk.old[i].text):
				score++
			}
		}
		if score > bestScore || score == bestScore && abs(s-expected) < abs(best-expected) {
			best, bestScore = s, score
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
