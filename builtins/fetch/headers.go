package fetch

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// A prefix is a parsed key of PrefixHeaders' map.
type prefix struct {
	origin string // "https://api.example.com:443"
	path   string // "/v1", or "" for every path
	header http.Header
}

// PrefixHeaders returns a [Fetcher.Headers] hook that gives a request the
// headers of every prefix of m that its URL falls under. A prefix is an
// absolute http or https URL without query, such as
// "https://api.example.com/v1": it covers URLs of the same origin (scheme,
// host and port) whose path is its path or below it ("/v1", "/v1/x", not
// "/v10"). Where prefixes give the same header, the longest wins. Since the
// hook is asked again for each redirect, a prefix's headers never follow a
// redirect out of the prefix.
func PrefixHeaders(m map[string]http.Header) (func(*url.URL) http.Header, error) {
	var ps []prefix
	for key, h := range m {
		p, err := parsePrefix(key)
		if err != nil {
			return nil, err
		}
		p.header = h
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b prefix) int { return cmp.Compare(len(a.path), len(b.path)) })
	return func(u *url.URL) http.Header { return matchHeaders(ps, u) }, nil
}

func parsePrefix(key string) (prefix, error) {
	u, err := url.Parse(key)
	if err != nil {
		return prefix{}, fmt.Errorf("header prefix %q: %w", key, err)
	}
	if err := checkScheme(u); err != nil {
		return prefix{}, fmt.Errorf("header prefix %q: %w", key, err)
	}
	if u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return prefix{}, fmt.Errorf("header prefix %q: want scheme://host/path, without user, query or fragment", key)
	}
	return prefix{origin: origin(u), path: strings.TrimSuffix(u.EscapedPath(), "/")}, nil
}

func matchHeaders(ps []prefix, u *url.URL) http.Header {
	h := http.Header{}
	o, path := origin(u), u.EscapedPath()
	for _, p := range ps {
		if p.origin != o || !underPath(path, p.path) {
			continue
		}
		copyHeader(h, p.header)
	}
	return h
}

// underPath reports whether path is dir or below it.
func underPath(path, dir string) bool {
	rest, ok := strings.CutPrefix(path, dir)
	return ok && (rest == "" || rest[0] == '/')
}

// PrefixMatcher returns a function that reports whether a URL falls under
// one of prefixes, in the sense of [PrefixHeaders]: same origin, and the
// prefix's path or below it.
func PrefixMatcher(prefixes []string) (func(*url.URL) bool, error) {
	var ps []prefix
	for _, key := range prefixes {
		p, err := parsePrefix(key)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return func(u *url.URL) bool {
		o, path := origin(u), u.EscapedPath()
		for _, p := range ps {
			if p.origin == o && underPath(path, p.path) {
				return true
			}
		}
		return false
	}, nil
}
