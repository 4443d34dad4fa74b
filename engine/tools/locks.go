package tools

import (
	"context"
	"slices"
	"sync"

	"golang.org/x/sync/semaphore"
)

// pathLocks serialises the tools that write files (write_file,
// edit_file, apply_patch, copy_file, move_path, delete_file) across every
// session of a toolbox: an edit reads the file, changes it and renames a
// new version over it, so two edits of one file at once would lose one
// of them. A tool locks the paths it writes (visible absolute paths, as
// given: two names of one file through a symlink are two locks); a
// patch whose files are named only inside it locks the whole workspace.
// Runs of the shell take no lock.
type pathLocks struct {
	// whole is shared by every lock of paths (weight 1) and taken whole
	// (weight wholeWeight) by a lock of the workspace; it is FIFO, so a
	// waiting whole lock is not starved by later path locks.
	whole *semaphore.Weighted
	mu    sync.Mutex
	paths map[string]*pathLock
}

// wholeWeight is the weight of the whole workspace: more than the path
// locks that can be held at once.
const wholeWeight = 1 << 30

type pathLock struct {
	sem  *semaphore.Weighted
	refs int // holders and waiters
}

func newPathLocks() *pathLocks {
	return &pathLocks{whole: semaphore.NewWeighted(wholeWeight), paths: map[string]*pathLock{}}
}

// lock takes the locks of paths, or of the whole workspace when paths is
// empty, and returns the func that gives them back; it fails when ctx
// ends first.
func (l *pathLocks) lock(ctx context.Context, paths ...string) (func(), error) {
	if len(paths) == 0 {
		if err := l.whole.Acquire(ctx, wholeWeight); err != nil {
			return nil, err
		}
		return func() { l.whole.Release(wholeWeight) }, nil
	}
	if err := l.whole.Acquire(ctx, 1); err != nil {
		return nil, err
	}
	paths = slices.Compact(slices.Sorted(slices.Values(paths))) // one order: no deadlock
	var held []string
	unlock := func() {
		for _, p := range held {
			l.release(p)
		}
		l.whole.Release(1)
	}
	for _, p := range paths {
		if err := l.acquire(ctx, p); err != nil {
			unlock()
			return nil, err
		}
		held = append(held, p)
	}
	return unlock, nil
}

func (l *pathLocks) acquire(ctx context.Context, p string) error {
	l.mu.Lock()
	pl := l.paths[p]
	if pl == nil {
		pl = &pathLock{sem: semaphore.NewWeighted(1)}
		l.paths[p] = pl
	}
	pl.refs++
	l.mu.Unlock()
	if err := pl.sem.Acquire(ctx, 1); err != nil {
		l.drop(p, pl)
		return err
	}
	return nil
}

func (l *pathLocks) release(p string) {
	l.mu.Lock()
	pl := l.paths[p]
	l.mu.Unlock()
	pl.sem.Release(1)
	l.drop(p, pl)
}

// drop forgets a holder or waiter of pl, and pl when it was the last.
func (l *pathLocks) drop(p string, pl *pathLock) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if pl.refs--; pl.refs == 0 {
		delete(l.paths, p)
	}
}

// lockPaths takes the locks of a writing tool's paths; the result is an
// error result when the call was cancelled while it waited.
func (tb *Toolbox) lockPaths(ctx context.Context, tool string, paths ...string) (func(), *Result) {
	unlock, err := tb.locks.lock(ctx, paths...)
	if err != nil {
		return nil, errorf("%s: cancelled while waiting for another call writing the same file", tool)
	}
	return unlock, nil
}
