// Package regex reads GNU regular expressions, basic (BRE) and extended
// (ERE), exactly as GNU grep 3.8 and GNU sed 4.9 do in the C.UTF-8 locale,
// and matches them with POSIX leftmost-longest semantics.
//
// A pattern is parsed once into a tree, with GNU's syntax rules and error
// messages. Three engines run the tree:
//
//   - Go's regexp package (the tree written in Go's syntax, then
//     Longest()) for most expressions: fast and linear in time;
//   - our own Pike VM (pike.go) for what Go cannot say exactly: \< and \>
//     away from word characters, \b and \B on non-ASCII text (Go's word
//     characters are ASCII only), bytes that are not UTF-8 in the pattern,
//     and texts that contain a real U+FFFD;
//   - our own backtracker (backtrack.go) for back-references, which no
//     automaton can match. It is POSIX leftmost-longest like the others
//     (regexp2 is leftmost-first, so \(a\|ab\)\1* would stop at a on abab
//     where GNU matches abab), and it stops after a budget of steps.
//
// Character classes ([[:alpha:]], \w, \s, ...) hold exactly glibc's
// C.UTF-8 members (tables.go is generated from GNU grep). Bytes that are
// not valid UTF-8 are matched as GNU does: only by the same byte written
// in the pattern, never by ., [...] or a class.
package regex
