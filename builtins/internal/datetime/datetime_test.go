package datetime

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

func TestParseDatetime(t *testing.T) {
	now := time.Date(2024, 2, 29, 12, 34, 56, 789000000, time.UTC) // a Thursday
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zoneinfo")
	}
	tests := []struct {
		in   string
		loc  *time.Location
		want string // RFC 3339 with nanoseconds in UTC, or "invalid"
	}{
		{"2024-01-01", time.UTC, "2024-01-01T00:00:00Z"},
		{"2024-01-01 10:20:30", time.UTC, "2024-01-01T10:20:30Z"},
		{"2024-01-01T10:20:30.5Z", time.UTC, "2024-01-01T10:20:30.5Z"},
		{"2024-01-01T10:20:30+02:00", time.UTC, "2024-01-01T08:20:30Z"},
		{"2024-01-01 10:00 +0530", time.UTC, "2024-01-01T04:30:00Z"},
		{"@0", time.UTC, "1970-01-01T00:00:00Z"},
		{"@-1.5", time.UTC, "1969-12-31T23:59:58.5Z"},
		{"", time.UTC, "2024-02-29T00:00:00Z"},
		{"now", time.UTC, "2024-02-29T12:34:56.789Z"},
		{"today", time.UTC, "2024-02-29T12:34:56.789Z"},
		{"yesterday", time.UTC, "2024-02-28T12:34:56.789Z"},
		{"tomorrow", time.UTC, "2024-03-01T12:34:56.789Z"},
		{"+1 day", time.UTC, "2024-03-01T12:34:56.789Z"},
		{"2 hours ago", time.UTC, "2024-02-29T10:34:56.789Z"},
		{"1 year", time.UTC, "2025-03-01T12:34:56.789Z"},
		{"next monday", time.UTC, "2024-03-04T00:00:00Z"},
		{"last thursday", time.UTC, "2024-02-22T00:00:00Z"},
		{"thursday", time.UTC, "2024-02-29T00:00:00Z"},
		{"last week", time.UTC, "2024-02-22T12:34:56.789Z"},
		{"Feb 29", time.UTC, "2024-02-29T00:00:00Z"},
		{"29 feb 2024 3pm", time.UTC, "2024-02-29T15:00:00Z"},
		{"Thu Feb 29 12:00:00 UTC 2024", time.UTC, "2024-02-29T12:00:00Z"},
		{"Thu, 29 Feb 2024 12:00:00 -0800", time.UTC, "2024-02-29T20:00:00Z"},
		{"20240101", time.UTC, "2024-01-01T00:00:00Z"},
		{"20240101 +2 days", time.UTC, "2024-01-03T00:00:00Z"},
		{"1/2/03", time.UTC, "2003-01-02T00:00:00Z"},
		{"12:00 EST", time.UTC, "2024-02-29T17:00:00Z"},
		{`TZ="Asia/Tokyo" 2024-01-01 09:00`, time.UTC, "2024-01-01T00:00:00Z"},
		{"2024-07-01 12:00", ny, "2024-07-01T16:00:00Z"},
		{"2024-03-10 02:30", ny, "invalid"},
		{"2024-02-30", time.UTC, "invalid"},
		{"24:00", time.UTC, "invalid"},
		{"13pm", time.UTC, "invalid"},
		{"bogus", time.UTC, "invalid"},
		{"2024-01-01 2024-01-02", time.UTC, "invalid"},
		{"@1 +1 day", time.UTC, "invalid"},
	}
	for _, tc := range tests {
		got := "invalid"
		if r, ok := Parse(tc.in, now, tc.loc); ok {
			got = r.UTC().Format(time.RFC3339Nano)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestPosixZone(t *testing.T) {
	at := time.Date(2024, 7, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct{ tz, want string }{
		{"UTC+3", "09:00 UTC -0300"},
		{"<+03>-3", "15:00 +03 +0300"},
		{"JST-9", "21:00 JST +0900"},
		{"CET-1CEST,M3.5.0,M10.5.0/3", "14:00 CEST +0200"},
		{"Nowhere", "12:00 Nowhere +0000"},
		{"AB", "12:00  +0000"},
	}
	for _, tc := range tests {
		loc, err := LoadZone(tc.tz)
		if err != nil {
			t.Fatalf("%s: %v", tc.tz, err)
		}
		if diff := cmp.Diff(tc.want, strftime.Format("%H:%M %Z %z", at.In(loc))); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.tz, diff)
		}
	}
}
