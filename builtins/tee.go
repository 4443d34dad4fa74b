package builtins

// tee - read from standard input and write to standard output and files
//
//	tee [OPTION]... [FILE]...
//
// Options: -a (--append), -i (--ignore-interrupts; nothing to ignore
// here), -p, --output-error[=MODE] (warn, warn-nopipe, exit, exit-nopipe).
// As in GNU, "-" is a file name, not standard output. Without -p a closed
// standard output ends tee at once (status 141).

import (
	"io"
	"os"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type teeMode int

const (
	teeSigpipe teeMode = iota
	teeWarn
	teeWarnNopipe
	teeExit
	teeExitNopipe
)

// teeOut is one destination.
type teeOut struct {
	name string
	w    io.Writer
	f    File
}

func tee(p *Proc) int {
	var appendTo bool
	mode := teeSigpipe
	flags := p.newOpts(1)
	flags.Flag('a', "append", &appendTo)
	flags.Func('i', "ignore-interrupts", func() {})
	flags.Func('p', "", func() { mode = teeWarnNopipe })
	flags.Add(optionalValue("output-error", func(name, v string) error {
		if v == "" {
			mode = teeWarnNopipe
			return nil
		}
		i, err := p.argMatch(v, name, [][]string{{"warn"}, {"warn-nopipe"}, {"exit"}, {"exit-nopipe"}})
		if err == nil {
			mode = teeMode(i + 1)
		}
		return err
	}))
	addToolInfo(flags, "tee")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	outs, ok := p.teeOpen(files, appendTo)
	defer func() {
		for _, o := range outs {
			if o != nil && o.f != nil {
				o.f.Close()
			}
		}
	}()
	return p.teeCopy(outs, mode, ok)
}

// teeOpen opens the files; failures are reported and leave them out.
func (p *Proc) teeOpen(files []string, appendTo bool) ([]*teeOut, bool) {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	outs := []*teeOut{{name: "standard output", w: p.Stdout}}
	ok := true
	for _, name := range files {
		f, err := p.OpenFile(name, flag, 0o666)
		if err == nil {
			if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
				f.Close()
				err = errIsDir
			}
		}
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			ok = false
			continue
		}
		outs = append(outs, &teeOut{name: name, w: f, f: f})
	}
	return outs, ok
}

// teeCopy copies standard input to every output until input ends or no
// output is left.
func (p *Proc) teeCopy(outs []*teeOut, mode teeMode, ok bool) int {
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	live := len(outs)
	for live > 0 {
		if p.Cancelled() {
			return 130
		}
		n, rerr := p.Stdin.Read(buf)
		if n > 0 {
			for i, o := range outs {
				if o == nil {
					continue
				}
				if code, drop := p.teeWrite(o, i == 0, buf[:n], mode, &ok); drop {
					if code != 0 {
						return code
					}
					outs[i] = nil
					live--
				}
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			p.Errorf("read error: %s", ErrText(rerr))
			return 1
		}
	}
	if !ok {
		return 1
	}
	return 0
}

// teeWrite writes to one output. drop says the output failed; code, when
// not 0, ends tee with that status.
func (p *Proc) teeWrite(o *teeOut, stdout bool, b []byte, mode teeMode, ok *bool) (code int, drop bool) {
	_, err := o.w.Write(b)
	if err == nil && stdout {
		err = p.Flush()
	}
	if err == nil {
		return 0, false
	}
	pipe := IsBrokenPipe(err)
	if pipe && mode == teeSigpipe {
		return 141, true
	}
	if stdout {
		// Drop what is buffered for the dead output, so that the final
		// flush does not report the failure a second time.
		if bw, ok := p.Stdout.(interface{ Reset(io.Writer) }); ok {
			bw.Reset(io.Discard)
		}
	}
	if pipe && (mode == teeWarnNopipe || mode == teeExitNopipe) {
		return 0, true
	}
	p.Errorf("%s: %s", quote.Shell(o.name), ErrText(err))
	*ok = false
	if mode == teeExit || mode == teeExitNopipe {
		return 1, true
	}
	return 0, true
}
