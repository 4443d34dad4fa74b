package builtins

// Running a yq command: the arguments as yq's cmd package reads them
// (expression, files, stdin), yqlib's decoders and encoders configured
// for this run only (yqlib's Configured* globals stay as they are), and
// the documents read through the workspace.

import (
	"bufio"
	"bytes"
	"container/list"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"github.com/mikefarah/yq/v4/pkg/yqlib"
	"github.com/shellfence/shellfence/vfs/budget"
)

// yqSetup makes yqlib safe to run in-process, once: no file, environment
// or system operators, and its logger silenced (it writes to the host's
// standard error).
var yqSetup = sync.OnceFunc(func() {
	sec := &yqlib.ConfiguredSecurityPreferences
	sec.DisableEnvOps, sec.DisableFileOps, sec.EnableSystemOps, sec.AllowWriteAnyPath = true, true, false, false
	log := yqlib.GetLogger()
	log.SetLevel(slog.LevelError + 1)
	log.SetSlogger(slog.New(slog.DiscardHandler))
	yqlib.InitExpressionParser()
})

// yqRun is one yq command.
type yqRun struct {
	p      *Proc
	o      *yqOptions
	expr   string
	files  []string
	unwrap bool
	inFmt  *yqlib.Format
	outFmt *yqlib.Format
	held   int64  // input read, held by yqlib's documents
	kept   int64  // output kept for -i
	front  []byte // -f: the first file's front matter
}

func (r *yqRun) run() int {
	yqSetup()
	defer r.release()
	o := r.o
	switch {
	case o.help:
		return r.write(helpText(r.helpName()))
	case o.version:
		return r.write(versionText("yq"))
	}
	if err := r.prepare(); err != nil {
		return r.p.yqFail(o, err)
	}
	if len(r.files) == 0 && !o.nullInput {
		return r.write(yqUsage(r.helpName()) + "\n")
	}
	if o.inplace {
		return r.inPlace()
	}
	return r.finish(r.evaluate(r.p.Stdout, o.color))
}

// helpName names the help file of the command.
func (r *yqRun) helpName() string {
	if r.o.sub == "" {
		return "yq"
	}
	return "yq." + r.o.sub
}

// yqUsage is cobra's usage text of a command: its help without the long
// description.
func yqUsage(name string) string {
	h := helpText(name)
	return h[strings.Index(h, "Usage:"):]
}

func (r *yqRun) write(s string) int {
	if _, err := io.WriteString(r.p.Stdout, s); err != nil {
		return r.p.WriteFailed(err)
	}
	return 0
}

// yqFail prints err as cobra does: "Error: ...", then the usage for a bad
// command line; status 1.
func (p *Proc) yqFail(o *yqOptions, err error) int {
	if errors.Is(err, errProbe) {
		return 2
	}
	fmt.Fprintf(p.Stderr, "Error: %s\n", err)
	var ue *yqUsageError
	if errors.As(err, &ue) {
		name := "yq"
		if o != nil && o.sub != "" {
			name = "yq." + o.sub
		}
		fmt.Fprintln(p.Stderr, yqUsage(name))
	}
	return 1
}

// finish turns the evaluation's error into the exit status.
func (r *yqRun) finish(err error) int {
	if err == nil {
		return 0
	}
	var we yqWriteError
	if errors.As(err, &we) {
		return r.p.WriteFailed(we.err)
	}
	return r.p.yqFail(r.o, err)
}

// prepare reads the arguments and formats as yq's initCommand does.
func (r *yqRun) prepare() error {
	o := r.o
	if err := r.args(); err != nil {
		return err
	}
	if o.toJSON {
		o.outFormat = "json"
	}
	switch {
	case o.inplace && (len(r.files) == 0 || r.files[0] == "-"):
		return errors.New("write in place flag only applicable when giving an expression and at least one file")
	case o.frontMatter != "" && len(r.files) == 0:
		return errors.New("front matter flag only applicable when giving an expression and at least one file")
	case o.nullInput && len(r.files) > 0:
		return errors.New("cannot pass files in when using null-input flag")
	case o.indent < 0:
		return errors.New("indent must not be negative")
	}
	if err := r.formats(); err != nil {
		return err
	}
	if o.pretty {
		r.expr = yqPretty(r.expr)
	}
	return nil
}

func yqPretty(expr string) string {
	if expr == "" {
		return yqlib.PrettyPrintExp
	}
	return expr + " | " + yqlib.PrettyPrintExp
}

// args finds the expression and the files (processArgs): standard input
// is read when it is not a terminal or /dev/null and no file is given.
func (r *yqRun) args() error {
	o := r.o
	args := o.operands
	if !o.nullInput && r.stdinPiped() && len(args) <= 1 && !(len(args) == 1 && r.maybeFile(args[0])) && !slices.Contains(args, "-") {
		args = append(args, "-")
	}
	r.expr = o.expression
	fromFile := o.fromFile
	if fromFile == "" && len(args) > 0 && strings.HasSuffix(args[0], ".yq") && r.maybeFile(args[0]) {
		fromFile, args = args[0], args[1:]
	}
	if fromFile != "" {
		b, err := r.readAll(fromFile)
		if err != nil {
			return err
		}
		r.expr = strings.ReplaceAll(string(b), "\r\n", "\n")
	}
	if r.expr == "" && len(args) > 0 && args[0] != "-" && !r.maybeFile(args[0]) {
		r.expr, args = args[0], args[1:]
	}
	r.files = args
	return nil
}

// stdinPiped reports whether standard input is data (a pipe or a file)
// rather than a terminal or a character device such as /dev/null; the
// engine's absent standard input counts as /dev/null.
func (r *yqRun) stdinPiped() bool {
	switch in := r.p.Stdin.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		fi, err := in.Stat()
		return err != nil || fi.Mode()&fs.ModeCharDevice == 0
	case *strings.Reader:
		return in.Size() != 0
	}
	return true
}

// maybeFile reports whether name is a file that is not a directory.
func (r *yqRun) maybeFile(name string) bool {
	fi, err := r.p.Stat(name)
	return err == nil && !fi.IsDir()
}

// formats picks the input and output formats (configureFormats).
func (r *yqRun) formats() error {
	o := r.o
	name := ""
	if len(r.files) > 0 {
		name = r.files[0]
	}
	auto := func(f string) bool { return f == "" || f == "auto" || f == "a" }
	switch {
	case auto(o.inFormat):
		o.inFormat = yqlib.FormatStringFromFilename(name)
		if _, err := yqlib.FormatFromString(o.inFormat); err != nil {
			o.inFormat = "yaml"
		}
		if auto(o.outFormat) {
			o.outFormat = o.inFormat
		}
	case auto(o.outFormat):
		o.outFormat = "yaml"
	}
	out, err := yqlib.FormatFromString(o.outFormat)
	if err != nil {
		return err
	}
	r.outFmt = out
	r.unwrap = out == yqlib.YamlFormat || out == yqlib.PropertiesFormat
	if o.unwrap != nil {
		r.unwrap = *o.unwrap
	}
	return nil
}

// encoder is the output format's encoder with this run's settings.
func (r *yqRun) encoder(color bool) (yqlib.Encoder, error) {
	o := r.o
	var e yqlib.Encoder
	switch r.outFmt {
	case yqlib.YamlFormat:
		p := o.yaml
		p.Indent, p.UnwrapScalar, p.ColorsEnabled, p.PrintDocSeparators = o.indent, r.unwrap, color, !o.noDoc
		e = yqlib.NewYamlEncoder(p)
	case yqlib.KYamlFormat:
		p := yqlib.NewDefaultKYamlPreferences()
		p.Indent, p.UnwrapScalar, p.ColorsEnabled, p.PrintDocSeparators = o.indent, r.unwrap, color, !o.noDoc
		e = yqlib.NewKYamlEncoder(p)
	case yqlib.JSONFormat:
		e = yqlib.NewJSONEncoder(yqlib.JsonPreferences{Indent: o.indent, ColorsEnabled: color, UnwrapScalar: r.unwrap})
	case yqlib.PropertiesFormat:
		p := o.props
		p.UnwrapScalar = r.unwrap
		e = yqlib.NewPropertiesEncoder(p)
	case yqlib.CSVFormat:
		e = yqlib.NewCsvEncoder(o.csv)
	case yqlib.TSVFormat:
		e = yqlib.NewCsvEncoder(o.tsv)
	case yqlib.XMLFormat:
		p := o.xml
		p.Indent = o.indent
		e = yqlib.NewXMLEncoder(p)
	case yqlib.TomlFormat:
		p := yqlib.NewDefaultTomlPreferences()
		p.ColorsEnabled = color
		e = yqlib.NewTomlEncoderWithPrefs(p)
	case yqlib.LuaFormat:
		e = yqlib.NewLuaEncoder(o.lua)
	default:
		e = r.outFmt.EncoderFactory()
	}
	if e == nil {
		return nil, fmt.Errorf("no support for %s output format", o.outFormat)
	}
	return e, nil
}

// decoder is the input format's decoder with this run's settings.
func (r *yqRun) decoder() (yqlib.Decoder, error) {
	o := r.o
	f, err := yqlib.FormatFromString(o.inFormat)
	if err != nil {
		return nil, err
	}
	var d yqlib.Decoder
	switch f {
	case yqlib.YamlFormat, yqlib.KYamlFormat:
		p := o.yaml
		p.EvaluateTogether = o.sub == "eval-all"
		d = yqlib.NewYamlDecoder(p)
	case yqlib.CSVFormat:
		d = yqlib.NewCSVObjectDecoder(o.csv)
	case yqlib.TSVFormat:
		d = yqlib.NewCSVObjectDecoder(o.tsv)
	case yqlib.XMLFormat:
		d = yqlib.NewXMLDecoder(o.xml)
	case yqlib.LuaFormat:
		d = yqlib.NewLuaDecoder(o.lua)
	case yqlib.INIFormat:
		d = yqlib.NewINIDecoder(o.ini)
	default:
		if f.DecoderFactory != nil {
			d = f.DecoderFactory()
		}
	}
	if d == nil {
		return nil, fmt.Errorf("no support for %s input format", o.inFormat)
	}
	return d, nil
}

// yqWriteError is a failed write to the output.
type yqWriteError struct{ err error }

func (e yqWriteError) Error() string { return e.err.Error() }

// yqOut passes writes on, marking their errors as the output's.
type yqOut struct{ w io.Writer }

func (o yqOut) Write(b []byte) (int, error) {
	n, err := o.w.Write(b)
	if err != nil {
		err = yqWriteError{err}
	}
	return n, err
}

// evaluate runs the expression over the inputs, printing to w.
func (r *yqRun) evaluate(w io.Writer, color bool) error {
	enc, err := r.encoder(color)
	if err != nil {
		return err
	}
	printer := yqlib.NewPrinter(enc, yqlib.NewSinglePrinterWriter(yqOut{w}))
	printer.SetNulSepOutput(r.o.nulOutput)
	dec, err := r.decoder()
	if err != nil {
		return err
	}
	if r.o.frontMatter != "" {
		closeIn, err := r.splitFrontMatter(printer)
		if err != nil {
			return err
		}
		defer closeIn()
	}
	switch {
	case len(r.files) == 0:
		err = yqlib.NewStreamEvaluator().EvaluateNew(r.expr, printer)
	case r.o.sub == "eval-all":
		err = r.evalAll(printer, dec)
	default:
		err = r.evalEach(printer, dec)
	}
	if err == nil && r.o.exitStatus && !printer.PrintedAnything() {
		err = errors.New("no matches found")
	}
	return err
}

// evalEach runs the expression on each document of each file in turn.
func (r *yqRun) evalEach(printer yqlib.Printer, dec yqlib.Decoder) error {
	node, err := yqlib.ExpressionParser.ParseExpression(r.expr)
	if err != nil {
		return err
	}
	ev := yqlib.NewStreamEvaluator()
	var docs uint
	for i, name := range r.files {
		in, closeIn, err := r.input(i, name)
		if err != nil {
			return err
		}
		n, err := ev.Evaluate(name, in, node, printer, dec)
		closeIn()
		r.releaseInput()
		if err != nil {
			return err
		}
		docs += n
	}
	if docs == 0 {
		return ev.EvaluateNew(r.expr, printer)
	}
	return nil
}

// evalAll reads every document of every file, then runs the expression
// once over all of them.
func (r *yqRun) evalAll(printer yqlib.Printer, dec yqlib.Decoder) error {
	all := list.New()
	for i, name := range r.files {
		if err := r.readDocs(all, i, name, dec); err != nil {
			return err
		}
	}
	if all.Len() == 0 {
		all.PushBack(&yqlib.CandidateNode{Kind: yqlib.ScalarNode, Tag: "!!null"})
	}
	matches, err := yqlib.NewAllAtOnceEvaluator().EvaluateCandidateNodes(r.expr, all)
	if err != nil {
		return err
	}
	return printer.PrintResults(matches)
}

func (r *yqRun) readDocs(all *list.List, index int, name string, dec yqlib.Decoder) error {
	in, closeIn, err := r.input(index, name)
	if err != nil {
		return err
	}
	defer closeIn()
	if err := dec.Init(in); err != nil {
		return err
	}
	for doc := uint(0); ; doc++ {
		n, err := dec.Decode()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("bad file '%v': %w", name, err)
		}
		n.SetDocument(doc)
		n.SetFilename(name)
		n.SetFileIndex(index)
		n.EvaluateTogether = true
		all.PushBack(n)
	}
}

// splitFrontMatter reads the first file's front matter (-f) as yq's
// front matter handler does: the lines up to the next one that starts
// with "---". With "process", the rest of the file follows the results.
func (r *yqRun) splitFrontMatter(printer yqlib.Printer) (func(), error) {
	in, closeIn, err := r.open(r.files[0])
	if err != nil {
		return nil, err
	}
	br := in.(*bufio.Reader)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	var front bytes.Buffer
	for n := 0; ; n++ {
		peek, err := br.Peek(3)
		if errors.Is(err, io.EOF) || err == nil && n > 0 && string(peek) == "---" {
			break
		}
		if err != nil {
			closeIn()
			return nil, err
		}
		line, err := br.ReadString('\n')
		front.WriteString(line)
		if err != nil && !errors.Is(err, io.EOF) {
			closeIn()
			return nil, err
		}
	}
	r.front = front.Bytes()
	if r.o.frontMatter == "process" {
		printer.SetAppendix(br)
	}
	return closeIn, nil
}

// input opens the index'th input: under -f the first is its front matter.
func (r *yqRun) input(index int, name string) (io.Reader, func(), error) {
	if index == 0 && r.o.frontMatter != "" {
		return bytes.NewReader(r.front), func() {}, nil
	}
	return r.open(name)
}

// open opens an input ("-" is standard input) through the workspace; what
// is read from it is charged to the run's memory budget, since yqlib
// holds the documents it decodes.
func (r *yqRun) open(name string) (io.Reader, func(), error) {
	if name == "-" {
		return bufio.NewReader(&yqHeld{r: r, in: r.p.Stdin}), func() {}, nil
	}
	f, err := r.p.Open(name)
	if err != nil {
		return nil, nil, yqPathError(err)
	}
	return bufio.NewReader(&yqHeld{r: r, in: f}), func() { f.Close() }, nil
}

// readAll reads a whole file (--from-file), charging what it holds.
func (r *yqRun) readAll(name string) ([]byte, error) {
	f, err := r.p.Open(name)
	if err != nil {
		return nil, yqPathError(err)
	}
	defer f.Close()
	b, err := r.p.readHeld(f, 0)
	if err != nil {
		return nil, yqPathError(err)
	}
	r.p.Budget().Release(budget.Memory, int64(len(b)))
	return b, nil
}

// yqPathError words a file error as Go's os package does ("open x: no
// such file or directory"), as yq prints it.
func yqPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %s: %s", pe.Op, pe.Path, yqCause(pe.Err))
	}
	return err
}

// yqCause is an error's text in Go's lower-case wording.
func yqCause(err error) string {
	t := ErrText(err)
	if t != "" && t[0] >= 'A' && t[0] <= 'Z' {
		t = string(t[0]+'a'-'A') + t[1:]
	}
	return t
}

// yqHeld charges the bytes read to the run's budget and stops when the
// run is cancelled.
type yqHeld struct {
	r  *yqRun
	in io.Reader
}

func (h *yqHeld) Read(b []byte) (int, error) {
	if err := h.r.p.Ctx.Err(); err != nil {
		return 0, err
	}
	n, err := h.in.Read(b)
	if n > 0 {
		if herr := h.r.p.hold(int64(n)); herr != nil {
			return 0, herr
		}
		h.r.held += int64(n)
	}
	return n, err
}

func (r *yqRun) releaseInput() {
	r.p.Budget().Release(budget.Memory, r.held)
	r.held = 0
}

func (r *yqRun) release() {
	r.releaseInput()
	r.p.Budget().Release(budget.Memory, r.kept)
	r.kept = 0
}

// inPlace evaluates into memory and replaces the first file with the
// result, only when all went well (yq's write-in-place handler).
func (r *yqRun) inPlace() int {
	name := r.files[0]
	li, err := r.p.Lstat(name)
	if err != nil {
		return r.p.yqFail(r.o, yqPathError(err))
	}
	fi, err := r.p.Stat(name)
	if err != nil {
		return r.p.yqFail(r.o, yqPathError(err))
	}
	if li.Mode()&fs.ModeSymlink == 0 && fi.Mode().Perm()&0o222 == 0 {
		return r.p.yqFail(r.o, fmt.Errorf("cannot write in place to read-only file %q", name))
	}
	var buf bytes.Buffer
	w := &yqHeldWriter{r: r, w: &buf}
	if err := r.evaluate(w, r.o.color); err != nil {
		return r.finish(err)
	}
	if err := r.p.FS.WriteAtomic(r.p.Abs(name), buf.Bytes(), fi.Mode()); err != nil {
		return r.p.yqFail(r.o, yqPathError(err))
	}
	return 0
}

// yqHeldWriter charges what it keeps in memory to the run's budget.
type yqHeldWriter struct {
	r *yqRun
	w io.Writer
}

func (h *yqHeldWriter) Write(b []byte) (int, error) {
	if err := h.r.p.hold(int64(len(b))); err != nil {
		return 0, err
	}
	h.r.kept += int64(len(b))
	return h.w.Write(b)
}
