package strftime

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStrftime(t *testing.T) {
	kol, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Skip("no zoneinfo")
	}
	at := time.Date(2024, 2, 29, 15, 4, 5, 120000000, kol)
	tests := []struct{ f, want string }{
		{"%Y-%m-%d %H:%M:%S", "2024-02-29 15:04:05"},
		{"%a %A %b %B %h", "Thu Thursday Feb February Feb"},
		{"%c", "Thu Feb 29 15:04:05 2024"},
		{"%D %F %T %R %r %x %X", "02/29/24 2024-02-29 15:04:05 15:04 03:04:05 PM 02/29/24 15:04:05"},
		{"%e|%-e|%_d|%k|%l|%I|%p|%P", "29|29|29|15| 3|03|PM|pm"},
		{"%j %U %W %V %G %g %u %w %q %C %y", "060 08 09 09 2024 24 4 4 1 20 24"},
		{"%z %:z %::z %:::z %Z", "+0530 +05:30 +05:30:00 +05:30 IST"},
		{"%s", "1709199245"},
		{"%N %3N %6N %-N %_6N", "120000000 120 120000 120000000 12    "},
		{"%^a %#b %#Z %^B %10A|%-10A|%010d", "THU FEB ist FEBRUARY   Thursday|Thursday|0000000029"},
		{"%5%|%-%|%q|%%|%J|%", "   %5%|%-%|1|%|%J|%"},
		{"%Ey %EY %Od %Ed %Ox", "24 2024 29 %Ed %Ox"},
		{"%n%t", "\n\t"},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, Format(tc.f, at)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.f, diff)
		}
	}
}
