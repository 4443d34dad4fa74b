package patch

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"strings"

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
	in := bytes.Join(f.a.in, nil)
	if !r.binaryFits(f, in) {
		return nil
	}
	if r.reverse {
		gf.BinaryFragment, gf.ReverseBinaryFragment = gf.ReverseBinaryFragment, gf.BinaryFragment
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, bytes.NewReader(in), gf); err != nil {
		r.binaryFailed(f)
		return nil
	}
	f.a.out = out
	f.a.zeroOutput = out.Len() == 0
	f.a.lastFrozen = len(f.a.in)
	f.res.Hunks = append(f.res.Hunks, HunkResult{Number: 1, Status: "applied"})
	return nil
}

// binaryFits checks the file against the blob id the patch names, and
// detects a patch already applied the way GNU does for text hunks.
func (r *run) binaryFits(f *fileRun, in []byte) bool {
	sha := f.fc.h.sha
	if sha[0] == "" {
		return true
	}
	id := blobID(in)
	rev := b2i(r.reverse)
	if strings.HasPrefix(id, sha[rev]) || f.fc.err != nil && shaSays(sha[rev]) == 2 {
		return true
	}
	if strings.HasPrefix(id, sha[1-rev]) && !r.o.Force && r.okToReverse(reversedMsg(r.reverse)) {
		r.reverse = !r.reverse
		return true
	}
	if r.skipRest {
		f.failed = 1
		f.noRej = true
		r.failed = true
		return false
	}
	r.binaryFailed(f)
	return false
}

func (r *run) binaryFailed(f *fileRun) {
	r.say("File %s: git binary patch does not apply.\n", quoteName(f.outname))
	f.failed = 1
	f.noRej = true
	r.failed = true
	f.res.Hunks = append(f.res.Hunks, HunkResult{Number: 1, Status: "failed"})
}

// blobID is git's object id of a blob with content b.
func blobID(b []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(b))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}
