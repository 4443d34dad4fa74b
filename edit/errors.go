package edit

import "fmt"

// Exit statuses of GNU sed.
const (
	StatusBadUsage = 1 // a bad script or command line
	StatusBadInput = 2 // an input file could not be read
	StatusPanic    = 4 // an I/O error or another fatal problem
)

// ScriptError is a bad script, reported the way GNU sed does:
// "-e expression #1, char 5: unterminated `s' command" or
// "file x.sed line 2: unknown command: `k'". A sed command prints it after
// "sed: " and exits with status 1.
type ScriptError struct {
	Where string // "-e expression #N, char M" or "file NAME line L"
	Msg   string
}

func (e *ScriptError) Error() string { return e.Where + ": " + e.Msg }

// Status returns the exit status GNU sed gives this error.
func (e *ScriptError) Status() int { return StatusBadUsage }

// FatalError stops sed at once with an exit status: 4 for I/O problems
// ("couldn't open file x: ..."), 1 for script errors found while running
// ("no previous regular expression").
type FatalError struct {
	Msg    string
	Status int
}

func (e *FatalError) Error() string { return e.Msg }

func fatalf(format string, args ...any) *FatalError {
	return &FatalError{Msg: fmt.Sprintf(format, args...), Status: StatusPanic}
}

// Messages of the script compiler, as GNU sed 4.9 words them.
const (
	errBadBang       = "multiple `!'s"
	errBadComma      = "unexpected `,'"
	errBadStep       = "invalid usage of +N or ~N as first address"
	errOpenBrace     = "unmatched `{'"
	errCloseBrace    = "unexpected `}'"
	errJunk          = "extra characters after command"
	errExpectedSlash = "expected \\ after `a', `c' or `i'"
	errBraceAddr     = "`}' doesn't want any addresses"
	errColonAddr     = ": doesn't want any addresses"
	errSharpAddr     = "comments don't accept any addresses"
	errNoCommand     = "missing command"
	errOneAddr       = "command only uses one address"
	errUntermAddr    = "unterminated address regex"
	errUntermS       = "unterminated `s' command"
	errUntermY       = "unterminated `y' command"
	errSOpt          = "unknown option to `s'"
	errSMultiP       = "multiple `p' options to `s' command"
	errSMultiG       = "multiple `g' options to `s' command"
	errSMultiN       = "multiple number options to `s' command"
	errSZero         = "number option to `s' command may not be zero"
	errYLen          = "strings for `y' command are different lengths"
	errDelim         = "delimiter character is not a single-byte character"
	errVersion       = "expected newer version of sed"
	errLine0         = "invalid usage of line address 0"
	errUnknownCmd    = "unknown command: `%c'"
	errIncomplete    = "incomplete command"
	errNoLabel       = "\":\" lacks a label"
	errRecursiveC    = "recursive escaping after \\c not allowed"
	errSandbox       = "e/r/w commands disabled in sandbox mode"
	errNoFilename    = "missing filename in r/R/w/W commands"
	errEmptyModifier = "cannot specify modifiers on empty regexp"
	errBadRef        = "invalid reference \\%d on `s' command's RHS"
	errNoPrevious    = "no previous regular expression"
)
