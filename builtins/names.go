package builtins

// How GNU puts a directory and a name together. Two rules exist, and every
// command uses one of them (rg follows Rust's Path::join; zip cleans its
// member names):
//
//   - gnulib's file_name_concat, for names a command builds itself (diff,
//     ls -R, cp, mv, gzip -r, mktemp): the directory's trailing slashes
//     become one separator, "a///" and "x" give "a/x".
//   - fts, for the walks of du, chmod, rm -r, grep -r, find and tree, and
//     for gzip -r and ls's own names: one trailing slash of the directory
//     is dropped before the separator ("a//" and "x" give "a//x"), and
//     fts_open first trims a starting point's trailing slashes to one
//     (find keeps them: it opens its roots verbatim).
//
// tar names a directory with its trailing slashes made one, and its
// entries by file_name_concat.

import "strings"

// concatName joins a directory and a base name as gnulib's
// file_name_concat does: the directory's trailing slashes are replaced by
// one separator ("d/" + "f" is "d/f"), and a root keeps its slashes.
func concatName(dir, base string) string {
	d := strings.TrimRight(dir, "/")
	if d == "" {
		return dir + base
	}
	if strings.HasPrefix(base, "/") {
		return d + base
	}
	return d + "/" + base
}

// ftsJoin names a directory entry the way gnulib fts does: one trailing
// slash of the directory is dropped before the separator.
func ftsJoin(dir, name string) string {
	return strings.TrimSuffix(dir, "/") + "/" + name
}

// ftsRoot is a starting point as fts_open keeps it: two or more trailing
// slashes are trimmed to one.
func ftsRoot(name string) string {
	if len(name) <= 2 || name[len(name)-1] != '/' {
		return name
	}
	n := len(name)
	for n > 1 && name[n-2] == '/' {
		n--
	}
	return name[:n]
}
