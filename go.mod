module github.com/shellfence/shellfence

go 1.26.0

require (
	github.com/bluekeyes/go-gitdiff v0.9.0
	github.com/dlclark/regexp2 v1.12.0
	github.com/google/go-cmp v0.7.0
	github.com/spf13/afero v1.15.0
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/text v0.43.0
	golang.org/x/tools v0.52.0
	mvdan.cc/sh/v3 v3.14.1
)

require golang.org/x/term v0.47.0 // indirect
