package builtins

// Compiling the jq program, and jq's wording for compile and run-time
// errors where gojq words them differently.

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/itchyny/gojq"
)

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

// compile parses and compiles src; on failure it prints jq's compile
// error and returns 3.
func (r *jqRun) compile(src string) int {
	q, err := gojq.Parse(src)
	if err != nil {
		return r.compileError(src, err)
	}
	if len(q.Imports) > 0 {
		r.errorf("jq: error: module not found: %s (shellfence loads no jq modules)\njq: 1 compile error\n", q.Imports[0].ImportPath)
		return jqErrCompile
	}
	r.ord.collectLiterals(q)
	rewriteMul(q)
	q.FuncDefs = append(append([]*gojq.FuncDef{}, jqPreludeDefs()...), q.FuncDefs...)
	code, err := gojq.Compile(q, r.compilerOptions()...)
	if err != nil {
		return r.compileError(src, err)
	}
	r.code = code
	return 0
}

// varNames lists the program's variables: the named arguments and $ARGS.
func (r *jqRun) varNames() []string {
	names := make([]string, 0, len(r.o.namedKeys)+1)
	for _, k := range r.o.namedKeys {
		names = append(names, "$"+k)
	}
	return append(names, "$ARGS", "$__prog_name")
}

// varValues are the values of varNames.
func (r *jqRun) varValues() []any {
	vals := make([]any, 0, len(r.o.namedKeys)+2)
	named := make(map[string]any, len(r.o.namedKeys))
	for _, k := range r.o.namedKeys {
		vals = append(vals, r.o.named[k])
		named[k] = r.o.named[k]
	}
	if r.argsValue == nil {
		r.ord.recordPinned(named, r.o.namedKeys)
		pos := r.o.positional
		if pos == nil {
			pos = []any{}
		}
		r.argsValue = map[string]any{"positional": pos, "named": named}
		r.ord.recordPinned(r.argsValue, []string{"positional", "named"})
	}
	return append(vals, r.argsValue, "jq")
}

func (r *jqRun) compilerOptions() []gojq.CompilerOption {
	env := append([]string(nil), r.p.Env...)
	return []gojq.CompilerOption{
		gojq.WithVariables(r.varNames()),
		gojq.WithEnvironLoader(func() []string { return env }),
		gojq.WithInputIter(r.in),
		gojq.WithFunction("_sf_keys", 0, 0, r.keysUnsorted),
		gojq.WithFunction("_sf_mul_room", 2, 2, r.mulRoom),
		gojq.WithFunction("_sf_from_entries", 0, 0, r.fromEntries),
		gojq.WithFunction("_sf_tojson", 0, 0, func(v any, _ []any) any {
			return string((&jqEncoder{ord: r.ord}).encode(nil, v, 0))
		}),
		gojq.WithFunction("_sf_input_filename", 0, 0, func(any, []any) any { return r.in.filename() }),
		gojq.WithFunction("_sf_input_line", 0, 0, func(any, []any) any { return r.in.lineNumber() }),
		gojq.WithFunction("_sf_now", 0, 0, func(any, []any) any {
			t := r.p.Now()
			return float64(t.UnixNano()) / 1e9
		}),
		gojq.WithFunction("debug", 0, 0, func(v any, _ []any) any {
			b := (&jqEncoder{ord: r.ord}).encode([]byte(`["DEBUG:",`), v, 0)
			r.errorf("%s]\n", b)
			return v
		}),
		gojq.WithFunction("stderr", 0, 0, func(v any, _ []any) any {
			if s, ok := v.(string); ok {
				r.errorf("%s", s)
			} else {
				r.errorf("%s", (&jqEncoder{ord: r.ord}).encode(nil, v, 0))
			}
			return v
		}),
	}
}

// keysUnsorted is jq's keys_unsorted: keys in output order.
func (r *jqRun) keysUnsorted(v any, _ []any) any {
	switch v := v.(type) {
	case map[string]any:
		ks := r.ord.keys(v, false)
		out := make([]any, len(ks))
		for i, k := range ks {
			out[i] = k
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = i
		}
		return out
	}
	return fmt.Errorf("%s has no keys", jqTypePreview(v))
}

// fromEntries is jq 1.7.1's from_entries, keeping the entries' order.
func (r *jqRun) fromEntries(v any, _ []any) any {
	arr, ok := v.([]any)
	if !ok {
		return fmt.Errorf("Cannot iterate over %s", jqTypePreview(v))
	}
	out := make(map[string]any, len(arr))
	keys := make([]string, 0, len(arr))
	for _, e := range arr {
		m, ok := e.(map[string]any)
		if !ok {
			return fmt.Errorf("Cannot index %s with \"key\"", jqTypeName(e))
		}
		k := jqEntryKey(m)
		ks, isStr := k.(string)
		if !isStr {
			ks = string((&jqEncoder{}).encode(nil, k, 0))
		}
		val, has := m["value"]
		if !has {
			val = m["v"]
		}
		if _, dup := out[ks]; !dup {
			keys = append(keys, ks)
		}
		out[ks] = val
	}
	r.ord.record(out, keys)
	return out
}

// jqEntryKey is the key of a from_entries entry: .key, else the first
// of .k, .name, .Name, .K, .Key that is not null or false.
func jqEntryKey(m map[string]any) any {
	if k, ok := m["key"]; ok && k != nil {
		return k
	}
	for _, name := range []string{"k", "name", "Name", "K", "Key"} {
		if k := m[name]; k != nil && k != false {
			return k
		}
	}
	return nil
}

// jqTypeName is jq's name of v's type.
func jqTypeName(v any) string {
	t, _, _ := strings.Cut(jqTypePreview(v), " ")
	return t
}

// jqTypePreview is jq's "type (value)" in messages.
func jqTypePreview(v any) string {
	t := "null"
	switch v.(type) {
	case bool:
		t = "boolean"
	case string:
		t = "string"
	case []any:
		t = "array"
	case map[string]any:
		t = "object"
	case nil:
	default:
		t = "number"
	}
	return t + " (" + gojq.Preview(v) + ")"
}

// compileError prints jq's compile error for the program src.
func (r *jqRun) compileError(src string, err error) int {
	var pe *gojq.ParseError
	var msg string
	line, col := 1, 0
	if errors.As(err, &pe) {
		off := min(pe.Offset, len(src))
		line += strings.Count(src[:off], "\n")
		col = max(off-len(pe.Token)-(strings.LastIndexByte(src[:off], '\n')+1), 0)
		msg = "syntax error, unexpected " + jqTokenName(pe.Token) + " (Unix shell quoting issues?)"
	} else {
		msg = jqCompileText(err.Error())
		if name, _, ok := strings.Cut(msg, " is not defined"); ok {
			line = jqLineOf(src, strings.TrimPrefix(strings.Split(name, "/")[0], "$"))
		}
	}
	r.errorf("jq: error: %s at <top-level>, line %d:\n%s%s\njq: 1 compile error\n", msg, line, src, strings.Repeat(" ", col))
	return jqErrCompile
}

// jqTokenName names a token as jq's parser does.
func jqTokenName(tok string) string {
	switch {
	case tok == "":
		return "end of file"
	case len(tok) == 1 && strings.ContainsAny(tok, ".[]{}(),:;|+-*/%=<>$?"):
		return "'" + tok + "'"
	case tok[0] == '"':
		return "QQSTRING_START"
	case tok[0] >= '0' && tok[0] <= '9':
		return "LITERAL"
	case tok[0] == '$' || tok[0] == '_' || isASCIILetter(tok[0]):
		return "IDENT"
	}
	return "INVALID_CHARACTER"
}

// jqLineOf returns the line of src where name first appears.
func jqLineOf(src, name string) int {
	i := strings.Index(src, name)
	if i < 0 {
		return 1
	}
	return 1 + strings.Count(src[:i], "\n")
}

// jqCompileText rewords gojq's compile errors as jq's.
func jqCompileText(msg string) string {
	if f, ok := strings.CutPrefix(msg, "function not defined: "); ok {
		return f + " is not defined"
	}
	if v, ok := strings.CutPrefix(msg, "variable not defined: "); ok {
		return v + " is not defined"
	}
	return msg
}

// jqErrRewrites turn gojq's run-time messages into jq's.
var jqErrRewrites = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`^cannot iterate over: (.*)$`), "Cannot iterate over $1"},
	{regexp.MustCompile(`^cannot add: (.*) and (\w+ \(.*\))$`), "$1 and $2 cannot be added"},
	{regexp.MustCompile(`^cannot subtract: (.*) and (\w+ \(.*\))$`), "$1 and $2 cannot be subtracted"},
	{regexp.MustCompile(`^cannot multiply: (.*) and (\w+ \(.*\))$`), "$1 and $2 cannot be multiplied"},
	{regexp.MustCompile(`^cannot divide: (.*) and (\w+ \(.*\))$`), "$1 and $2 cannot be divided"},
	{regexp.MustCompile(`^cannot divide (.*) by: (\w+ \(.*\))$`), "$1 and $2 cannot be divided because the divisor is zero"},
	{regexp.MustCompile(`^cannot modulo (.*) by: (\w+ \(.*\))$`), "$1 and $2 cannot be divided because the divisor is zero"},
	{regexp.MustCompile(`^length cannot be applied to: (.*)$`), "$1 has no length"},
	{regexp.MustCompile(`^keys cannot be applied to: (.*)$`), "$1 has no keys"},
}

// jqErrText rewords a gojq run-time error.
func jqErrText(msg string) string {
	if msg == "break" {
		return "No more inputs"
	}
	for _, rw := range jqErrRewrites {
		if rw.re.MatchString(msg) {
			return rw.re.ReplaceAllString(msg, rw.repl)
		}
	}
	return msg
}
