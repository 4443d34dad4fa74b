package builtins

// curl's exit codes and messages for a failed transfer.

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/fetch"
)

// curlErr returns curl's exit code and message for the fetcher's error.
func curlErr(err error, u *url.URL, elapsed time.Duration) (int, string) {
	var (
		ae  *fetch.AddrError
		pe  *NetPrefixError
		re  *fetch.RedirectsError
		dns *net.DNSError
		op  *net.OpError
	)
	ms := elapsed.Milliseconds()
	switch {
	case errors.As(err, &pe):
		return 7, pe.Error()
	case errors.As(err, &ae):
		return 7, "Failed to connect to " + ae.Error()
	case errors.As(err, &re):
		return 47, fmt.Sprintf("Maximum (%d) redirects followed", re.Max)
	case errors.Is(err, context.Canceled):
		return 130, ""
	case errors.Is(err, context.DeadlineExceeded):
		return 28, fmt.Sprintf("Operation timed out after %d milliseconds with 0 bytes received", ms)
	case errors.As(err, &dns):
		return 6, "Could not resolve host: " + dns.Name
	case errors.As(err, &op) && op.Op == "dial":
		return 7, fmt.Sprintf("Failed to connect to %s port %s after %d ms: Couldn't connect to server", u.Hostname(), curlPort(u), ms)
	}
	if code, msg, ok := curlTLSErr(err, u); ok {
		return code, msg
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) && strings.Contains(err.Error(), "EOF") {
		return 52, "Empty reply from server"
	}
	if strings.Contains(err.Error(), "unsupported scheme") {
		return 1, "Protocol not supported or disabled in libcurl (redirect: " + err.Error() + ")"
	}
	return 56, "Failure when receiving data from the peer"
}

// curlTLSErr words certificate and handshake failures.
func curlTLSErr(err error, u *url.URL) (int, string, bool) {
	var (
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		verify   *tls.CertificateVerificationError
		record   tls.RecordHeaderError
	)
	switch {
	case errors.As(err, &unknown):
		return 60, "SSL certificate problem: unable to get local issuer certificate", true
	case errors.As(err, &hostname):
		return 60, "SSL: no alternative certificate subject name matches target host name '" + u.Hostname() + "'", true
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return 60, "SSL certificate problem: certificate has expired", true
	case errors.As(err, &verify):
		return 60, "SSL certificate problem: " + verify.Err.Error(), true
	case errors.As(err, &record):
		return 35, "OpenSSL SSL_connect: wrong version number", true
	}
	return 0, "", false
}

// curlPort returns u's port, made explicit.
func curlPort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// curlWarn prints one of curl's warnings: "Warning: " and the text.
func (p *Proc) curlWarn(format string, args ...any) {
	p.Flush()
	fmt.Fprintf(p.Stderr, "Warning: "+format+"\n", args...)
}
