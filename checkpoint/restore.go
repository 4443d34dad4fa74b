package checkpoint

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"sort"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// Restore brings the workspace ws back to the checkpoint id: contents,
// modes and symlinks as they were, names made since removed (but not
// those the checkpoint's exclude patterns match), each file replaced
// atomically. It returns what it changed.
func (s *Store) Restore(ws *vfs.FS, id string) ([]vfs.Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.manifest(id)
	if err != nil {
		return nil, err
	}
	view, j := ws.WithJournal()
	now, err := s.scanNow(ws, m.Exclude)
	if err != nil {
		return nil, err
	}
	want := map[string]Entry{}
	for _, e := range m.Entries {
		want[e.Path] = e
	}
	s.removeExtra(view, now, want)
	for _, e := range m.Entries {
		if err := s.restoreOne(view, e, now[e.Path]); err != nil {
			return j.Changes(), err
		}
	}
	return j.Changes(), nil
}

// scanNow lists the workspace as it is, by path.
func (s *Store) scanNow(ws *vfs.FS, exclude []string) (map[string]Entry, error) {
	lister := &Store{opts: Options{MaxFile: 1 << 62}, cache: map[string]seen{}, blobs: map[string]int64{}}
	entries, err := lister.scan(ws, exclude)
	out := make(map[string]Entry, len(entries))
	for _, e := range entries {
		out[e.Path] = e
	}
	return out, err
}

// removeExtra removes what the checkpoint does not have, or has as
// another type, deepest first.
func (s *Store) removeExtra(ws *vfs.FS, now, want map[string]Entry) {
	var names []string
	for p, e := range now {
		if w, ok := want[p]; !ok || w.Mode.Type() != e.Mode.Type() {
			names = append(names, p)
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(names)))
	for _, p := range names {
		name := path.Join(ws.Root(), p)
		if now[p].Mode.IsDir() {
			if _, ok := want[p]; ok {
				ws.RemoveAll(name) // a directory where the checkpoint has a file
			} else {
				ws.Remove(name) // left when it holds excluded names
			}
			continue
		}
		ws.Remove(name)
	}
}

// restoreOne makes e so in ws; cur is what is there now (zero if
// nothing, or removed as another type).
func (s *Store) restoreOne(ws *vfs.FS, e Entry, cur Entry) error {
	name := path.Join(ws.Root(), e.Path)
	sameType := cur.Path != "" && cur.Mode.Type() == e.Mode.Type()
	switch {
	case e.Mode.IsDir():
		if !sameType {
			return ws.MkdirAll(name, e.Mode.Perm())
		}
		if cur.Mode != e.Mode {
			return ws.Chmod(name, e.Mode&^fs.ModeDir)
		}
		return nil
	case e.Mode&fs.ModeSymlink != 0:
		if sameType && cur.Target == e.Target {
			return nil
		}
		tmp := path.Join(path.Dir(name), ".restore-"+path.Base(name))
		ws.Remove(tmp)
		if err := ws.SymlinkIfPossible(e.Target, tmp); err != nil {
			return err
		}
		return ws.Rename(tmp, name)
	}
	if sameType && cur.Mode == e.Mode && cur.Size == e.Size && s.hashOf(ws, name) == e.Hash {
		return nil
	}
	data, err := afero.ReadFile(s.fs, s.blobPath(e.Hash))
	if err != nil {
		return err
	}
	return ws.WriteAtomic(name, data, e.Mode)
}

// hashOf is the SHA-256 of the file name, "" when it cannot be read.
func (s *Store) hashOf(ws *vfs.FS, name string) string {
	data, err := afero.ReadFile(ws, name)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
