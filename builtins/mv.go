package builtins

// mv - move (rename) files
//
//	mv [OPTION]... [-T] SOURCE DEST
//	mv [OPTION]... SOURCE... DIRECTORY
//	mv [OPTION]... -t DIRECTORY SOURCE...
//
// Options: -b, --backup[=CONTROL], -f (--force), -i (--interactive),
// -n (--no-clobber), -S SUFFIX (--suffix), --strip-trailing-slashes,
// -t DIR (--target-directory), -T (--no-target-directory),
// -u (--update), -v (--verbose). Standard input is never a terminal: only
// -i asks, reading the answer from standard input. Differences: moving
// across filesystems inside the workspace (a rename that fails with
// "Invalid cross-device link") is not done by copying. -Z and --context
// are not supported.

func mv(p *Proc) int {
	o := &copyOpts{move: true, recursive: true, deref: derefNever, preserveLinks: true,
		preserveMode: true, preserveOwner: true, preserveTimes: true}
	var f cpFlags
	flags := p.newOpts(1)
	o.backup.add(flags)
	flags.Func('f', "force", func() { o.interactive = iAlwaysYes })
	flags.Func('i', "interactive", func() { o.interactive = iAskUser })
	flags.Func('n', "no-clobber", func() { o.interactive = iAlwaysNo })
	flags.Flag(0, "strip-trailing-slashes", &f.stripSlashes)
	flags.String('t', "target-directory", &f.targetDir)
	flags.Flag('T', "no-target-directory", &f.noTarget)
	flags.Flag('u', "update", &o.update)
	flags.Flag('v', "verbose", &o.verbose)
	flags.Unsupported("Z", "context")
	addToolInfo(flags, "mv")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if o.backup.make && o.interactive == iAlwaysNo {
		return p.usageErr("options --backup and --no-clobber are mutually exclusive")
	}
	if err := o.backup.resolve(p); err != nil {
		return p.usage(err, 1)
	}
	plan, code := p.planTargets(operands, f.targetDir, f.noTarget)
	if plan == nil {
		return code
	}
	c := newCopier(p, o)
	if len(plan.sources) >= 2 {
		c.trackArgs()
	}
	status := 0
	for _, src := range plan.sources {
		if p.Cancelled() {
			return 130
		}
		if f.stripSlashes {
			src = stripTrailingSlashes(src)
		}
		dst := plan.destFor(src)
		if plan.dir != "" {
			dst = stripTrailingSlashes(concatName(plan.dir, lastComponent(src)))
		}
		ok, intoSelf, _ := c.copyTop(src, dst, 0)
		if !ok || intoSelf {
			status = 1
		}
	}
	return status
}
