package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// shellfence client calls the tools of a shellfence server (or any MCP
// server) over streamable HTTP: one tool call, the tool list, or the whole
// workspace as a zip file. It exits 0 on success, 1 when the tool reports
// an error and 2 when the call could not be made (usage, connection,
// authorization, protocol).

const clientUsage = `usage:
  shellfence client [--auth TOKEN] [--json] URL TOOL [--NAME VALUE | --NAME=VALUE]... [--args-json '{...}']
  shellfence client [--auth TOKEN] [--json] URL list
  shellfence client [--auth TOKEN] URL dlzip FILE.zip

URL is the server's MCP endpoint, such as http://127.0.0.1:8080/mcp.
--NAME VALUE gives the tool argument NAME: VALUE is taken as JSON when it is
valid JSON (3, true, ["a"], {"k":1}) and the parameter is not a string, else as
a string. --args-json gives all arguments as one JSON object (--NAME VALUE
pairs override it). The client's own options (--auth, --json, --args-json)
cannot name tool arguments; give such arguments in --args-json.
The token is --auth, else $SHELLFENCE_TOKEN, else asked for (without echo)
when the server wants one and standard input is a terminal.
--json prints the structured result instead of the text.
list lists the server's tools; dlzip downloads the whole workspace into FILE.zip.
Exit status: 0 done, 1 the tool reported an error, 2 the call could not be made.
`

// clientArgs is a parsed client command line.
type clientArgs struct {
	url, tool string
	operands  []string // after the tool: dlzip's FILE.zip
	auth      string
	json      bool
	argsJSON  string
	pairs     [][2]string // --NAME VALUE, in order
}

func parseClientArgs(args []string) (*clientArgs, error) {
	c := &clientArgs{}
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "--") {
			positional = append(positional, a)
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		if name == "json" {
			if hasValue {
				return nil, errors.New("--json takes no value")
			}
			c.json = true
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch name {
		case "":
			return nil, fmt.Errorf("%s: an argument needs a name", a)
		case "auth":
			c.auth = value
		case "args-json":
			c.argsJSON = value
		default:
			c.pairs = append(c.pairs, [2]string{name, value})
		}
	}
	if len(positional) < 2 {
		return nil, errors.New("give the server's URL and a tool name (or list, or dlzip FILE.zip)")
	}
	c.url, c.tool, c.operands = positional[0], positional[1], positional[2:]
	return c, nil
}

func clientCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, clientUsage)
		return 0
	}
	c, err := parseClientArgs(args)
	if err == nil {
		err = c.check()
	}
	if err != nil {
		fmt.Fprintf(stderr, "shellfence client: %v\n%s", err, clientUsage)
		return 2
	}
	cs, err := connectServer(ctx, c.url, newTokenAuth(c.auth, stdin, stderr))
	if err != nil {
		fmt.Fprintf(stderr, "shellfence client: %s: %v\n", c.url, err)
		return 2
	}
	defer cs.Close()
	switch c.tool {
	case "list":
		err = clientListTools(ctx, cs, c.json, stdout)
	case "dlzip":
		err = dlzip(ctx, cs, c.operands[0], stdout)
	default:
		return clientCallTool(ctx, cs, c, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "shellfence client: %s: %v\n", c.tool, err)
		return 2
	}
	return 0
}

// check refuses what does not fit the command.
func (c *clientArgs) check() error {
	tool := c.tool != "list" && c.tool != "dlzip"
	switch {
	case c.tool == "dlzip" && len(c.operands) != 1:
		return errors.New("dlzip takes one operand: the zip file to write")
	case c.tool != "dlzip" && len(c.operands) > 0:
		return fmt.Errorf("unexpected operand %q: tool arguments are --NAME VALUE", c.operands[0])
	case !tool && (len(c.pairs) > 0 || c.argsJSON != ""):
		return fmt.Errorf("%s takes no tool arguments", c.tool)
	case c.tool == "dlzip" && c.json:
		return errors.New("dlzip takes no --json")
	}
	return nil
}

// connectServer opens an MCP session with the server at url.
func connectServer(ctx context.Context, url string, ta *tokenAuth) (*mcp.ClientSession, error) {
	t := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{}, OAuthHandler: ta,
		DisableStandaloneSSE: true, MaxRetries: -1}
	client := mcp.NewClient(&mcp.Implementation{Name: "shellfence client", Version: clientVersion}, nil)
	return client.Connect(ctx, t, nil)
}

// clientVersion is what the client calls itself.
const clientVersion = "0.1"

// clientCallTool calls c.tool and prints its result; it returns the exit status.
func clientCallTool(ctx context.Context, cs *mcp.ClientSession, c *clientArgs, stdout, stderr io.Writer) int {
	args, err := toolArguments(ctx, cs, c)
	if err != nil {
		fmt.Fprintf(stderr, "shellfence client: %s: %v\n", c.tool, err)
		return 2
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: args})
	if err != nil {
		fmt.Fprintf(stderr, "shellfence client: %s: %v\n", c.tool, err)
		return 2
	}
	if err := printResult(res, c.json, stdout); err != nil {
		fmt.Fprintf(stderr, "shellfence client: %s: %v\n", c.tool, err)
		return 2
	}
	if res.IsError {
		return 1
	}
	return 0
}

// toolArguments builds the arguments of a call from --args-json and the
// --NAME VALUE pairs. A value is JSON when it parses as JSON, unless the
// tool's schema says the parameter is a string.
func toolArguments(ctx context.Context, cs *mcp.ClientSession, c *clientArgs) (map[string]any, error) {
	args := map[string]any{}
	if c.argsJSON != "" {
		if err := decodeExactJSON(c.argsJSON, &args); err != nil {
			return nil, fmt.Errorf("--args-json: want a JSON object: %v", err)
		}
	}
	if len(c.pairs) == 0 {
		return args, nil
	}
	strs, err := stringParams(ctx, cs, c.tool)
	if err != nil {
		return nil, err
	}
	for _, p := range c.pairs {
		args[p[0]] = argValue(p[1], strs[p[0]])
	}
	return args, nil
}

// argValue is the value of --NAME v: v's JSON value when it is valid JSON
// and the parameter is not a string, else v itself.
func argValue(v string, isString bool) any {
	var x any
	if isString || decodeExactJSON(v, &x) != nil {
		return v
	}
	return x
}

// decodeExactJSON decodes one JSON value, keeping numbers exact.
func decodeExactJSON(s string, v any) error {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// stringParams returns the parameters of tool whose schema type is
// string (none when the server does not list the tool).
func stringParams(ctx context.Context, cs *mcp.ClientSession, tool string) (map[string]bool, error) {
	strs := map[string]bool{}
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, fmt.Errorf("listing tools: %v", err)
		}
		if t.Name != tool {
			continue
		}
		var schema struct {
			Properties map[string]struct {
				Type any `json:"type"`
			} `json:"properties"`
		}
		data, _ := json.Marshal(t.InputSchema)
		json.Unmarshal(data, &schema)
		for name, p := range schema.Properties {
			strs[name] = p.Type == "string"
		}
	}
	return strs, nil
}

// printResult prints a tool's result: its text, or with asJSON its
// structured content (its text when it has none).
func printResult(res *mcp.CallToolResult, asJSON bool, w io.Writer) error {
	if asJSON && res.StructuredContent != nil {
		return printIndentedJSON(w, res.StructuredContent)
	}
	var b strings.Builder
	for i, c := range res.Content {
		if i > 0 && !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
		switch c := c.(type) {
		case *mcp.TextContent:
			b.WriteString(c.Text)
		case *mcp.ImageContent:
			fmt.Fprintf(&b, "[image: %s, %d bytes]", c.MIMEType, len(c.Data))
		case *mcp.AudioContent:
			fmt.Fprintf(&b, "[audio: %s, %d bytes]", c.MIMEType, len(c.Data))
		default:
			data, _ := json.Marshal(c)
			b.Write(data)
		}
	}
	s := b.String()
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	_, err := io.WriteString(w, s)
	return err
}

func printIndentedJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// clientListTools prints the server's tools: each name and the first line of
// its description, or with asJSON the tools as the server describes them.
func clientListTools(ctx context.Context, cs *mcp.ClientSession, asJSON bool, w io.Writer) error {
	var all []*mcp.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return err
		}
		all = append(all, t)
	}
	if asJSON {
		return printIndentedJSON(w, all)
	}
	var b strings.Builder
	for _, t := range all {
		first, _, _ := strings.Cut(t.Description, "\n")
		fmt.Fprintf(&b, "%s\t%s\n", t.Name, first)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
