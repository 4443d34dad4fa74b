package builtins

// table lists every builtin. The allowlist filters it; nothing else runs.
// Each group below is kept together; add a command's entry in its group.
var table map[string]Func

func init() {
	table = map[string]Func{
		// group: files in
		"cat": cat,
		// group: files in, end

		// group: git
		"git": git,
		// group: git, end

		// group: shell values
		// group: shell values, end

		// group: grep
		"grep":  grep,
		"egrep": egrep,
		"fgrep": fgrep,
		"rg":    rg,
		// group: grep, end

		// group: listing (ls, stat, du)
		"du":   du,
		"ls":   ls,
		"stat": stat,

		// group: listing, end

		// group: file operations
		"basename": basename,
		"chmod":    chmod,
		"cp":       cp,
		"dirname":  dirname,
		"ln":       ln,
		"mkdir":    mkdir,
		"mktemp":   mktemp,
		"mv":       mv,
		"pwd":      pwd,
		"readlink": readlink,
		"realpath": realpath,
		"rm":       rm,
		"rmdir":    rmdir,
		"tee":      tee,
		"touch":    touch,
		"truncate": truncate,
		// group: file operations, end

		// group: text (head tail wc sort uniq cut)
		"head": head,
		"tail": tail,
		"wc":   wc,
		"cut":  cut,
		"uniq": uniq,
		"sort": sortCmd,

		// group: text, end

		// group: more text (digests, encodings, line tools)
		"md5sum":    md5sum,
		"sha1sum":   sha1sum,
		"sha224sum": sha224sum,
		"sha256sum": sha256sum,
		"sha384sum": sha384sum,
		"sha512sum": sha512sum,
		"b2sum":     b2sum,
		"cksum":     cksum,
		"sum":       sum,
		"base64":    base64Cmd,
		"base32":    base32Cmd,
		"tac":       tac,
		"rev":       rev,
		"nl":        nl,
		"od":        od,
		"xxd":       xxd,
		"hexdump":   hexdump,
		"fold":      fold,
		"comm":      comm,
		"expr":      expr,
		"factor":    factor,
		"tsort":     tsort,
		"strings":   stringsCmd,
		"shuf":      shuf,
		"column":    column,
		"expand":    expand,
		"unexpand":  unexpand,
		"fmt":       fmtCmd,
		"split":     split,
		"join":      join,
		"bc":        bc,
		"iconv":     iconv,
		// group: more text, end

		// group: values (tr paste seq yes echo printf env date sleep test)
		"date":   date,
		"tr":     tr,
		"paste":  paste,
		"seq":    seq,
		"printf": printf,
		"env":    env,
		"echo":   echo,
		"yes":    yes,
		"sleep":  sleep,
		"test":   testCmd,
		"[":      testCmd,
		"true":   trueCmd,
		"false":  falseCmd,
		// group: values, end

		// group: find, xargs, sh
		"find":  find,
		"xargs": xargs,
		"sh":    shell,
		"bash":  shell,
		// group: find, end

		// group: sed
		"sed": sed,
		// group: sed, end

		// group: awk
		"awk": awkCmd,
		// group: awk, end

		// group: jq
		"jq": jq,
		"yq": yq,
		// group: jq, end

		// group: diff, cmp, patch
		"cmp":   cmpFiles,
		"diff":  diff,
		"patch": patchCmd,

		// group: diff, end

		// group: shell-adjacent (timeout which printenv envsubst sync)
		"timeout":  timeoutCmd,
		"which":    which,
		"printenv": printenv,
		"envsubst": envsubst,
		"sync":     syncCmd,
		"dd":       dd,
		"install":  install,
		"csplit":   csplit,
		"numfmt":   numfmt,
		// group: shell-adjacent, end

		// group: archives (gzip tar zip bzip2)
		"gzip":    gzipCmd,
		"gunzip":  gzipCmd,
		"zcat":    gzipCmd,
		"tar":     tarCmd,
		"bzip2":   bzip2Cmd,
		"bunzip2": bzip2Cmd,
		"bzcat":   bzip2Cmd,
		"zip":     zipCmd,
		"unzip":   unzip,
		// group: archives, end

		// group: file information (tree file)
		"tree": tree,
		"file": fileCmd,
		// group: file information, end
		// group: network (curl wget)
		"curl": curl,
		"wget": wget,
		// group: network, end

		// group: host information (uname id ps free df ...)
		"uname":    uname,
		"hostname": hostname,
		"whoami":   whoami,
		"id":       id,
		"uptime":   uptime,
		"free":     free,
		"ps":       ps,
		"df":       df,
		"nproc":    nproc,
		// group: host information, end
	}
}
