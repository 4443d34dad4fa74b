package patch

import (
	"bytes"
	"errors"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// binary applies a git binary patch ("GIT binary patch" with literal or
// delta data) with go-gitdiff, which decodes it.
func (r *run) binary(f *fileRun) error {
	s := r.rd.s
	start := s.pos
	for s.pos < len(s.lines) && !bytes.HasPrefix(s.lines[s.pos], []byte("diff --git ")) {
		s.pos++
		s.line++
	}
	f.hunks = 1
	if r.skipRest {
		f.failed = 1
		f.noRej = true
		return nil
	}
	text := append([]byte("diff --git a/x b/x\n"), bytes.Join(s.lines[start:s.pos], nil)...)
	files, _, err := gitdiff.Parse(bytes.NewReader(text))
	if err != nil || len(files) != 1 || !files[0].IsBinary {
		return fatalf("malformed git binary patch at line %d", start+1)
	}
	gf := files[0]
	if r.reverse {
		gf.BinaryFragment, gf.ReverseBinaryFragment = gf.ReverseBinaryFragment, gf.BinaryFragment
	}
	src := bytes.NewReader(bytes.Join(f.a.in, nil))
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, src, gf); err != nil {
		var ae *gitdiff.ApplyError
		if errors.As(err, &ae) || err != nil {
			r.say("File %s: git binary patch does not apply.\n", quoteName(f.outname))
			f.failed = 1
			f.noRej = true
			r.failed = true
			f.res.Hunks = append(f.res.Hunks, HunkResult{Number: 1, Status: "failed"})
			return nil
		}
	}
	f.a.out = out
	f.a.zeroOutput = out.Len() == 0
	f.a.lastFrozen = len(f.a.in)
	f.res.Hunks = append(f.res.Hunks, HunkResult{Number: 1, Status: "applied"})
	return nil
}
