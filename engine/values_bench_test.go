package engine_test

import "testing"

// Benchmarks of tr, paste, seq and yes beside GNU (see bench_test.go):
//
//	go test ./engine -run '^$' -bench 'Tr|Paste|Seq|Yes' -benchtime 3x

func BenchmarkTrUpper(b *testing.B)   { sideBySide(b, "tr a-z A-Z < sort.txt") }
func BenchmarkTrDelete(b *testing.B)  { sideBySide(b, "tr -cd '[:alnum:]\\n' < sort.txt") }
func BenchmarkTrSqueeze(b *testing.B) { sideBySide(b, "tr -s 'a-z' < sort.txt") }
func BenchmarkPaste(b *testing.B)     { sideBySide(b, "paste sort.txt sort.txt") }
func BenchmarkPasteSerial(b *testing.B) {
	sideBySide(b, "paste -s -d, sort.txt")
}
func BenchmarkSeqInt(b *testing.B)   { sideBySide(b, "seq 2000000") }
func BenchmarkSeqFloat(b *testing.B) { sideBySide(b, "seq 0 0.5 100000") }
func BenchmarkYes(b *testing.B)      { sideBySide(b, "yes | head -c 200000000") }
