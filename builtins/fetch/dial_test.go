package fetch

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"
)

// TestDialerControl: the dialer a Fetcher uses by default checks the
// address of the socket itself, before it connects.
func TestDialerControl(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, err = newDialer(guard{hint: "h"}).dial(context.Background(), "tcp", l.Addr().String())
	var ae *AddrError
	if !errors.As(err, &ae) || ae.Reason != "loopback" {
		t.Errorf("dial: %v, want a loopback refusal", err)
	}
	l.(*net.TCPListener).SetDeadline(time.Now().Add(50 * time.Millisecond))
	if c, err := l.Accept(); err == nil {
		c.Close()
		t.Error("the refused dial connected")
	}
	c, err := newDialer(guard{allowPrivate: true}).dial(context.Background(), "tcp", l.Addr().String())
	if err != nil {
		t.Fatalf("allowed dial: %v", err)
	}
	c.Close()
}
