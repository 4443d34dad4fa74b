package builtins

import "github.com/shellfence/shellfence/builtins/internal/opt"

// infoPair is a program's --help and --version text.
type infoPair struct{ help, version string }

// addToolInfo declares --help and --version for the program name, with
// the texts of the *_help.go tables, and -v for --version where the
// program has it (diff, cmp, patch); p.usage answers them.
func addToolInfo(f *opt.Parser, name string, versionShort ...rune) {
	for _, m := range []map[string]infoPair{textInfo, fileopsInfo, pathsInfo, diffInfo} {
		t, ok := m[name]
		if !ok {
			continue
		}
		f.Add(opt.Option{Long: "help", Do: func(string, string) error { return infoText(t.help) }})
		for _, r := range versionShort {
			f.Add(opt.Option{Short: r, Do: func(string, string) error { return infoText(t.version) }})
		}
		f.Add(opt.Option{Long: "version", Do: func(string, string) error { return infoText(t.version) }})
		return
	}
}
