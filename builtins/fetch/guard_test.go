package fetch

import (
	"net/netip"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct{ addr, want string }{
		{"8.8.8.8", ""},
		{"93.184.215.14", ""},
		{"172.32.0.1", ""},
		{"100.128.0.1", ""},
		{"2001:4860:4860::8888", ""},
		{"2002:808:808::1", ""},  // 6to4 of 8.8.8.8
		{"64:ff9b::808:808", ""}, // NAT64 of 8.8.8.8
		{"127.0.0.1", "loopback"},
		{"127.1.2.3", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"},
		{"64:ff9b::7f00:1", "loopback"},
		{"2002:7f00:1::", "loopback"},
		{"0.0.0.0", "unspecified"},
		{"0.1.2.3", "unspecified"},
		{"::", "unspecified"},
		{"::ffff:0.0.0.0", "unspecified"},
		{"10.1.2.3", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"::ffff:10.0.0.1", "private"},
		{"::ffff:192.168.0.1", "private"},
		{"fc00::1", "private"},
		{"fd12:3456::1", "private"},
		{"fec0::1", "private"},
		{"64:ff9b:1::1", "private"},
		{"169.254.1.1", "link-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"100.64.0.1", "shared (CGNAT)"},
		{"100.127.255.255", "shared (CGNAT)"},
		{"169.254.169.254", "cloud metadata"},
		{"::ffff:169.254.169.254", "cloud metadata"},
		{"64:ff9b::a9fe:a9fe", "cloud metadata"},
		{"169.254.170.2", "cloud metadata"},
		{"100.100.100.200", "cloud metadata"},
		{"fd00:ec2::254", "cloud metadata"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"255.255.255.255", "broadcast"},
		{"240.0.0.1", "reserved"},
		{"192.0.2.1", "reserved"},
		{"198.18.0.1", "reserved"},
		{"2001:db8::1", "reserved"},
		{"::127.0.0.1", "reserved"}, // IPv4-compatible, deprecated
	}
	for _, tt := range tests {
		if got := Classify(netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("Classify(%s) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

func TestGuardCheck(t *testing.T) {
	const hint = "the server's --fetch-private allows it"
	tests := []struct {
		allow      bool
		host, addr string
		want       string
	}{
		{false, "", "8.8.8.8", ""},
		{false, "", "127.0.0.1", "127.0.0.1: loopback address refused (" + hint + ")"},
		{false, "localhost", "::1", "localhost: ::1: loopback address refused (" + hint + ")"},
		{false, "", "fe80::1%eth0", "fe80::1: link-local address refused (" + hint + ")"},
		{false, "", "169.254.169.254", "169.254.169.254: cloud metadata address refused"},
		{true, "", "127.0.0.1", ""},
		{true, "", "10.0.0.1", ""},
		{true, "", "fd12::1", ""},
		{true, "", "169.254.169.254", "169.254.169.254: cloud metadata address refused"},
		{true, "", "fd00:ec2::254", "fd00:ec2::254: cloud metadata address refused"},
	}
	for _, tt := range tests {
		g := guard{allowPrivate: tt.allow, hint: hint}
		if got := errText(g.check(tt.host, netip.MustParseAddr(tt.addr))); got != tt.want {
			t.Errorf("allow %v: check(%q, %s) = %q, want %q", tt.allow, tt.host, tt.addr, got, tt.want)
		}
	}
}

// TestCheckString is the check a net.Dialer's Control function makes on
// the address of the socket it is about to connect.
func TestCheckString(t *testing.T) {
	g := guard{hint: "h"}
	tests := map[string]string{
		"8.8.8.8:443":          "",
		"127.0.0.1:80":         "127.0.0.1: loopback address refused (h)",
		"[::ffff:10.0.0.1]:80": "::ffff:10.0.0.1: private address refused (h)",
		"[fe80::1%eth0]:80":    "fe80::1: link-local address refused (h)",
		"nonsense":             `cannot check address "nonsense": not an ip:port`,
	}
	for addr, want := range tests {
		if got := errText(g.checkString(addr)); got != want {
			t.Errorf("checkString(%q) = %q, want %q", addr, got, want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
