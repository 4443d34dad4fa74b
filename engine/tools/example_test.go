package tools_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs"
)

// A preview shows what a command would change, as a diff, without
// touching the workspace; promote applies it.
func Example_preview() {
	tb := tools.New(tools.Config{Engine: engine.New(vfs.NewMem("/ws"))})
	s := tb.NewSession()
	defer s.Close()
	ctx := context.Background()
	tb.Call(ctx, s, "run", json.RawMessage(`{"command": "echo one > a.txt"}`))
	res := tb.Call(ctx, s, "run", json.RawMessage(`{"command": "echo two > a.txt", "preview": true}`))
	var out struct {
		PreviewID string `json:"preview_id"`
		Diff      string `json:"diff"`
	}
	b, _ := json.Marshal(res.Structured)
	json.Unmarshal(b, &out)
	fmt.Print(out.Diff)
	cat := func() string {
		b, _ := json.Marshal(tb.Call(ctx, s, "run", json.RawMessage(`{"command": "cat", "args": ["a.txt"]}`)).Structured)
		var r struct{ Stdout string }
		json.Unmarshal(b, &r)
		return r.Stdout
	}
	fmt.Print("workspace: ", cat())
	fmt.Println(tb.Call(ctx, s, "promote", json.RawMessage(`{"preview_id": "`+out.PreviewID+`"}`)).Text)
	fmt.Print("workspace: ", cat())
	// Output:
	// diff -ruN a/a.txt b/a.txt
	// --- a/a.txt
	// +++ b/a.txt
	// @@ -1 +1 @@
	// -one
	// +two
	// workspace: one
	// promoted p1: 1 files changed
	// [files changed: modified a.txt]
	//
	// workspace: two
}
