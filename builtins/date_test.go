package builtins_test

import "testing"

func TestDate(t *testing.T) {
	runLines(t, map[string]string{"dates": "@0\nbad\n2000-01-01 10:00\n"}, []lineCase{
		{name: "now", cmd: "date", stdout: "Thu Feb 29 12:34:56 UTC 2024\n"},
		{name: "now-ns", cmd: "date +%s.%N", stdout: "1709210096.789000000\n"},
		{name: "tz-prefix", cmd: "TZ=Asia/Kolkata date -d @0 '+%F %T %Z'", stdout: "1970-01-01 05:30:00 IST\n"},
		{name: "tz-assign", cmd: "TZ=Asia/Tokyo; date -d @0 +%H", stdout: "09\n"},
		{name: "utc", cmd: "TZ=Asia/Tokyo date -u +%H:%M", stdout: "12:34\n"},
		{name: "relative", cmd: "date -d yesterday +%F; date -d 'next monday' '+%F %T'", stdout: "2024-02-28\n2024-03-04 00:00:00\n"},
		{name: "iso", cmd: "date -Iseconds", stdout: "2024-02-29T12:34:56+00:00\n"},
		{name: "batch", cmd: "date -f dates +%F", stdout: "1970-01-01\n2000-01-01\n",
			stderr: "date: invalid date ‘bad’\n", status: 1},
		{name: "set", cmd: "date -s @0", stdout: "Thu Jan  1 00:00:00 UTC 1970\n",
			stderr: "date: cannot set date: Operation not permitted\n", status: 1},
		{name: "set-operand", cmd: "date 010203042024", stdout: "Tue Jan  2 03:04:00 UTC 2024\n",
			stderr: "date: cannot set date: Operation not permitted\n", status: 1},
		{name: "bad-operand", cmd: "date 1301", stderr: "date: invalid date ‘1301’\n", status: 1},
		{name: "debug", cmd: "date --debug", stderr: "date: unsupported option --debug (shellfence does not implement it)\n", status: 2},
	})
}
