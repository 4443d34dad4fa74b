package builtins

// Messages for bad number arguments (the numbers are parsed by
// xstrtoumax in human.go).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// sizeArgError is gnulib's xdectoumax message for a bad value of s:
// "what: ‘s’", with the overflow cause when the number is too large.
func sizeArgError(what, s string, err strtolErr) string {
	msg := fmt.Sprintf("%s: %s", what, quote.Locale(s))
	if err == longintOverflow {
		msg += ": Value too large for defined data type"
	}
	return msg
}
