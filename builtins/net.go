package builtins

// The network a run's curl and wget may reach. The engine's embedder
// grants it (shellfence's --allow-net); without it, both say the network
// is off and which flag turns it on.

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/shellfence/shellfence/builtins/fetch"
)

// NetOffHint says how the network is turned on, in messages of commands
// run without it.
const NetOffHint = "start shellfence with --allow-net to allow it"

// Net is the network lent to a run: the fetcher every request goes
// through (its address guard, limits and credential headers) and the URL
// prefixes allowed.
type Net struct {
	Fetcher  *fetch.Fetcher
	Prefixes []string // empty: every URL the guard allows
}

// NewNet returns the network f reaches, limited to URLs under prefixes
// when there are any (see [fetch.PrefixMatcher]); redirects are checked
// again. f itself is not changed.
func NewNet(f *fetch.Fetcher, prefixes []string) (*Net, error) {
	c := *f
	if len(prefixes) > 0 {
		match, err := fetch.PrefixMatcher(prefixes)
		if err != nil {
			return nil, err
		}
		list := strings.Join(prefixes, ", ")
		c.Allow = func(u *url.URL) error {
			if !match(u) {
				return &NetPrefixError{URL: u.Redacted(), Allowed: list}
			}
			return nil
		}
	}
	return &Net{Fetcher: &c, Prefixes: prefixes}, nil
}

// A NetPrefixError is a URL outside the prefixes the run may reach.
type NetPrefixError struct{ URL, Allowed string }

func (e *NetPrefixError) Error() string {
	return fmt.Sprintf("%s is not under the URLs --allow-net permits (%s)", e.URL, e.Allowed)
}

// errNetOff is the error of a request made without a network.
var errNetOff = errors.New("network access is off in this shell (" + NetOffHint + ")")

// net returns the run's network, or nil when it has none.
func (p *Proc) net() *Net {
	if p.Sys == nil {
		return nil
	}
	return p.Sys.Net
}
