package fetch

import (
	"fmt"
	"net/netip"
	"slices"
)

// An AddrError is the refusal of an address by the guard: the host that was
// asked for, the address it came to and why that address is refused.
type AddrError struct {
	Host   string     // the host as named in the URL; empty when it was Addr itself
	Addr   netip.Addr // the address that would have been connected to
	Reason string     // what kind of address it is: "loopback", "private", ...
	Hint   string     // how to lift the refusal; empty when nothing lifts it
}

func (e *AddrError) Error() string {
	s := e.Addr.String() + ": " + e.Reason + " address refused"
	if e.Host != "" {
		s = e.Host + ": " + s
	}
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// A rangeRule names the kind of address a prefix holds.
type rangeRule struct {
	prefix netip.Prefix
	reason string
}

func rules(reason string, prefixes ...string) []rangeRule {
	r := make([]rangeRule, len(prefixes))
	for i, p := range prefixes {
		r[i] = rangeRule{netip.MustParsePrefix(p), reason}
	}
	return r
}

// reasonMetadata is Classify's word for a cloud metadata address.
const reasonMetadata = "cloud metadata"

// metadata holds the cloud providers' instance metadata and credential
// endpoints. They stay refused when private addresses are allowed: an agent
// on a cloud machine could read the machine's credentials there.
var metadata = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // AWS, GCP, Azure, Oracle, ...
	netip.MustParseAddr("169.254.170.2"):   true, // AWS ECS task credentials
	netip.MustParseAddr("169.254.170.23"):  true, // AWS EKS pod identity
	netip.MustParseAddr("100.100.100.200"): true, // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"):   true, // AWS over IPv6
	netip.MustParseAddr("fd00:ec2::23"):    true, // AWS EKS pod identity over IPv6
}

// refused lists the ranges that are not the public internet, most specific
// first where they overlap.
var refused = slices.Concat(
	rules("unspecified", "0.0.0.0/8", "::/128"),
	rules("loopback", "127.0.0.0/8", "::1/128"),
	rules("broadcast", "255.255.255.255/32"),
	rules("private", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7",
		"fec0::/10", "64:ff9b:1::/48"),
	rules("shared (CGNAT)", "100.64.0.0/10"),
	rules("link-local", "169.254.0.0/16", "fe80::/10"),
	rules("multicast", "224.0.0.0/4", "ff00::/8"),
	rules("reserved", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "::/96", "100::/64",
		"2001:db8::/32"),
)

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// Classify tells what kind of non-public address a is ("loopback",
// "private", "link-local", "cloud metadata", ...), or "" for a public one.
// IPv4 addresses embedded in IPv6 (IPv4-mapped, NAT64 64:ff9b::/96 and
// 6to4 2002::/16) are judged by the IPv4 address they carry.
func Classify(a netip.Addr) string {
	a = embedded(a.WithZone(""))
	if metadata[a] {
		return reasonMetadata
	}
	for _, r := range refused {
		if r.prefix.Contains(a) {
			return r.reason
		}
	}
	return ""
}

// embedded returns the IPv4 address an IPv6 address carries, or a itself.
func embedded(a netip.Addr) netip.Addr {
	b := a.As16()
	switch {
	case a.Is4In6():
		return a.Unmap()
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte(b[12:16]))
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte(b[2:6]))
	}
	return a
}

// A guard decides which addresses a fetch may connect to.
type guard struct {
	allowPrivate bool   // allow every address but cloud metadata
	hint         string // said in refusals that allowPrivate would lift
	exempt       []netip.AddrPort
}

// check returns nil if addr may be connected to, or an *AddrError that
// names host and says why not.
func (g guard) check(host string, addr netip.Addr) error {
	reason := Classify(addr)
	if reason == "" || g.allowPrivate && reason != reasonMetadata {
		return nil
	}
	e := &AddrError{Host: host, Addr: addr.WithZone(""), Reason: reason, Hint: g.hint}
	if reason == reasonMetadata {
		e.Hint = "" // nothing allows it
	}
	return e
}

// checkString is check for an "ip:port" address in text form, as a
// dialer's Control function receives it.
func (g guard) checkString(address string) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("cannot check address %q: %w", address, err)
	}
	return g.checkPort("", ap)
}

// checkPort is check for an address and port: an exempt one passes unless
// it is a cloud metadata address.
func (g guard) checkPort(host string, ap netip.AddrPort) error {
	a := netip.AddrPortFrom(ap.Addr().Unmap().WithZone(""), ap.Port())
	if slices.Contains(g.exempt, a) && Classify(a.Addr()) != reasonMetadata {
		return nil
	}
	return g.check(host, ap.Addr())
}
