// Package builtins holds shellfence's commands: GNU coreutils, grep,
// findutils, sed and diffutils behaviour in Go, run in-process.
//
// Each command is one file, builtins/NAME.go, opening with a short man-page
// header (synopsis, options, differences from GNU), and one entry in the
// table in table.go; files private to it are NAME_*.go, its --help text is
// help/NAME.txt (see info.go). A command is a [Func] that receives a [Proc]: its
// arguments, streams, working directory, environment and workspace. It
// returns its exit status. Commands reach files only through the Proc (and
// its [vfs.FS]); they never touch the host, start processes, read the
// host's environment or exit the process. [Run] buffers standard output and
// turns a panic into exit status 2.
//
// Options are parsed with builtins/internal/opt, GNU getopt_long style.
// Messages follow GNU's text and quoting (builtins/internal/quote), with
// [ErrText] for the cause.
//
// What GNU's tools share through gnulib, and needs no Proc, is in packages
// under builtins/internal, which never import builtins: argmatch, ctype
// (character classes and display widths), datetime (date strings and TZ),
// filevercmp, fnmatch, human (human_readable), ldouble (long double and
// printf's %f %e %g %a), modes (modechange), opt, quote (quotearg),
// strftime and xstrtol (numbers with size suffixes).
package builtins
