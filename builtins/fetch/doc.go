// Package fetch fetches http and https URLs for agents, within limits and
// away from the host's own network: it backs the MCP fetch tool and the
// curl and wget builtins.
//
// A [Fetcher] holds the server's settings: the size cap on the body kept,
// the timeout, the number of redirects followed, the user agent, headers to
// attach by URL prefix ([PrefixHeaders]) and whether private addresses are
// allowed. [Fetcher.Fetch] performs a [Request] (method, headers, body,
// lower limits, redirects on or off) and returns a [Result]: the final URL,
// status, headers, body, whether it was truncated and how long it took.
// [Result.Text] gives the body as text to read, an HTML page rendered by
// [HTMLText].
//
// The address guard checks the address each connection is actually made
// to, after the host name is resolved, for the first request and for every
// redirect, so neither a redirect nor a name that changes its address (DNS
// rebinding) reaches what the guard refuses. It refuses loopback, private,
// link-local, shared (CGNAT), unspecified, multicast, broadcast and
// reserved addresses, in IPv4, IPv6 and the IPv6 forms that carry an IPv4
// address ([Classify]), unless [Fetcher.AllowPrivate] is set, and cloud
// metadata addresses always.
//
// The package never reads the host's environment (no proxy from
// HTTP_PROXY), files or processes; host names resolve through the system's
// resolver.
package fetch
