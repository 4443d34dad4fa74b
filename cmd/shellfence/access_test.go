package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAllowNetSettings(t *testing.T) {
	tests := []struct {
		args   []string
		config string
		want   netSetting
	}{
		{nil, "", netSetting{}},
		{[]string{"--allow-net"}, "", netSetting{on: true}},
		{[]string{"--allow-net=https://pkg.go.dev/,https://api.github.com/"}, "", netSetting{true, []string{"https://pkg.go.dev/", "https://api.github.com/"}}},
		{nil, `{"allow_net": true}`, netSetting{on: true}},
		{nil, `{"allow_net": ["https://a.example/x"]}`, netSetting{true, []string{"https://a.example/x"}}},
		{nil, `{"allow_net": "https://a.example/, https://b.example/"}`, netSetting{true, []string{"https://a.example/", "https://b.example/"}}},
		{[]string{"--allow-net=false"}, `{"allow_net": true}`, netSetting{}},
	}
	for _, tt := range tests {
		args := tt.args
		if tt.config != "" {
			args = append([]string{"--conf", writeConfig(t, tt.config)}, args...)
		}
		s, err := parseServeFlags(args)
		if err != nil {
			t.Errorf("%v %s: %v", tt.args, tt.config, err)
			continue
		}
		if d := cmp.Diff(tt.want, s.access.net, cmp.AllowUnexported(netSetting{})); d != "" {
			t.Errorf("%v %s (-want +got):\n%s", tt.args, tt.config, d)
		}
	}
	for _, bad := range []string{`{"allow_net": []}`, `{"allow_net": ["ftp://x/"]}`, `{"allow_net": 3}`, `{"net_headers": ["x"]}`} {
		if _, err := parseServeFlags([]string{"--conf", writeConfig(t, bad)}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if _, err := parseServeFlags([]string{"--allow-net=file:///etc/"}); err == nil {
		t.Error("--allow-net=file:///etc/: no error")
	}
}

// TestNetHeadersExpanded: net_headers' values come from the server's
// environment, reach the server under the prefix, and the run never sees
// the token.
func TestNetHeadersExpanded(t *testing.T) {
	prefix := "https://api.example.com/"
	s, err := parseServeFlags([]string{"--conf", writeConfig(t, `{"allow_net": true, "net_headers": {"`+prefix+`": {"Authorization": "Bearer ${TOKEN}", "X-Key": "$KEY-$UNSET."}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"TOKEN": "t0k3n", "KEY": "k"}
	h := expandHeaders(s.access.headers, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if v := h[prefix].Get("Authorization"); v != "Bearer t0k3n" {
		t.Errorf("Authorization: %q", v)
	}
	if v := h[prefix].Get("X-Key"); v != "k-." {
		t.Errorf("X-Key: %q", v)
	}
	opts, err := s.access.options(false, 1<<20, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil || len(opts) != 1 {
		t.Errorf("options: %d, %v", len(opts), err)
	}
}

// TestRunNetOff: shellfence run without --allow-net has no network; with
// it, loopback is still refused.
func TestRunNetOff(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--cwd", t.TempDir(), "curl -sS http://example.com/"}, "curl: (7) network access is off in this shell (start shellfence with --allow-net to allow it)\n"},
		{[]string{"run", "--cwd", t.TempDir(), "--allow-net", "curl -sS http://127.0.0.1:9/"}, "curl: (7) Failed to connect to 127.0.0.1: loopback address refused (shellfence's --fetch-private allows it)\n"},
		{[]string{"run", "--cwd", t.TempDir(), "--allow-net", "curl -sS http://169.254.169.254/"}, "curl: (7) Failed to connect to 169.254.169.254: cloud metadata address refused\n"},
		{[]string{"run", "--cwd", t.TempDir(), "--allow-net", "--fetch-private", "curl -sS http://169.254.169.254/"}, "curl: (7) Failed to connect to 169.254.169.254: cloud metadata address refused\n"},
		{[]string{"run", "--cwd", t.TempDir(), "--allow-net=https://pkg.go.dev/", "curl -sS https://example.com/"}, "curl: (7) https://example.com/ is not under the URLs --allow-net permits (https://pkg.go.dev/)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := cli(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != 7 || stderr.String() != tt.want {
			t.Errorf("%v: status %d, stderr %q; want 7, %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}
