// Package signals finds the lines of a command's output that report a
// failure, so that condensing a long output never hides one.
//
// [Failure] classifies one line: a compiler's, linker's or sanitizer's
// error, a failed test (go test, cargo, pytest, jest, maven, ctest...),
// a panic, traceback or uncaught exception, a crash, abort, kill or
// out-of-memory kill, a make or ninja failure, a merge conflict or a
// rejected push, a non-zero exit status, a log line at level error or
// above. Lines that only look alike (0 errors, Failures: 0, no failures,
// --fail-fast, errors.go, if err != nil, --- PASS: TestFail, exit status
// 0) are not failures. It reads words, not regular expressions: each
// line is split into words once, most words are rejected by one table
// look, and the few that may matter are judged by the words around them.
//
// A [Detector] is an io.Writer that a stream is copied into as it is
// produced. It classifies every line, so a failure is found even where
// the stored copy of a long stream keeps only its head and tail, and it
// keeps what it finds in bounded memory. Once the run is over,
// [Detector.Result] gives the failure lines of the range that a capped
// result left out. The tool layer would use it so (the engine's
// [github.com/shellfence/shellfence/engine.Omission] names that range):
//
//	dets := map[string]*signals.Detector{
//		"stdout": signals.NewDetector("stdout", int64(limit/2)), // the head the result shows
//		"stderr": signals.NewDetector("stderr", int64(limit/2)),
//	}
//	var found []signals.Signal
//	req := engine.Request{
//		Command:     a.Command,
//		Stdout:      io.MultiWriter(rec.out, dets["stdout"]),
//		Stderr:      io.MultiWriter(rec.err, dets["stderr"]),
//		OutputLimit: limit,
//		Marker: func(o engine.Omission) string {
//			f := dets[o.Stream].Result(o.First, o.First+o.Lines-1)
//			found = append(found, f.Signals...) // the result's "signals"
//			marker := fmt.Sprintf("[... %d lines of %s omitted ...]", o.Lines, o.Stream)
//			if text := f.Text(); text != "" {
//				marker += "\n" + text
//			}
//			return marker
//		},
//	}
//
// The marker is called once per capped stream, after the run's last
// write; a Detector is not safe for concurrent use, so it is written
// where the stream's copy is (the engine serialises each stream's
// writes).
package signals
