// Package checkpoint snapshots a workspace into a content-addressed store
// outside it and brings snapshots back.
//
// The store is a [vfs.FS] of its own (a directory the server owns, never
// inside the workspace): blobs/XX/HASH holds each distinct file content
// once, by its SHA-256, whichever checkpoints share it; checkpoints/ID.json
// lists a checkpoint's tree (paths, modes, sizes, hashes, symlink targets).
// A checkpoint reads only the files whose size, modification time or mode
// changed since the store last hashed them. The store is bounded in
// bytes, and each file by a size limit.
package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// Options bound a [Store].
type Options struct {
	// MaxBytes bounds the content the store holds (default 1 GiB);
	// MaxFile each file a checkpoint takes (default 64 MiB).
	MaxBytes, MaxFile int64
	// MaxCheckpoints bounds how many the store keeps (default 64).
	MaxCheckpoints int
}

// Store is a checkpoint store. It is safe for concurrent use.
type Store struct {
	mu    sync.Mutex
	fs    *vfs.FS
	opts  Options
	blobs map[string]int64 // hash → size, of every blob stored
	cache map[string]seen  // workspace path → what it was when last hashed
	used  int64
}

// seen is what a file was when the store hashed it.
type seen struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
	hash  string
}

// Info describes one checkpoint.
type Info struct {
	ID      string    `json:"id"`
	Label   string    `json:"label"`
	Created time.Time `json:"created"`
	Files   int       `json:"files"`
	Bytes   int64     `json:"bytes"`
	Exclude []string  `json:"exclude,omitempty"`
}

// manifest is a checkpoint's tree.
type manifest struct {
	Info
	Entries []Entry `json:"entries"`
}

// Entry is one name of a checkpoint's tree.
type Entry struct {
	Path   string      `json:"path"`
	Mode   fs.FileMode `json:"mode"`
	Size   int64       `json:"size,omitempty"`
	Hash   string      `json:"hash,omitempty"`
	Target string      `json:"target,omitempty"`
}

// Open returns the store kept in fsys, reading what it already holds.
func Open(fsys *vfs.FS, opts Options) (*Store, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = 1 << 30
	}
	if opts.MaxFile <= 0 {
		opts.MaxFile = 64 << 20
	}
	if opts.MaxCheckpoints <= 0 {
		opts.MaxCheckpoints = 64
	}
	s := &Store{fs: fsys, opts: opts, blobs: map[string]int64{}, cache: map[string]seen{}}
	for _, d := range []string{"blobs", "checkpoints"} {
		if err := fsys.MkdirAll(s.path(d), 0o700); err != nil {
			return nil, fmt.Errorf("checkpoint store: %w", err)
		}
	}
	return s, s.loadBlobs()
}

// path is the visible name of rel in the store.
func (s *Store) path(rel string) string { return path.Join(s.fs.Root(), rel) }

// loadBlobs lists the blobs already stored.
func (s *Store) loadBlobs() error {
	dirs, err := s.fs.ReadDir(s.path("blobs"))
	if err != nil {
		return fmt.Errorf("checkpoint store: %w", err)
	}
	for _, d := range dirs {
		ents, _ := s.fs.ReadDirStat(s.path("blobs/" + d.Name()))
		for _, e := range ents {
			if fi, err := e.Info(); err == nil && !strings.HasPrefix(e.Name(), ".") {
				s.blobs[e.Name()] = fi.Size()
				s.used += fi.Size()
			}
		}
	}
	return nil
}

// blobPath is the store's name of the blob hash.
func (s *Store) blobPath(hash string) string { return s.path("blobs/" + hash[:2] + "/" + hash) }

// List returns the checkpoints, oldest first.
func (s *Store) List() ([]Info, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ms, err := s.manifests()
	if err != nil {
		return nil, err
	}
	out := make([]Info, len(ms))
	for i, m := range ms {
		out[i] = m.Info
	}
	return out, nil
}

// manifests reads every checkpoint, oldest first.
func (s *Store) manifests() ([]*manifest, error) {
	ents, err := s.fs.ReadDir(s.path("checkpoints"))
	if err != nil {
		return nil, err
	}
	var out []*manifest
	for _, e := range ents {
		if id, ok := strings.CutSuffix(e.Name(), ".json"); ok && !strings.HasPrefix(id, ".") {
			if m, err := s.manifest(id); err == nil {
				out = append(out, m)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Created.Before(out[j].Created) })
	return out, nil
}

// ErrNotFound is the error for an unknown checkpoint id.
var ErrNotFound = errors.New("no such checkpoint")

func (s *Store) manifest(id string) (*manifest, error) {
	if id == "" || strings.ContainsAny(id, "/\\.") {
		return nil, fmt.Errorf("checkpoint %q: %w", id, ErrNotFound)
	}
	data, err := afero.ReadFile(s.fs, s.path("checkpoints/"+id+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("checkpoint %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	m := &manifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("checkpoint %q: %w", id, err)
	}
	return m, nil
}

// Delete removes the checkpoint id, and the blobs no other checkpoint
// uses.
func (s *Store) Delete(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.manifest(id); err != nil {
		return err
	}
	if err := s.fs.Remove(s.path("checkpoints/" + id + ".json")); err != nil {
		return err
	}
	return s.collect()
}

// collect removes the blobs no checkpoint uses.
func (s *Store) collect() error {
	ms, err := s.manifests()
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for _, m := range ms {
		for _, e := range m.Entries {
			used[e.Hash] = true
		}
	}
	for h, size := range s.blobs {
		if !used[h] {
			s.fs.Remove(s.blobPath(h))
			delete(s.blobs, h)
			s.used -= size
		}
	}
	return nil
}
