package regex

// pike runs a program without back-references over the text in one pass
// (Thompson's construction with Pike's submatch tracking, as Go's regexp
// does), keeping the leftmost-longest match: time is linear in the text
// for a given program.
type pike struct {
	p       *prog
	in      input
	ncap    int // capture slots tracked
	q0, q1  queue
	pool    [][]int
	matched bool
	best    []int
}

type queue struct {
	sparse []int
	dense  []entry
}

type entry struct {
	pc  int
	cap []int // nil for instructions that consume nothing
}

func (q *queue) has(pc int) bool {
	i := q.sparse[pc]
	return i < len(q.dense) && q.dense[i].pc == pc
}

func (q *queue) insert(pc int) int {
	q.sparse[pc] = len(q.dense)
	q.dense = append(q.dense, entry{pc: pc})
	return len(q.dense) - 1
}

func newPike(p *prog, in input) *pike {
	n := len(p.insts)
	m := &pike{p: p, in: in, ncap: 2 * (p.ncap + 1)}
	m.q0.sparse, m.q1.sparse = make([]int, n), make([]int, n)
	m.best = make([]int, m.ncap)
	return m
}

func (m *pike) alloc() []int {
	if n := len(m.pool); n > 0 {
		c := m.pool[n-1]
		m.pool = m.pool[:n-1]
		return c
	}
	return make([]int, m.ncap)
}

// find returns the leftmost-longest match starting at or after from.
func (m *pike) find(from int) []int {
	m.matched = false
	runq, nextq := &m.q0, &m.q1
	start := m.alloc()
	for pos := from; ; {
		if len(runq.dense) == 0 && m.matched {
			break
		}
		if !m.matched {
			for i := range start {
				start[i] = -1
			}
			m.add(runq, 0, pos, start)
		}
		w := m.step(runq, nextq, pos)
		if w == 0 {
			break
		}
		pos += w
		runq, nextq = nextq, runq
	}
	m.pool = append(m.pool, start)
	m.clear(runq)
	m.clear(nextq)
	if !m.matched {
		return nil
	}
	return append([]int(nil), m.best...)
}

func (m *pike) clear(q *queue) {
	for _, e := range q.dense {
		if e.cap != nil {
			m.pool = append(m.pool, e.cap)
		}
	}
	q.dense = q.dense[:0]
}

// add adds the thread at pc with captures cap to q, following every
// instruction that consumes nothing.
func (m *pike) add(q *queue, pc, pos int, cap []int) {
	if q.has(pc) {
		return
	}
	j := q.insert(pc)
	in := &m.p.insts[pc]
	switch in.op {
	case iJmp, iLoop:
		m.add(q, in.x, pos, cap)
	case iMark:
		m.add(q, pc+1, pos, cap)
	case iSplit:
		m.add(q, in.x, pos, cap)
		m.add(q, in.y, pos, cap)
	case iSave:
		old := cap[in.x]
		cap[in.x] = pos
		m.add(q, pc+1, pos, cap)
		cap[in.x] = old
	case iAssert:
		if m.in.assert(in.as, pos) {
			m.add(q, pc+1, pos, cap)
		}
	default:
		t := m.alloc()
		copy(t, cap)
		q.dense[j].cap = t
	}
}

// step runs the threads of runq on the character at pos, filling nextq,
// and returns the character's width (0 at the end of the text).
func (m *pike) step(runq, nextq *queue, pos int) int {
	width := 0
	for _, e := range runq.dense {
		t := e.cap
		if t == nil {
			continue
		}
		if m.matched && m.best[0] < t[0] {
			m.pool = append(m.pool, t)
			continue
		}
		in := &m.p.insts[e.pc]
		if in.op == iMatch {
			if !m.matched || m.best[1] < t[1] {
				copy(m.best, t)
				m.matched = true
			}
		} else if w, ok := m.p.consumes(in, &m.in, pos); ok {
			width = w
			m.add(nextq, e.pc+1, pos+w, t)
		} else if w > 0 {
			width = w
		}
		m.pool = append(m.pool, t)
	}
	runq.dense = runq.dense[:0]
	if width == 0 {
		_, width, _ = m.in.at(pos)
	}
	return width
}
