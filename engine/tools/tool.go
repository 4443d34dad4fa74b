package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// Tool is one tool: what a model is told about it and the handler that
// runs it. The schemas are JSON Schema (draft 2020-12) objects, ready to
// hand to any model API.
type Tool struct {
	Name        string
	Description string
	Annotations Annotations
	// InputSchema describes the arguments; OutputSchema the structured
	// result.
	InputSchema, OutputSchema *jsonschema.Schema

	in     *jsonschema.Resolved // InputSchema resolved, at the first call
	once   sync.Once
	alias  func(map[string]any) // renames agents' argument names before validation
	handle func(ctx context.Context, c *Call, args json.RawMessage) *Result
}

// Annotations are the hints MCP clients use to decide how careful to be
// with a tool.
type Annotations struct {
	Title string
	// ReadOnly: the tool changes nothing. Destructive: it may delete or
	// overwrite. Idempotent: calling it again with the same arguments
	// changes nothing more. OpenWorld: it reaches beyond the workspace.
	ReadOnly, Destructive, Idempotent, OpenWorld bool
}

// Call is one call of a tool.
type Call struct {
	// Session is the caller's session (its shell and its stored outputs).
	Session *Session
	// Progress, if set, receives progress reports of long calls: done so
	// far, the total when known (else 0), and a message.
	Progress func(done, total float64, message string)
}

// Result is the outcome of a call.
type Result struct {
	// Structured is the result object, conforming to the tool's
	// OutputSchema (nil for a call that failed before running).
	Structured any
	// Text is a short rendering for clients that ignore Structured.
	Text string
	// IsError reports a call that failed: bad arguments, a refused path,
	// a command that exited with a non-zero status.
	IsError bool
}

// Handle runs the tool with args (a JSON object). It never panics and
// never returns nil: bad arguments and failures are results with
// IsError set and a message that says what to do instead.
func (t *Tool) Handle(ctx context.Context, c *Call, args json.RawMessage) (res *Result) {
	defer func() {
		if v := recover(); v != nil {
			res = errorf("%s: internal error: %v\n%s", t.Name, v, debug.Stack())
		}
	}()
	raw, err := t.check(args)
	if err != nil {
		return errorf("%s: invalid arguments: %s (it takes: %s)", t.Name,
			strings.TrimPrefix(err.Error(), "validating root: "), strings.Join(t.params(), ", "))
	}
	if c.Session == nil {
		return errorf("%s: no session: make one with Toolbox.NewSession", t.Name)
	}
	ctx, cancel := c.Session.bind(ctx)
	defer cancel()
	return t.handle(ctx, c, raw)
}

// check renames aliases, validates args against the input schema and
// fills in defaults; it returns the arguments as the handler decodes them.
func (t *Tool) check(args json.RawMessage) (json.RawMessage, error) {
	m := map[string]any{}
	if len(strings.TrimSpace(string(args))) > 0 && string(args) != "null" {
		if err := json.Unmarshal(args, &m); err != nil {
			return nil, fmt.Errorf("not a JSON object: %v", err)
		}
	}
	if t.alias != nil {
		t.alias(m)
	}
	t.once.Do(t.resolve)
	if err := t.in.ApplyDefaults(&m); err != nil {
		return nil, err
	}
	if err := t.in.Validate(m); err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

// params lists the tool's parameters, required ones first.
func (t *Tool) params() []string {
	var names []string
	for _, n := range t.InputSchema.Required {
		names = append(names, n+" (required)")
	}
	for _, n := range t.InputSchema.PropertyOrder {
		if !slices.Contains(t.InputSchema.Required, n) {
			names = append(names, n)
		}
	}
	return names
}

// resolve prepares the input schema for validation, once the tool's
// definition (defaults, enums, unions) is complete.
func (t *Tool) resolve() {
	resolved, err := t.InputSchema.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", t.Name, err))
	}
	t.in = resolved
}

// errorf is a failed call's result.
func errorf(format string, args ...any) *Result {
	return &Result{Text: fmt.Sprintf(format, args...), IsError: true}
}

// define builds a tool whose arguments decode into In and whose
// structured result is an Out; the schemas come from the types (their
// json tags and jsonschema descriptions).
func define[In, Out any](name, desc string, ann Annotations, h func(ctx context.Context, c *Call, in In) (Out, *Result)) *Tool {
	in := schemaFor[In]()
	t := &Tool{Name: name, Description: desc, Annotations: ann, InputSchema: in, OutputSchema: schemaFor[Out]()}
	t.handle = func(ctx context.Context, c *Call, raw json.RawMessage) *Result {
		var args In
		if err := json.Unmarshal(raw, &args); err != nil {
			return errorf("%s: invalid arguments: %v", name, err)
		}
		out, res := h(ctx, c, args)
		if res == nil {
			res = &Result{}
		}
		if res.Structured == nil && !isZero(out) {
			res.Structured = out
		}
		return res
	}
	return t
}

func isZero[T any](v T) bool { return reflect.ValueOf(&v).Elem().IsZero() }

// schemaFor infers the schema of T; a type that cannot be described is a
// programming error.
func schemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("schema of %T: %v", *new(T), err))
	}
	notNull(s)
	return s
}

// notNull makes a property that may be null (a slice or a map) plainly
// of its type: arguments are left out, not given as null.
func notNull(s *jsonschema.Schema) {
	for _, p := range s.Properties {
		if len(p.Types) == 2 && p.Types[0] == "null" {
			p.Type, p.Types = p.Types[1], nil
		}
		notNull(p)
	}
	if s.Items != nil {
		notNull(s.Items)
	}
}

// InputSchemaMap returns the input schema as a plain JSON object, the
// form most model APIs take for a tool's parameters.
func (t *Tool) InputSchemaMap() map[string]any {
	b, err := json.Marshal(t.InputSchema)
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", t.Name, err))
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", t.Name, err))
	}
	return m
}
