package checkpoint

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// TooBigError refuses a checkpoint holding a file over the size limit.
type TooBigError struct {
	Path        string
	Size, Limit int64
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s is %d bytes, over the %d-byte limit of a checkpointed file; exclude it (exclude: [%q])", e.Path, e.Size, e.Limit, e.Path)
}

// FullError refuses a checkpoint the store has no room for.
type FullError struct{ Need, Used, Limit int64 }

func (e *FullError) Error() string {
	return fmt.Sprintf("the checkpoint store is full: %d new bytes needed, %d of %d used; delete old checkpoints or exclude big files", e.Need, e.Used, e.Limit)
}

// Create snapshots the workspace ws, leaving out the names exclude's
// glob patterns match (a pattern matches a path relative to the root, or
// any one name in it: "node_modules", "*.log", "build/out").
func (s *Store) Create(ws *vfs.FS, label string, exclude []string) (Info, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ents, err := s.fs.ReadDir(s.path("checkpoints")); err != nil {
		return Info{}, err
	} else if len(ents) >= s.opts.MaxCheckpoints {
		return Info{}, fmt.Errorf("the store has %d checkpoints, the most it keeps; delete one first", len(ents))
	}
	entries, err := s.scan(ws, exclude)
	if err != nil {
		return Info{}, err
	}
	if err := s.hashAll(ws, entries); err != nil {
		s.collect()
		return Info{}, err
	}
	m := &manifest{Info: Info{ID: newID(), Label: label, Created: time.Now().UTC(), Exclude: exclude}, Entries: entries}
	for _, e := range entries {
		if e.Mode.IsRegular() {
			m.Files++
			m.Bytes += e.Size
		}
	}
	data, err := json.Marshal(m)
	if err == nil {
		err = s.fs.WriteAtomic(s.path("checkpoints/"+m.ID+".json"), data, 0o600)
	}
	if err != nil {
		s.collect()
		return Info{}, err
	}
	return m.Info, nil
}

func newID() string {
	b := make([]byte, 4)
	rand.Read(b)
	return "cp-" + hex.EncodeToString(b)
}

// excluded reports whether rel matches one of the patterns.
func excluded(rel string, patterns []string) bool {
	base := path.Base(rel)
	for _, p := range patterns {
		p = strings.Trim(p, "/")
		if ok, _ := path.Match(p, rel); ok || rel == p || strings.HasPrefix(rel, p+"/") {
			return true
		}
		if ok, _ := path.Match(p, base); ok {
			return true
		}
	}
	return false
}

// scan lists the tree of ws, sorted, without reading files; regular
// files over the limit are refused.
func (s *Store) scan(ws *vfs.FS, exclude []string) ([]Entry, error) {
	var out []Entry
	var walk func(rel string) error
	walk = func(rel string) error {
		ents, err := ws.ReadDirStat(path.Join(ws.Root(), rel))
		if err != nil {
			return err
		}
		for _, de := range ents {
			r := path.Join(rel, de.Name())
			if excluded(r, exclude) {
				continue
			}
			fi, err := de.Info()
			if err != nil {
				return err
			}
			e := Entry{Path: r, Mode: fi.Mode().Type() | fi.Mode().Perm() | fi.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)}
			switch {
			case fi.IsDir():
				out = append(out, e)
				if err := walk(r); err != nil {
					return err
				}
				continue
			case fi.Mode()&fs.ModeSymlink != 0:
				if e.Target, err = ws.ReadlinkIfPossible(path.Join(ws.Root(), r)); err != nil {
					return err
				}
			case fi.Mode().IsRegular():
				if fi.Size() > s.opts.MaxFile {
					return &TooBigError{r, fi.Size(), s.opts.MaxFile}
				}
				e.Size = fi.Size()
				if c, ok := s.cache[r]; ok && c.size == fi.Size() && c.mtime.Equal(fi.ModTime()) && c.mode == fi.Mode() {
					if _, stored := s.blobs[c.hash]; stored {
						e.Hash = c.hash
					}
				}
				if e.Hash == "" {
					s.cache[r] = seen{size: fi.Size(), mtime: fi.ModTime(), mode: fi.Mode()}
				}
			default:
				continue // sockets, devices and fifos are not kept
			}
			out = append(out, e)
		}
		return nil
	}
	return out, walk(".")
}

// hashAll reads, hashes and stores the regular files whose hash the
// cache did not give, on every CPU.
func (s *Store) hashAll(ws *vfs.FS, entries []Entry) error {
	work := make(chan int)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := s.hashOne(ws, &entries[i], &mu); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i, e := range entries {
		if e.Mode.IsRegular() && e.Hash == "" {
			work <- i
		}
	}
	close(work)
	wg.Wait()
	return first
}

// hashOne reads the file of e, stores its blob if it is new and fills
// e.Hash; mu guards the store's maps.
func (s *Store) hashOne(ws *vfs.FS, e *Entry, mu *sync.Mutex) error {
	data, err := afero.ReadFile(ws, path.Join(ws.Root(), e.Path))
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])
	e.Hash, e.Size = h, int64(len(data))
	mu.Lock()
	c := s.cache[e.Path]
	c.hash = h
	s.cache[e.Path] = c
	_, stored := s.blobs[h]
	if !stored {
		if s.used+int64(len(data)) > s.opts.MaxBytes {
			mu.Unlock()
			return &FullError{int64(len(data)), s.used, s.opts.MaxBytes}
		}
		s.blobs[h] = int64(len(data))
		s.used += int64(len(data))
	}
	mu.Unlock()
	if stored {
		return nil
	}
	if err := s.writeBlob(h, data); err != nil {
		mu.Lock()
		delete(s.blobs, h)
		s.used -= int64(len(data))
		mu.Unlock()
		return err
	}
	return nil
}

// writeBlob stores data as the blob h.
func (s *Store) writeBlob(h string, data []byte) error {
	if err := s.fs.MkdirAll(path.Dir(s.blobPath(h)), 0o700); err != nil {
		return err
	}
	return s.fs.WriteAtomic(s.blobPath(h), data, 0o600)
}
