// Package mcptools serves shellfence's tools ([tools.Toolbox]) over MCP
// with the official Go SDK: [Mount] adds them to an [mcp.Server], so a Go
// agent can serve them from its own server, and [NewServer] makes a
// server that holds only them.
//
// Each MCP session gets its own [tools.Session]: a shell that persists
// between runs and a store of its runs' outputs. A client's
// notifications/cancelled, or the end of the session, stops the call; a
// progress token makes long runs report progress.
package mcptools

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/engine/tools"
)

// Options tune the mounting.
type Options struct {
	// Audit, if set, is called after every tool call.
	Audit func(Entry)
}

// Entry describes one tool call for an audit log.
type Entry struct {
	Time      time.Time
	Session   string // the MCP session's id ("" for stdio)
	Tool      string
	Arguments json.RawMessage
	IsError   bool
	ExitCode  *int // run's exit code, when the tool is a run
	Duration  time.Duration
	Bytes     int // size of the result's text
}

// NewServer returns an MCP server serving tb's tools, whose instructions
// tell a client what this shell is.
func NewServer(tb *tools.Toolbox, impl *mcp.Implementation, opts *Options) *mcp.Server {
	s := mcp.NewServer(impl, &mcp.ServerOptions{Instructions: tb.Instructions(), HasTools: true})
	Mount(s, tb, opts)
	return s
}

// Mount adds tb's tools to s.
func Mount(s *mcp.Server, tb *tools.Toolbox, opts *Options) {
	if opts == nil {
		opts = &Options{}
	}
	m := &mount{tb: tb, opts: opts, sessions: map[*mcp.ServerSession]*tools.Session{}}
	for _, t := range tb.Tools() {
		s.AddTool(mcpTool(t), m.handler(t))
	}
}

// mcpTool is t as MCP describes a tool.
func mcpTool(t *tools.Tool) *mcp.Tool {
	a := t.Annotations
	return &mcp.Tool{
		Name:         t.Name,
		Title:        a.Title,
		Description:  t.Description,
		InputSchema:  schemaJSON(t.Name, t.InputSchema),
		OutputSchema: schemaJSON(t.Name, t.OutputSchema),
		Annotations: &mcp.ToolAnnotations{
			Title:           a.Title,
			ReadOnlyHint:    a.ReadOnly,
			DestructiveHint: &a.Destructive,
			IdempotentHint:  a.Idempotent,
			OpenWorldHint:   &a.OpenWorld,
		},
	}
}

// schemaJSON is s marshalled once, for the SDK to hold: given a
// *jsonschema.Schema, it marshals it again at every tools/list, and once
// more to check it when the tool is added, and jsonschema's marshalling
// is slow (a tools/list took 3.6 ms of a server's 8.5 ms from start to
// its answer). A nil schema stays nil, for a tool without one.
func schemaJSON(tool string, s *jsonschema.Schema) any {
	if s == nil {
		return nil
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("mcptools: schema of %s: %v", tool, err))
	}
	return json.RawMessage(b)
}

type mount struct {
	tb       *tools.Toolbox
	opts     *Options
	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*tools.Session
}

// session returns the tools session of an MCP session, made on its first
// call and closed when the MCP session ends.
func (m *mount) session(ss *mcp.ServerSession) *tools.Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.sessions[ss]; ok {
		return s
	}
	s := m.tb.NewSession()
	m.sessions[ss] = s
	go func() {
		ss.Wait()
		m.mu.Lock()
		delete(m.sessions, ss)
		m.mu.Unlock()
		s.Close()
	}()
	return s
}

func (m *mount) handler(t *tools.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		call := &tools.Call{Session: m.session(req.Session), Progress: progress(ctx, req)}
		args := req.Params.Arguments
		res := t.Handle(ctx, call, args)
		out := &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: res.Text}},
			StructuredContent: res.Structured,
			IsError:           res.IsError,
		}
		if m.opts.Audit != nil {
			m.opts.Audit(entry(req, t, args, res, start))
		}
		return out, nil
	}
}

// progress reports to the client when it sent a progress token.
func progress(ctx context.Context, req *mcp.CallToolRequest) func(done, total float64, msg string) {
	tok := req.Params.GetProgressToken()
	if tok == nil {
		return nil
	}
	return func(done, total float64, msg string) {
		req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: done, Total: total, Message: msg})
	}
}

func entry(req *mcp.CallToolRequest, t *tools.Tool, args json.RawMessage, res *tools.Result, start time.Time) Entry {
	e := Entry{Time: start, Session: req.Session.ID(), Tool: t.Name, Arguments: args, IsError: res.IsError,
		Duration: time.Since(start), Bytes: len(res.Text)}
	if code, ok := tools.ExitCode(res); ok {
		e.ExitCode = &code
	}
	return e
}
