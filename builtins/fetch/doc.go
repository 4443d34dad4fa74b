// Package fetch fetches http and https URLs for agents, within limits and
// away from the host's own network: it is to back the MCP fetch tool and
// the curl and wget builtins.
//
// Its address guard checks the address each connection is actually made
// to, after the host name is resolved, so a name that changes its address
// (DNS rebinding) does not reach what the guard refuses. It refuses
// loopback, private, link-local, shared (CGNAT), unspecified, multicast,
// broadcast and reserved addresses, in IPv4, IPv6 and the IPv6 forms that
// carry an IPv4 address ([Classify]), unless private addresses are allowed,
// and cloud metadata addresses always.
//
// The package never reads the host's environment, files or processes; host
// names resolve through the system's resolver.
package fetch
