package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/shellfence/shellfence/checkpoint"
	"github.com/shellfence/shellfence/vfs"
)

// checkpointStore opens the checkpoint store of the workspace ws: the
// directory s names, or one per workspace under the user cache directory
// (the temporary directory without one). A directory inside the
// workspace is refused: a run could rewrite the snapshots. When the
// default directory cannot be made (a read-only image), there is no
// store and no checkpoint tool.
func checkpointStore(s *settings, ws *vfs.FS) (*checkpoint.Store, error) {
	if s.checkpointDir != "" {
		return openStore(s, ws, s.checkpointDir)
	}
	for _, dir := range defaultStoreDirs(ws) {
		if store, err := openStore(s, ws, dir); err == nil {
			return store, nil
		}
	}
	return nil, nil
}

// defaultStoreDirs are the store's directories to try when none is
// given: under the user cache directory (unless it is in the workspace),
// then under the temporary directory.
func defaultStoreDirs(ws *vfs.FS) []string {
	sum := sha256.Sum256([]byte(ws.Root()))
	sub := filepath.Join("shellfence", "checkpoints", hex.EncodeToString(sum[:8]))
	var dirs []string
	if base, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(base, sub))
	}
	return append(dirs, filepath.Join(os.TempDir(), sub))
}

// openStore opens the store in dir.
func openStore(s *settings, ws *vfs.FS, dir string) (*checkpoint.Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("--checkpoint-dir %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("--checkpoint-dir %s: %w", dir, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if rel, err := filepath.Rel(filepath.FromSlash(ws.Root()), abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("--checkpoint-dir %s: inside the workspace, where runs could rewrite the checkpoints; choose a directory outside it", dir)
	}
	fsys, err := vfs.OpenDir(abs)
	if err != nil {
		return nil, fmt.Errorf("--checkpoint-dir %s: %w", dir, err)
	}
	return checkpoint.Open(fsys, checkpoint.Options{MaxBytes: s.checkpointBytes, MaxFile: s.checkpointFile})
}
