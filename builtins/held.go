package builtins

import (
	"bytes"

	"github.com/shellfence/shellfence/vfs/budget"
)

// Commands that must hold their input (sort, tac) charge the run's memory
// budget before their buffers grow, so that an endless input stops the
// run with the budget's message instead of exhausting the process. What
// they charge is given back when the run ends.

// growHeld makes room in buf for n more bytes, charging its growth.
func (p *Proc) growHeld(buf *bytes.Buffer, n int) error {
	need := buf.Len() + n
	if need <= buf.Cap() {
		return nil
	}
	newCap, err := p.Budget().Grow(budget.Memory, buf.Cap(), need)
	if err != nil {
		return err
	}
	buf.Grow(newCap - buf.Len())
	return nil
}

// hold charges n bytes the command is about to allocate.
func (p *Proc) hold(n int64) error { return p.Budget().Charge(budget.Memory, n) }
