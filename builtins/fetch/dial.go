package fetch

import (
	"context"
	"net"
	"net/netip"
	"syscall"
)

// A resolver looks up the addresses of a host; *net.Resolver is one.
type resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// A dialFunc connects to an address of the form "ip:port".
type dialFunc func(ctx context.Context, network, address string) (net.Conn, error)

// A dialer resolves a host itself and connects only to the addresses the
// guard allows, so what is checked is what is connected to: a name that
// resolves to a public address when the URL is checked and to a private one
// when the connection is made (DNS rebinding) is still refused.
type dialer struct {
	guard    guard
	resolver resolver
	dial     dialFunc
}

func newDialer(g guard) *dialer {
	d := &net.Dialer{ControlContext: func(_ context.Context, _, address string, _ syscall.RawConn) error {
		return g.checkString(address) // the socket's own address, checked again
	}}
	return &dialer{guard: g, resolver: net.DefaultResolver, dial: d.DialContext}
}

// DialContext connects to address, "host:port", trying the host's allowed
// addresses in turn. It returns the guard's refusal if no address is allowed.
func (d *dialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := d.lookup(ctx, host)
	if err != nil {
		return nil, err
	}
	name := host // to name in a refusal: not when it is the address
	if _, err := netip.ParseAddr(host); err == nil {
		name = ""
	}
	pn, err := net.LookupPort(network, port)
	if err != nil {
		return nil, err
	}
	var refusal, dialErr error
	for _, a := range addrs {
		if err := d.guard.checkPort(name, netip.AddrPortFrom(a, uint16(pn))); err != nil {
			refusal = cmpOr(refusal, err)
			continue
		}
		c, err := d.dial(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return c, nil
		}
		dialErr = err
	}
	return nil, cmpOr(dialErr, refusal)
}

// lookup returns host's addresses: host itself when it is an address.
func (d *dialer) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	addrs, err := d.resolver.LookupNetIP(ctx, "ip", host)
	if err == nil && len(addrs) == 0 {
		err = &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	for i, a := range addrs {
		addrs[i] = a.Unmap()
	}
	return addrs, err
}

// cmpOr returns the first of a and b that is not nil.
func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
