package main

import (
	"archive/zip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/shellfence/shellfence/vfs"
)

// dlzip downloads the whole workspace into the zip file name: the tree
// from list_tree a page at a time, each file from read_bytes a chunk at a
// time, so neither side holds more than a page or a chunk. The zip is
// written beside name under a temporary name and renamed to name only
// when complete; on failure nothing is left.

// treeEntry and treePage are list_tree's results, as far as dlzip reads
// them.
type treeEntry struct {
	Path, Type, Mode, Modified, Target string
	Size                               int64
}

type treePage struct {
	Entries []treeEntry
	More    bool
	Next    string
}

type bytesChunk struct {
	Data string
	EOF  bool
}

// zipCounts is what dlzip wrote.
type zipCounts struct {
	files, dirs, links, skipped int
	bytes                       int64
}

func dlzip(ctx context.Context, cs *mcp.ClientSession, name string, stdout io.Writer) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	zw := zip.NewWriter(tmp)
	var n zipCounts
	if err := copyTree(ctx, cs, zw, &n); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d files (%d bytes), %d directories, %d symlinks", name, n.files, n.bytes, n.dirs, n.links)
	if n.skipped > 0 {
		fmt.Fprintf(stdout, "; %d special files skipped", n.skipped)
	}
	fmt.Fprintln(stdout)
	return nil
}

// copyTree writes every entry of the workspace into zw.
func copyTree(ctx context.Context, cs *mcp.ClientSession, zw *zip.Writer, n *zipCounts) error {
	after := ""
	for {
		var page treePage
		if err := callInto(ctx, cs, "list_tree", map[string]any{"after": after}, &page); err != nil {
			return err
		}
		for _, e := range page.Entries {
			if err := addEntry(ctx, cs, zw, e, n); err != nil {
				return fmt.Errorf("%s: %w", e.Path, err)
			}
		}
		if !page.More || page.Next == "" {
			return nil
		}
		after = page.Next
	}
}

func addEntry(ctx context.Context, cs *mcp.ClientSession, zw *zip.Writer, e treeEntry, n *zipCounts) error {
	h := &zip.FileHeader{Name: e.Path, Method: zip.Deflate}
	if t, err := time.Parse(time.RFC3339Nano, e.Modified); err == nil {
		h.Modified = t
	}
	perm := unixMode(e.Mode)
	switch e.Type {
	case "dir":
		h.Name += "/"
		h.Method = zip.Store
		h.SetMode(fs.ModeDir | perm)
		n.dirs++
		_, err := zw.CreateHeader(h)
		return err
	case "symlink":
		h.Method = zip.Store
		h.SetMode(fs.ModeSymlink | 0o777)
		n.links++
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = io.WriteString(w, e.Target)
		}
		return err
	case "file":
		h.SetMode(perm)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		n.files++
		return copyFileChunks(ctx, cs, e.Path, w, n)
	}
	n.skipped++
	return nil
}

// copyFileChunks copies the file p into w, read_bytes chunk by chunk.
func copyFileChunks(ctx context.Context, cs *mcp.ClientSession, p string, w io.Writer, n *zipCounts) error {
	for offset := int64(0); ; {
		var c bytesChunk
		if err := callInto(ctx, cs, "read_bytes", map[string]any{"path": p, "offset": offset}, &c); err != nil {
			return err
		}
		data, err := base64.StdEncoding.DecodeString(c.Data)
		if err != nil {
			return fmt.Errorf("read_bytes at %d: %v", offset, err)
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		offset += int64(len(data))
		n.bytes += int64(len(data))
		if c.EOF || len(data) == 0 {
			return nil
		}
	}
}

// callInto calls tool and decodes its structured result into v; a tool
// error is an error.
func callInto(ctx context.Context, cs *mcp.ClientSession, tool string, args map[string]any, v any) error {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return err
	}
	if res.IsError {
		var text string
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				text += t.Text
			}
		}
		return fmt.Errorf("%s: %s", tool, text)
	}
	if res.StructuredContent == nil {
		return fmt.Errorf("%s: no structured result (is this a shellfence server?)", tool)
	}
	data, err := json.Marshal(res.StructuredContent)
	if err == nil {
		err = json.Unmarshal(data, v)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", tool, err)
	}
	return nil
}

// unixMode reads an octal permission string (0644, 4755) as a file mode;
// an unreadable one is 0644.
func unixMode(s string) fs.FileMode {
	p, err := strconv.ParseUint(s, 8, 32)
	if err != nil {
		return 0o644
	}
	return vfs.GoMode(uint32(p))
}
