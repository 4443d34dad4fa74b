package builtins

// Sorting on several cores, as GNU sort does with its threads: the lines
// are cut into parts sorted at the same time, then merged.

import (
	"runtime"
	"slices"
	"sync"
)

// parallelMin is the number of lines below which one core sorts alone.
const parallelMin = 1 << 16

// sortParts returns how many goroutines should share n items.
func sortParts(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), 8, n/parallelMin))
}

// inParallel runs f on parts [lo, hi) of n items, one goroutine each.
func inParallel(n int, f func(lo, hi int)) {
	parts := sortParts(n)
	var wg sync.WaitGroup
	for i := 0; i < parts; i++ {
		lo, hi := n*i/parts, n*(i+1)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(lo, hi)
		}()
	}
	wg.Wait()
}

// parallelSort sorts refs by cmp: its parts at the same time, then merged
// pairwise. Equal items keep their order (earlier parts first).
func parallelSort(refs []sortRef, cmp func(a, b sortRef) int) []sortRef {
	parts := sortParts(len(refs))
	if parts == 1 {
		slices.SortFunc(refs, cmp)
		return refs
	}
	bounds := make([]int, parts+1)
	for i := range bounds {
		bounds[i] = len(refs) * i / parts
	}
	inParallel(len(refs), func(lo, hi int) { slices.SortFunc(refs[lo:hi], cmp) })
	buf := make([]sortRef, len(refs))
	for len(bounds) > 2 {
		var next []int
		var wg sync.WaitGroup
		for i := 0; i+2 < len(bounds); i += 2 {
			lo, mid, hi := bounds[i], bounds[i+1], bounds[i+2]
			wg.Add(1)
			go func() {
				defer wg.Done()
				mergeRefs(buf[lo:hi], refs[lo:mid], refs[mid:hi], cmp)
			}()
			next = append(next, lo)
		}
		if len(bounds)%2 == 0 { // an odd part out is copied as is
			lo, hi := bounds[len(bounds)-2], bounds[len(bounds)-1]
			copy(buf[lo:hi], refs[lo:hi])
			next = append(next, lo)
		}
		wg.Wait()
		bounds = append(next, len(refs))
		refs, buf = buf, refs
	}
	return refs
}

// mergeRefs merges sorted a and b into out, taking from a on ties.
func mergeRefs(out, a, b []sortRef, cmp func(a, b sortRef) int) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if cmp(b[j], a[i]) < 0 {
			out[k] = b[j]
			j++
		} else {
			out[k] = a[i]
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}
