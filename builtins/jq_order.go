package builtins

// Object key order for jq. gojq represents objects as map[string]any,
// which has no order, while jq prints keys in insertion order. jqOrder
// brings the order back on output:
//   - an object decoded from the input and passed through unchanged (the
//     same map) prints its keys exactly as the input had them;
//   - another object whose keys are all named, in order, by one object
//     constructor of the filter ({name, id}) prints them in that order;
//   - any other object prints the keys the input had in the order they
//     first appeared in the input, then the others sorted.
// The last two are approximations (DIFFERENCES.md).

import (
	"reflect"
	"slices"
	"sort"
	"unsafe"

	"github.com/itchyny/gojq"
)

// jqMaxRanked bounds the keys ranked by first appearance.
const jqMaxRanked = 1 << 16

// jqOrder remembers key orders.
type jqOrder struct {
	exact    map[unsafe.Pointer]orderedObj
	pinned   map[unsafe.Pointer]orderedObj // kept for the whole command
	rank     map[string]int
	literals [][]string
	held     int64 // bytes charged for exact
}

type orderedObj struct {
	m    map[string]any // keeps the map alive, so its address is not reused
	keys []string
}

func newJQOrder() *jqOrder {
	return &jqOrder{exact: map[unsafe.Pointer]orderedObj{}, pinned: map[unsafe.Pointer]orderedObj{}, rank: map[string]int{}}
}

func mapPtr(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// record notes the key order of a decoded object.
func (o *jqOrder) record(m map[string]any, keys []string) {
	if o == nil || len(keys) == 0 {
		return
	}
	if len(keys) > 1 {
		o.exact[mapPtr(m)] = orderedObj{m, keys}
		o.held += int64(48 + 16*len(keys))
	}
	if len(o.rank) < jqMaxRanked {
		for _, k := range keys {
			if _, ok := o.rank[k]; !ok && len(o.rank) < jqMaxRanked {
				o.rank[k] = len(o.rank)
			}
		}
	}
}

// pin keeps the orders recorded so far (of the values of --argjson and
// --slurpfile) for the whole command.
func (o *jqOrder) pin() {
	for k, v := range o.exact {
		o.pinned[k] = v
	}
	clear(o.exact)
}

// recordPinned notes the key order of an object the command keeps.
func (o *jqOrder) recordPinned(m map[string]any, keys []string) {
	if len(keys) > 1 {
		o.pinned[mapPtr(m)] = orderedObj{m, keys}
	}
}

// forget drops the exact orders of the values read so far (the program
// is done with them) and returns the bytes that were charged for them.
func (o *jqOrder) forget() int64 {
	n := o.held
	if len(o.exact) > 0 {
		clear(o.exact)
	}
	o.held = 0
	return n
}

// keys returns the keys of m in output order; sorted when sortKeys.
func (o *jqOrder) keys(m map[string]any, sortKeys bool) []string {
	if !sortKeys && o != nil {
		ptr := mapPtr(m)
		if e, ok := o.exact[ptr]; ok && sameKeys(e.keys, m) {
			return e.keys
		}
		if e, ok := o.pinned[ptr]; ok && sameKeys(e.keys, m) {
			return e.keys
		}
	}
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	if sortKeys || o == nil || len(ks) < 2 {
		sort.Strings(ks)
		return ks
	}
	if lit := o.literalFor(m); lit != nil {
		return lit
	}
	sort.Slice(ks, func(i, j int) bool {
		ri, iok := o.rank[ks[i]]
		rj, jok := o.rank[ks[j]]
		switch {
		case iok && jok:
			return ri < rj
		case iok != jok:
			return iok
		}
		return ks[i] < ks[j]
	})
	return ks
}

// sameKeys reports whether keys are the keys of m (gojq never changes a
// map in place; this guards the output if it ever did).
func sameKeys(keys []string, m map[string]any) bool {
	if len(keys) != len(m) {
		return false
	}
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// literalFor returns the keys of m as one object constructor of the
// filter lists them, when one lists exactly those keys.
func (o *jqOrder) literalFor(m map[string]any) []string {
	for _, lit := range o.literals {
		if len(lit) != len(m) {
			continue
		}
		all := true
		for _, k := range lit {
			if _, ok := m[k]; !ok {
				all = false
				break
			}
		}
		if all {
			return lit
		}
	}
	return nil
}

// collectLiterals finds the object constructors of q whose keys are all
// constant, in the order they are written.
func (o *jqOrder) collectLiterals(q *gojq.Query) {
	jqWalk(q, func(node any) {
		if obj, ok := node.(*gojq.Object); ok {
			o.addLiteral(obj)
		}
	})
}

// jqWalk calls visit with every node of q's syntax tree (each pointer
// once).
func jqWalk(q *gojq.Query, visit func(node any)) {
	seen := map[any]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Interface()] {
				return
			}
			seen[v.Interface()] = true
			visit(v.Interface())
			walk(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(q))
}

func (o *jqOrder) addLiteral(obj *gojq.Object) {
	var keys []string
	for _, kv := range obj.KeyVals {
		switch {
		case kv.Key != "":
			k := kv.Key
			if k[0] == '$' {
				k = k[1:]
			}
			keys = append(keys, k)
		case kv.KeyString != nil && len(kv.KeyString.Queries) == 0:
			keys = append(keys, kv.KeyString.Str)
		default:
			return
		}
	}
	if len(keys) > 1 && !slices.Contains(keys, "") {
		o.literals = append(o.literals, keys)
	}
}
