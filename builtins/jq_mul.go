package builtins

import (
	"fmt"

	"github.com/itchyny/gojq"

	"github.com/shellfence/shellfence/vfs/budget"
)

// jq's multiplication repeats a string ("x" * 1000000000): gojq builds
// the string in one allocation of up to 2 GiB, before anything can charge
// it, so every a * b of a program is rewritten to check the size first:
// (b) as $r | (a) as $l | _sf_mul_room($l; $r) | $l * $r, which keeps
// jq's order (every left value for each right one) and its results and
// errors, the multiplication being gojq's own.

// jqMulTemplate is the rewrite, with placeholders for the operands.
const jqMulTemplate = `(_sf_mul_right) as $_sf_r | (_sf_mul_left) as $_sf_l | _sf_mul_room($_sf_l; $_sf_r) | $_sf_l * $_sf_r`

// rewriteMul rewrites every multiplication of q.
func rewriteMul(q *gojq.Query) {
	var muls []*gojq.Query
	jqWalk(q, func(node any) {
		if m, ok := node.(*gojq.Query); ok && m.Op == gojq.OpMul {
			muls = append(muls, m)
		}
	})
	for _, m := range muls {
		t, err := gojq.Parse(jqMulTemplate)
		if err != nil {
			panic(fmt.Sprintf("jq: the multiplication template: %v", err))
		}
		operands := map[string]*gojq.Query{"_sf_mul_left": m.Left, "_sf_mul_right": m.Right}
		jqWalk(t, func(node any) {
			if term, ok := node.(*gojq.Term); ok && term.Type == gojq.TermTypeQuery {
				if f := term.Query.Term; f != nil && f.Func != nil && operands[f.Func.Name] != nil {
					term.Query = operands[f.Func.Name]
				}
			}
		})
		*m = *t
	}
}

// mulRoom is _sf_mul_room: a string repeated is charged to the budget
// before it is made (the charge is given back: the string's holder
// charges it again if it keeps it).
func (r *jqRun) mulRoom(_ any, args []any) any {
	s, n := args[0], args[1]
	if _, ok := s.(string); !ok {
		s, n = n, s
	}
	str, ok := s.(string)
	if !ok {
		return nil
	}
	var times float64
	switch n := n.(type) {
	case int:
		times = float64(n)
	case float64:
		times = n
	default:
		return nil
	}
	if size := float64(len(str)) * times; size > 1<<20 {
		if err := r.p.hold(int64(min(size, 1<<40))); err != nil {
			return err
		}
		r.p.Budget().Release(budget.Memory, int64(min(size, 1<<40)))
	}
	return nil
}
