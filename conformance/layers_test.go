package conformance

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/shellfence/shellfence/"

// layerImports lists, for each layer, the project packages it must not
// import: imports flow vfs <- patch <- edit <- builtins <- engine <-
// engine/tools (the tool layer) <- cmd (edit's edit-file operation uses
// patch's diff). The MCP SDK is imported by engine/tools/mcptools alone.
var layerImports = map[string][]string{
	"vfs":          {"edit", "patch", "builtins", "engine", "cmd"},
	"edit":         {"builtins", "engine", "cmd"},
	"patch":        {"edit", "builtins", "engine", "cmd"},
	"builtins":     {"engine", "cmd"},
	"engine":       {"engine/tools", "cmd"},
	"engine/tools": {"cmd"},
}

// mayImportMCP is the one package allowed the MCP SDK (besides cmd).
const mayImportMCP = "engine/tools/mcptools"

// hostCalls are the os functions library code must not call: files go
// through the vfs, and the host's environment and process are off limits.
var hostCalls = map[string]bool{
	"Open": true, "OpenFile": true, "Create": true, "ReadFile": true, "WriteFile": true,
	"Stat": true, "Lstat": true, "ReadDir": true, "Remove": true, "RemoveAll": true,
	"Rename": true, "Mkdir": true, "MkdirAll": true, "MkdirTemp": true, "CreateTemp": true,
	"Chdir": true, "Getwd": true, "Chmod": true, "Chtimes": true, "Symlink": true, "Link": true,
	"Readlink": true, "Getenv": true, "LookupEnv": true, "Environ": true, "Setenv": true,
	"Exit": true, "StartProcess": true, "OpenRoot": true, "DirFS": true, "Truncate": true,
}

func TestLayers(t *testing.T) {
	for layer, banned := range layerImports {
		filepath.WalkDir(filepath.Join("..", layer), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			if layer == "engine" && strings.HasPrefix(filepath.ToSlash(p), "../engine/tools/") {
				return nil // a layer of its own
			}
			checkFile(t, layer, p, banned)
			return nil
		})
	}
}

// TestInternalLayer checks that the packages under builtins/internal, the
// gnulib-like code the commands share, stay below builtins: none imports
// builtins itself or anything above it.
func TestInternalLayer(t *testing.T) {
	filepath.WalkDir(filepath.Join("..", "builtins", "internal"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			name, _ := strconv.Unquote(imp.Path.Value)
			if name == module+"builtins" || strings.HasPrefix(name, module+"engine") || strings.HasPrefix(name, module+"cmd") {
				t.Errorf("%s imports %s: builtins/internal may not depend on builtins or above", p, name)
			}
		}
		return nil
	})
}

func checkFile(t *testing.T, layer, path string, banned []string) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		name, _ := strconv.Unquote(imp.Path.Value)
		for _, b := range banned {
			if strings.HasPrefix(name, module+b) {
				t.Errorf("%s imports %s: %s may not depend on %s", path, name, layer, b)
			}
		}
		mcpOK := strings.HasPrefix(filepath.ToSlash(path), "../"+mayImportMCP+"/")
		bad := name == "os/exec" || name == "log" || strings.Contains(name, "modelcontextprotocol") && !mcpOK
		if bad && layer != "vfs" || name == "os/exec" {
			t.Errorf("%s imports %s", path, name)
		}
	}
	if layer == "vfs" {
		return // the vfs is the one layer that touches the host
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == "os" && hostCalls[sel.Sel.Name] {
			t.Errorf("%s calls os.%s: library code reaches the host only through the vfs", path, sel.Sel.Name)
		}
		return true
	})
}
