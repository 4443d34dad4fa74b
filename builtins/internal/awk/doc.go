// Package awk is a POSIX awk interpreter: the language as gawk --posix
// and mawk agree on it, with every file, command and environment access
// going through hooks its caller supplies (see [Env]), so that it can run
// confined in a workspace.
//
// A program is read by a hand-written lexer (lex.go) and a
// recursive-descent parser (parse.go, parse_expr.go) into a tree
// (ast.go) whose names are resolved to slots; a tree-walking evaluator
// (interp.go, eval.go) runs it over records read as a stream (input.go),
// splitting fields lazily (fields.go). Regular expressions are the
// project's GNU ERE engine after awk's escapes are translated (regex.go).
package awk
