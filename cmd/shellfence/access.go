package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/engine"
)

// access is what a run may reach besides the workspace, all of it off
// unless granted: the network for curl and wget (--allow-net, optionally
// limited to URL prefixes, with headers attached by prefix from the
// config's net_headers) and host information (--allow-host-info).
type access struct {
	net      netSetting
	headers  map[string]map[string]string // prefix → header → value with ${VAR}s
	hostInfo bool
}

// netSetting is --allow-net: off, on, or on for URLs under prefixes.
type netSetting struct {
	on       bool
	prefixes []string
}

// register adds the access flags to fs.
func (a *access) register(fs *flag.FlagSet) {
	fs.BoolVar(&a.hostInfo, "allow-host-info", a.hostInfo, "let uname, hostname, whoami, id, uptime, free, ps, df and nproc describe the host")
	fs.Var(&a.net, "allow-net", "let curl and wget in run reach the network: every public URL, or only those under the comma-separated URL `PREFIXES` given with =")
}

func (n *netSetting) String() string {
	if n == nil || !n.on {
		return ""
	}
	return strings.Join(n.prefixes, ",")
}

func (n *netSetting) IsBoolFlag() bool { return true }

func (n *netSetting) Set(v string) error {
	if on, err := strconv.ParseBool(v); err == nil {
		n.on, n.prefixes = on, nil
		return nil
	}
	n.on, n.prefixes = true, splitNames(v)
	return checkPrefixes(n.prefixes)
}

func (n *netSetting) UnmarshalJSON(b []byte) error {
	var on bool
	if json.Unmarshal(b, &on) == nil {
		n.on, n.prefixes = on, nil
		return nil
	}
	var l listKey
	if err := l.UnmarshalJSON(b); err != nil {
		return errors.New("want true, false, or a list of URL prefixes")
	}
	n.on, n.prefixes = true, l
	return checkPrefixes(n.prefixes)
}

func checkPrefixes(ps []string) error {
	if len(ps) == 0 {
		return errors.New("empty list of URL prefixes (use true for every URL)")
	}
	_, err := fetch.PrefixMatcher(ps)
	return err
}

// options returns the engine options that grant what a allows. The
// headers' ${VAR}s are expanded from lookupEnv, the server's own
// environment, here and only here.
func (a *access) options(fetchPrivate bool, maxBytes int64, lookupEnv func(string) (string, bool)) ([]engine.Option, error) {
	var opts []engine.Option
	if a.hostInfo {
		opts = append(opts, engine.WithHostInfo(newHostInfo()))
	}
	if !a.net.on {
		return opts, nil
	}
	f := &fetch.Fetcher{AllowPrivate: fetchPrivate, Hint: "shellfence's --fetch-private allows it",
		MaxBytes: maxBytes, MaxRedirects: 50, Name: "curl"}
	if len(a.headers) > 0 {
		h, err := fetch.PrefixHeaders(expandHeaders(a.headers, lookupEnv))
		if err != nil {
			return nil, fmt.Errorf("net_headers: %w", err)
		}
		f.Headers = h
	}
	n, err := builtins.NewNet(f, a.net.prefixes)
	if err != nil {
		return nil, fmt.Errorf("allow-net: %w", err)
	}
	return append(opts, engine.WithNet(n)), nil
}

// expandHeaders replaces ${VAR} and $VAR in the header values with the
// server's environment.
func expandHeaders(m map[string]map[string]string, lookupEnv func(string) (string, bool)) map[string]http.Header {
	out := map[string]http.Header{}
	for prefix, hs := range m {
		h := http.Header{}
		for k, v := range hs {
			h.Set(k, os.Expand(v, func(name string) string { s, _ := lookupEnv(name); return s }))
		}
		out[prefix] = h
	}
	return out
}
