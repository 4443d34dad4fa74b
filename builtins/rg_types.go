package builtins

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// rgTypes are the file types -t and -T select: the common ones of
// ripgrep 13's built-in list, with its globs.
var rgTypes = map[string][]string{
	"c":          {"*.[chH]", "*.[chH].in", "*.cats"},
	"cmake":      {"*.cmake", "CMakeLists.txt"},
	"cpp":        {"*.[ChH]", "*.[ChH].in", "*.[ch]pp", "*.[ch]pp.in", "*.[ch]xx", "*.[ch]xx.in", "*.cc", "*.cc.in", "*.hh", "*.hh.in", "*.inl"},
	"cs":         {"*.cs"},
	"csharp":     {"*.cs"},
	"css":        {"*.css", "*.scss"},
	"csv":        {"*.csv"},
	"diff":       {"*.diff", "*.patch"},
	"docker":     {"*Dockerfile*"},
	"go":         {"*.go"},
	"h":          {"*.h", "*.hh", "*.hpp"},
	"html":       {"*.ejs", "*.htm", "*.html"},
	"java":       {"*.java", "*.jsp", "*.jspx", "*.properties"},
	"js":         {"*.js", "*.jsx", "*.vue"},
	"json":       {"*.json", "composer.lock"},
	"jsonl":      {"*.jsonl"},
	"kotlin":     {"*.kt", "*.kts"},
	"lua":        {"*.lua"},
	"make":       {"*.mak", "*.mk", "GNUmakefile", "Gnumakefile", "Makefile", "gnumakefile", "makefile"},
	"markdown":   {"*.markdown", "*.md", "*.mdown", "*.mkdn"},
	"md":         {"*.markdown", "*.md", "*.mdown", "*.mkdn"},
	"php":        {"*.php", "*.php3", "*.php4", "*.php5", "*.phtml"},
	"protobuf":   {"*.proto"},
	"py":         {"*.py"},
	"python":     {"*.py"},
	"rb":         {"*.gemspec", "*.rb", ".irbrc", "Gemfile", "Rakefile"},
	"ruby":       {"*.gemspec", "*.rb", ".irbrc", "Gemfile", "Rakefile"},
	"rust":       {"*.rs"},
	"scala":      {"*.sbt", "*.scala"},
	"sh":         {"*.bash", "*.bashrc", "*.csh", "*.cshrc", "*.ksh", "*.kshrc", "*.sh", "*.tcsh", "*.zsh", ".bash_login", ".bash_logout", ".bash_profile", ".bashrc", ".cshrc", ".kshrc", ".login", ".logout", ".profile", ".tcshrc", ".zlogin", ".zlogout", ".zprofile", ".zshenv", ".zshrc", "bash_login", "bash_logout", "bash_profile", "bashrc", "profile", "zlogin", "zlogout", "zprofile", "zshenv", "zshrc"},
	"sql":        {"*.psql", "*.sql"},
	"swift":      {"*.swift"},
	"toml":       {"*.toml", "Cargo.lock"},
	"ts":         {"*.ts", "*.tsx"},
	"typescript": {"*.ts", "*.tsx"},
	"txt":        {"*.txt"},
	"xml":        {"*.dtd", "*.rng", "*.sch", "*.xhtml", "*.xjb", "*.xml", "*.xml.dist", "*.xsd", "*.xsl", "*.xslt"},
	"yaml":       {"*.yaml", "*.yml"},
}

// checkTypes reports an unknown -t or -T type as ripgrep does.
func (o *rgOpts) checkTypes() error {
	for _, t := range append(append([]string(nil), o.types...), o.notTypes...) {
		if _, ok := rgTypes[t]; !ok && t != "all" {
			return fmt.Errorf("unrecognized file type: %s", t)
		}
	}
	return nil
}

// rgTypeHas reports whether the file name is of type t.
func rgTypeHas(t, name string) bool {
	globs := rgTypes[t]
	if t == "all" {
		for _, g := range rgTypes {
			globs = append(globs, g...)
		}
	}
	for _, g := range globs {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// typeMatch applies -t and -T to a file's name.
func (r *rgRun) typeMatch(name string) rgMatch {
	for _, t := range r.o.notTypes {
		if rgTypeHas(t, name) {
			return rgIgnore
		}
	}
	for _, t := range r.o.types {
		if rgTypeHas(t, name) {
			return rgWhite
		}
	}
	if len(r.o.types) > 0 {
		return rgIgnore
	}
	return rgNone
}

// rgTypeList prints the types and their globs, sorted.
func (p *Proc) rgTypeList() int {
	names := make([]string, 0, len(rgTypes))
	for n := range rgTypes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(p.Stdout, "%s: %s\n", n, strings.Join(rgTypes[n], ", "))
	}
	return 0
}
