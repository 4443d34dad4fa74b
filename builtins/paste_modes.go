package builtins

import "github.com/shellfence/shellfence/builtins/internal/quote"

// The two modes of paste (see paste.go), after GNU's paste_parallel and
// paste_serial.

// parallel joins line N of every file into output line N.
func (r *pasteRun) parallel(names []string) int {
	ins := make([]*pasteInput, len(names))
	defer func() {
		for _, in := range ins {
			if in != nil {
				in.close()
			}
		}
	}()
	for i, n := range names {
		in, err := r.open(n)
		if err != nil {
			r.p.Errorf("%s: %s", quote.Shell(n), ErrText(err))
			return 1
		}
		ins[i] = in
	}
	ok, open := true, len(ins)
	for open > 0 {
		if r.p.Cancelled() {
			return 130
		}
		var err error
		if open, ok, err = r.parallelLine(ins, open, ok); err != nil {
			return r.finish(err, ok)
		}
	}
	return r.finish(nil, ok)
}

// parallelLine writes one output line; it returns how many inputs remain.
func (r *pasteRun) parallelLine(ins []*pasteInput, open int, ok bool) (int, bool, error) {
	somedone, di := false, 0
	var saved []byte
	flush := func() error {
		if len(saved) > 0 {
			if _, err := r.out.Write(saved); err != nil {
				return writeErr{err}
			}
			saved = saved[:0]
		}
		return nil
	}
	nextDelim := func() int {
		d := r.delims[di]
		di = (di + 1) % len(r.delims)
		return d
	}
	for i := 0; i < len(ins) && open > 0; i++ {
		in := ins[i]
		read := false
		if in != nil {
			var err error
			if read, _, err = r.copyLine(in, flush); err != nil {
				return open, ok, err
			}
		}
		last := i+1 == len(ins)
		switch {
		case read && !last:
			somedone = true
			if err := r.put(nextDelim()); err != nil {
				return open, ok, err
			}
		case read:
			somedone = true
			if err := r.put(int(r.eol)); err != nil {
				return open, ok, err
			}
		default:
			if in != nil {
				ok = r.report(in) && ok
				in.close()
				ins[i] = nil
				open--
			}
			if !last {
				if d := nextDelim(); d >= 0 {
					saved = append(saved, byte(d))
				}
			} else if somedone {
				if err := flush(); err != nil {
					return open, ok, err
				}
				if err := r.put(int(r.eol)); err != nil {
					return open, ok, err
				}
			}
		}
	}
	return open, ok, nil
}

// serial joins all the lines of each file into one output line.
func (r *pasteRun) serial(names []string) int {
	ok := true
	for _, n := range names {
		in, err := r.open(n)
		if err != nil {
			r.p.Errorf("%s: %s", quote.Shell(n), ErrText(err))
			ok = false
			continue
		}
		err = r.serialFile(in)
		in.close()
		if err != nil {
			return r.finish(err, ok)
		}
		ok = r.report(in) && ok
	}
	return r.finish(nil, ok)
}

func (r *pasteRun) serialFile(in *pasteInput) error {
	di := 0
	first := true
	for {
		if r.p.Cancelled() {
			return errStopped
		}
		sep := func() error {
			if first {
				return nil
			}
			d := r.delims[di]
			di = (di + 1) % len(r.delims)
			return r.put(d)
		}
		read, ended, err := r.copyLine(in, sep)
		if err != nil {
			return err
		}
		first = first && !read
		if !read || !ended {
			return r.put(int(r.eol))
		}
	}
}
