package budget_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/shellfence/shellfence/vfs/budget"
)

func TestChargeAndRelease(t *testing.T) {
	var stopped []error
	b := budget.New(budget.Limits{Memory: 100}, func(err error) { stopped = append(stopped, err) })
	if err := b.Charge(budget.Memory, 60); err != nil {
		t.Fatal(err)
	}
	b.Release(budget.Memory, 30)
	if err := b.Charge(budget.Memory, 70); err != nil {
		t.Fatalf("within the limit after a release: %v", err)
	}
	err := b.Charge(budget.Memory, 1)
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Kind != budget.Memory || ex.Limit != 100 {
		t.Fatalf("past the limit: %v", err)
	}
	if got := err.Error(); got != "memory budget of 100 bytes exceeded (--max-memory)" {
		t.Errorf("message %q", got)
	}
	if b.Charge(budget.FileBytes, 1) == nil {
		t.Error("a charge after the run was stopped succeeded")
	}
	if len(stopped) != 1 || stopped[0] != err {
		t.Errorf("stop called %d times: %v", len(stopped), stopped)
	}
}

func TestNilBudgetIsUnlimited(t *testing.T) {
	var b *budget.Budget
	if b.Charge(budget.Memory, 1<<60) != nil || b.Exceeded() != nil || b.Remaining(budget.Memory) != -1 {
		t.Error("a nil budget limited something")
	}
	b.Release(budget.Memory, 1)
}

func TestMessages(t *testing.T) {
	for _, tt := range []struct {
		kind  budget.Kind
		limit int64
		want  string
	}{
		{budget.Memory, 256 << 20, "memory budget of 256 MiB exceeded (--max-memory)"},
		{budget.FileBytes, 1 << 30, "file write budget of 1 GiB exceeded (--max-file-bytes)"},
		{budget.Jobs, 64, "job budget of 64 exceeded (--max-jobs)"},
		{budget.Memory, 1500, "memory budget of 1500 bytes exceeded (--max-memory)"},
	} {
		if got := (&budget.Exceeded{Kind: tt.kind, Limit: tt.limit}).Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}

// Concurrent charges never let more through than the limit allows.
func TestConcurrentCharges(t *testing.T) {
	b := budget.New(budget.Limits{FileBytes: 1000}, nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for range 50 {
		wg.Go(func() {
			for range 100 {
				if b.Charge(budget.FileBytes, 1) == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if ok > 1000 || b.Exceeded() == nil {
		t.Errorf("%d charges of 1 passed a limit of 1000", ok)
	}
}
