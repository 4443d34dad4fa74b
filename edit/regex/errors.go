package regex

// Error is a syntax error in a pattern. Its text is GNU's message, with no
// program name or position.
type Error struct {
	Msg string
	// NoPos marks the messages GNU sed prints without its "-e expression
	// #N, char M: " prefix (they come from GNU's DFA matcher, not regcomp).
	NoPos bool
}

func (e *Error) Error() string { return e.Msg }

// GNU's messages (glibc regcomp and gnulib dfa.c).
const (
	errBrack   = "Unmatched [, [^, [:, [., or [="
	errParen   = "Unmatched ( or \\("
	errRParen  = "Unmatched ) or \\)"
	errBrace   = "Unmatched \\{"
	errBadBR   = "Invalid content of \\{\\}"
	errBadRpt  = "Invalid preceding regular expression"
	errSubReg  = "Invalid back reference"
	errEscape  = "Trailing backslash"
	errRange   = "Invalid range end"
	errCType   = "Invalid character class name"
	errCollate = "Invalid collation character"
	errSize    = "Regular expression too big"
	errColon   = "character class syntax is [[:space:]], not [:space:]"
	errBadPat  = "Invalid regular expression"
)

func fail(msg string) error { return &Error{Msg: msg} }
