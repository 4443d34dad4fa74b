package conformance

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var readme = flag.Bool("readme", false, "compile the README's Go snippets (fetches anthropic-sdk-go and openai-go through the module proxy)")

// readmeWrappers turn each ```go block of the README, in order, into a
// function that declares what the text around it supposes.
var readmeWrappers = []string{
	"func engineExample(ctx context.Context) *engine.Engine {\n%s\nreturn e\n}",
	"func mcpExample(e *engine.Engine) *tools.Toolbox {\n%s\n_ = server\nreturn tb\n}",
	"func anthropicExample(ctx context.Context, tb *tools.Toolbox, u anthropic.ToolUseBlock) {\n%s\n_, _ = defs, reply\n}",
	"func openaiExample(ctx context.Context, tb *tools.Toolbox, session *tools.Session, c openai.ChatCompletionMessageToolCallUnion) {\n%s\n_, _ = defs, reply\n}",
}

const readmeProgram = `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs"
)

var _ = json.Marshal
var _ = fmt.Print
var _ = time.Second

%s

func main() {}
`

const readmeMod = `module readmecheck

go 1.26.0

require (
	github.com/shellfence/shellfence v0.0.0
	github.com/anthropics/anthropic-sdk-go/v2 v2.15.0
	github.com/openai/openai-go/v3 v3.98.0
)

replace github.com/shellfence/shellfence => %s
`

// TestReadmeSnippets compiles the README's Go snippets against this
// module and the model SDKs they show.
func TestReadmeSnippets(t *testing.T) {
	if !*readme {
		t.Skip("run with -readme (fetches the model SDKs)")
	}
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(text), -1)
	if len(blocks) != len(readmeWrappers) {
		t.Fatalf("the README has %d Go snippets, the test wraps %d", len(blocks), len(readmeWrappers))
	}
	var funcs []string
	for i, b := range blocks {
		funcs = append(funcs, fmt.Sprintf(readmeWrappers[i], b[1]))
	}
	dir := t.TempDir()
	root, _ := filepath.Abs("..")
	write(t, filepath.Join(dir, "go.mod"), fmt.Sprintf(readmeMod, root))
	write(t, filepath.Join(dir, "main.go"), fmt.Sprintf(readmeProgram, strings.Join(funcs, "\n\n")))
	for _, args := range [][]string{{"mod", "tidy"}, {"vet", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
