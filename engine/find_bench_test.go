package engine_test

import "testing"

// find on the generated tree of 10,000 files (see bench_test.go), next to
// GNU find in the same iterations.

func BenchmarkFindNameGo(b *testing.B)    { sideBySide(b, "find . -name '*.go'") }
func BenchmarkFindNameTxt(b *testing.B)   { sideBySide(b, "find . -name '*.txt'") }
func BenchmarkFindTypeF(b *testing.B)     { sideBySide(b, "find . -type f") }
func BenchmarkFindTypeFPipe(b *testing.B) { sideBySide(b, "find . -type f | cat") }
func BenchmarkFindSize(b *testing.B)      { sideBySide(b, "find . -size +20k -printf '%s %p\\n'") }
func BenchmarkFindPath(b *testing.B)      { sideBySide(b, "find . -path './d5*' -name 'f0*'") }
