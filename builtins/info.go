package builtins

// --help and --version. Each command's --help text is help/NAME.txt, as
// GNU prints it in the C.UTF-8 locale ([ reads help/test.txt). The
// --version text of a GNU coreutils command is coreutils 9.1's, made from
// the authors in coreutilsAuthors; the others' (diffutils, findutils, grep,
// sed, patch) is help/NAME.version.txt.

import (
	"embed"
	"errors"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

//go:embed help
var helpFiles embed.FS

// infoText is returned by a --help or --version option: its text is the
// whole answer and the command exits 0.
type infoText string

func (infoText) Error() string { return "--help or --version" }

// addToolInfo declares --help and --version for the program name, and -v
// for --version where the program has it (diff, cmp, patch); p.usage
// answers them.
func addToolInfo(f *opt.Parser, name string, versionShort ...rune) {
	f.Add(opt.Option{Long: "help", Do: func(string, string) error { return infoText(helpText(name)) }})
	for _, r := range versionShort {
		f.Add(opt.Option{Short: r, Do: func(string, string) error { return infoText(versionText(name)) }})
	}
	f.Add(opt.Option{Long: "version", Do: func(string, string) error { return infoText(versionText(name)) }})
}

// answerInfo prints the text if err is a --help or --version request.
func (p *Proc) answerInfo(err error) (int, bool) {
	var t infoText
	if !errors.As(err, &t) {
		return 0, false
	}
	if _, werr := io.WriteString(p.Stdout, string(t)); werr != nil {
		return p.WriteFailed(werr), true
	}
	return 0, true
}

// soleInfoArg answers --help or --version given as the only argument
// (echo, printf and [ take them only so).
func (p *Proc) soleInfoArg(name string, args []string) (int, bool) {
	if len(args) != 1 {
		return 0, false
	}
	switch args[0] {
	case "--help":
		return p.answerInfo(infoText(helpText(name)))
	case "--version":
		return p.answerInfo(infoText(versionText(name)))
	}
	return 0, false
}

// helpText returns the --help text of the program name.
func helpText(name string) string { return infoFile(name, ".txt") }

// versionText returns the --version text of the program name.
func versionText(name string) string {
	if authors, ok := coreutilsAuthors[name]; ok {
		return coreutilsVersion(name, authors)
	}
	return infoFile(name, ".version.txt")
}

// infoFile returns the text of help/NAME.ext; TestInfoFiles checks that
// every program that declares --help has its files.
func infoFile(name, ext string) string {
	if name == "[" {
		name = "test"
	}
	b, err := helpFiles.ReadFile("help/" + name + ext)
	if err != nil {
		panic("builtins: " + err.Error())
	}
	return string(b)
}

// coreutilsVersion is the --version text of a coreutils 9.1 program.
func coreutilsVersion(name, authors string) string {
	return name + ` (GNU coreutils) 9.1
Copyright (C) 2022 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.

Written by ` + authors + ".\n"
}

// coreutilsAuthors names the authors in each coreutils program's
// --version text.
var coreutilsAuthors = map[string]string{
	"uname":    "David MacKenzie",
	"whoami":   "Richard Mlynarik",
	"id":       "Arnold Robbins and David MacKenzie",
	"nproc":    "Giuseppe Scrivano",
	"df":       "Torbjorn Granlund, David MacKenzie, and Paul Eggert",
	"[":        "Kevin Braunsdorf and Matthew Bradburn",
	"basename": "David MacKenzie",
	"cat":      "Torbjorn Granlund and Richard M. Stallman",
	"chmod":    "David MacKenzie and Jim Meyering",
	"cp":       "Torbjorn Granlund, David MacKenzie, and Jim Meyering",
	"cut":      "David M. Ihnat, David MacKenzie, and Jim Meyering",
	"date":     "David MacKenzie",
	"dirname":  "David MacKenzie and Jim Meyering",
	"du":       "Torbjorn Granlund, David MacKenzie, Paul Eggert,\nand Jim Meyering",
	"echo":     "Brian Fox and Chet Ramey",
	"env":      "Richard Mlynarik, David MacKenzie, and Assaf Gordon",
	"timeout":  "Padraig Brady",
	"csplit":   "Stuart Kemp and David MacKenzie",
	"numfmt":   "Assaf Gordon",
	"printenv": "David MacKenzie and Richard Mlynarik",
	"sync":     "Jim Meyering and Giuseppe Scrivano",
	"install":  "David MacKenzie",
	"dd":       "Paul Rubin, David MacKenzie, and Stuart Kemp",
	"head":     "David MacKenzie and Jim Meyering",
	"ln":       "Mike Parker and David MacKenzie",
	"ls":       "Richard M. Stallman and David MacKenzie",
	"mkdir":    "David MacKenzie",
	"mktemp":   "Jim Meyering and Eric Blake",
	"mv":       "Mike Parker, David MacKenzie, and Jim Meyering",
	"paste":    "David M. Ihnat and David MacKenzie",
	"printf":   "David MacKenzie",
	"readlink": "Dmitry V. Levin",
	"realpath": "Padraig Brady",
	"rm":       "Paul Rubin, David MacKenzie, Richard M. Stallman,\nand Jim Meyering",
	"rmdir":    "David MacKenzie",
	"seq":      "Ulrich Drepper",
	"sleep":    "Jim Meyering and Paul Eggert",
	"sort":     "Mike Haertel and Paul Eggert",
	"stat":     "Michael Meskes",
	"tail":     "Paul Rubin, David MacKenzie, Ian Lance Taylor,\nand Jim Meyering",
	"tee":      "Mike Parker, Richard M. Stallman, and David MacKenzie",
	"touch":    "Paul Rubin, Arnold Robbins, Jim Kingdon,\nDavid MacKenzie, and Randy Smith",
	"tr":       "Jim Meyering",
	"truncate": "Padraig Brady",
	"uniq":     "Richard M. Stallman and David MacKenzie",
	"wc":       "Paul Rubin and David MacKenzie",
	"yes":      "David MacKenzie",
}

// addUtilInfo declares util-linux's -h/--help and -V/--version.
func addUtilInfo(f *opt.Parser, name string) {
	help := func(string, string) error { return infoText(helpText(name)) }
	version := func(string, string) error { return infoText(versionText(name)) }
	f.Add(opt.Option{Short: 'h', Long: "help", Do: help}, opt.Option{Short: 'V', Long: "version", Do: version})
}
