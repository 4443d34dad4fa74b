package engine

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// What a capture keeps does not depend on how the stream was cut into
// writes: everything when it fits, else the head and the tail of the
// whole stream cut at line boundaries.
func TestCaptureWrites(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, limit := range []int{10, 1000, 300 << 10} {
		for _, size := range []int{0, 1, limit / 2, limit, limit + 1, 3 * limit, 200 << 10} {
			var all bytes.Buffer
			for all.Len() < size {
				fmt.Fprintf(&all, "line %d %s\n", all.Len(), bytes.Repeat([]byte("x"), rng.Intn(100)))
			}
			stream := all.Bytes()[:size]
			c := NewCapture(limit)
			for rest := stream; len(rest) > 0; {
				n := min(len(rest), 1+rng.Intn(70000))
				c.Write(rest[:n])
				rest = rest[n:]
			}
			head, tail, _ := c.Split()
			wantHead, wantTail := stream, []byte(nil)
			if half := limit / 2; len(stream) > 2*half {
				wantHead = cutHead(stream[:half])
				wantTail = cutTail(stream[len(stream)-half:], stream[len(stream)-half-1])
			}
			if !bytes.Equal(head, wantHead) || !bytes.Equal(tail, wantTail) || (tail == nil) != (wantTail == nil) {
				t.Errorf("limit %d, %d bytes: head %d bytes, tail %d; want %d and %d", limit, size, len(head), len(tail), len(wantHead), len(wantTail))
			}
			if held := c.Held(); held > int64(3*limit+sniffSize+firstChunk) {
				t.Errorf("limit %d, %d bytes: holds %d bytes", limit, size, held)
			}
		}
	}
}
