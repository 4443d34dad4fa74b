// Package edit is GNU sed 4.9 in Go: the script language, its execution
// over streams of lines, in-place editing, and the edit-file operation
// that the MCP edit tool uses.
//
// A script is compiled with a [Compiler] (scripts and options in
// command-line order, as GNU reads them) into a [Program], which
// [Program.Run] runs over input files. Regular expressions are GNU BRE or
// ERE, translated by package edit/regex. Files are reached only through
// the [FS] the caller gives, and commands (e, s///e) only through
// [Env.Exec], so the caller decides what sed may touch.
//
// The files of this package follow the parts of sed: parse*.go and
// scan.go read scripts, escape.go handles escapes, match.go addresses and
// the s command, exec.go the other commands, input.go and output.go the
// streams, inplace.go the -i option, and editfile.go the edit-file
// operation.
package edit
