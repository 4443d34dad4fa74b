package xstrtol

// Messages for bad number arguments (the numbers are parsed by
// Umax in xstrtol.go).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// DecError is gnulib's xdectoumax message for a bad value of s:
// "what: ‘s’", with the overflow cause when the number is too large.
func DecError(what, s string, err Err) string {
	msg := fmt.Sprintf("%s: %s", what, quote.Locale(s))
	if err == Overflow {
		msg += ": Value too large for defined data type"
	}
	return msg
}

// Message is gnulib's xstrtol_error text for a bad option value;
// option is the option as written (-B or --block-size).
func Message(err Err, option, arg string) string {
	switch err {
	case Overflow:
		return fmt.Sprintf("%s argument '%s' too large", option, arg)
	case InvalidSuffixChar, InvalidSuffixCharOverflow:
		return fmt.Sprintf("invalid suffix in %s argument '%s'", option, arg)
	}
	return fmt.Sprintf("invalid %s argument '%s'", option, arg)
}
