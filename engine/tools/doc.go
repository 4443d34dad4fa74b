// Package tools is shellfence's tool layer: the run, run_output, file,
// edit_file, apply_patch and fetch tools over an [engine.Engine], as
// plain definitions (name, description, JSON Schemas, annotations and a
// handler taking JSON) that any agent can hand to a model, with or
// without MCP. Package mcptools mounts the same tools on an MCP server.
//
//	tb := tools.New(tools.Config{Engine: e})
//	s := tb.NewSession() // one per client: its shell and stored outputs
//	for _, t := range tb.Tools() {
//		// give t.Name, t.Description and t.InputSchema to the model
//	}
//	res := tb.Call(ctx, s, "run", json.RawMessage(`{"command":"ls -la"}`))
//
// Each [Session] has a shell that persists from one run to the next
// (working directory, variables, functions), and a bounded store of its
// runs' full outputs, which run_output serves by id. Nothing here opens a
// host path: commands run in the engine, files are reached through its
// workspace.
//
// Every run reports files_changed, from a journal of its writes
// ([vfs.FS.WithJournal]). A run with preview: true goes to a copy-on-write
// overlay ([vfs.FS.Overlay]) that promote applies and discard drops; with
// Config.Checkpoints (a [checkpoint.Store] outside the workspace) the
// checkpoint tools snapshot and restore the workspace.
//
// With Config.Compat set to [CompatCmdshellmcp] the toolbox also serves
// cmdshellmcp's tools (cmdshell, readFile, writeFile, listFiles, ...)
// under its names and parameters, each built on the native tool that does
// the same work, so that server's clients switch without changes.
package tools
