package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/engine"
)

// limits are a run's budgets, as run and serve take them. The flag names
// are the ones the budgets' messages give (--max-memory, ...).
type limits struct {
	memory, fileBytes byteSize
	jobs, depth       int64
}

func defaultLimits() limits {
	return limits{memory: 256 << 20, fileBytes: 1 << 30, jobs: 2048, depth: 1000}
}

// register adds the limits' flags to fs.
func (l *limits) register(fs *flag.FlagSet) {
	fs.Var(&l.memory, "max-memory", "what one run may hold in memory, a `SIZE` such as 256MiB or 1G")
	fs.Var(&l.fileBytes, "max-file-bytes", "how much one run may write to files, a `SIZE`")
	fs.Int64Var(&l.jobs, "max-jobs", l.jobs, "pipeline stages, background jobs and nested shells one run may have at once, `N`")
	fs.Int64Var(&l.depth, "max-depth", l.depth, "how deep one run's function calls may nest, `N`")
}

// options are the engine options of the limits; they also set the Go
// runtime's soft memory limit to the engine's heap ceiling, so that the
// collector keeps garbage from pushing the process past it.
func (l *limits) options() []engine.Option {
	mem := int64(l.memory)
	debug.SetMemoryLimit(mem + 64<<20)
	return []engine.Option{
		engine.WithMemoryLimit(mem),
		engine.WithFileWriteLimit(int64(l.fileBytes)),
		engine.WithJobLimit(l.jobs),
		engine.WithDepthLimit(l.depth),
	}
}

// byteSize is a size in bytes, written as a number with an optional unit:
// K, M, G, T (powers of 1024, also KiB, MiB... and KB, MB... as 1000s).
type byteSize int64

func (b *byteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

func (b *byteSize) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

// UnmarshalJSON takes a number of bytes or a string with a unit.
func (b *byteSize) UnmarshalJSON(data []byte) error {
	var n int64
	if err := json.Unmarshal(data, &n); err == nil {
		*b = byteSize(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("want a size such as 256MiB or a number of bytes")
	}
	return b.Set(s)
}

var sizeUnits = map[string]int64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1000,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1000 * 1000,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1000 * 1000 * 1000,
	"t": 1 << 40, "tib": 1 << 40, "tb": 1000 * 1000 * 1000 * 1000,
}

func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') {
		i--
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	unit, ok := sizeUnits[strings.ToLower(strings.TrimSpace(t[i:]))]
	if err != nil || !ok || n < 0 {
		return 0, fmt.Errorf("%q is not a size: give a number of bytes, or one with K, M, G (256MiB, 1G)", s)
	}
	return n * unit, nil
}
