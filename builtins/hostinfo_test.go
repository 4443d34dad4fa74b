package builtins_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// fakeHost is a host with known facts.
type fakeHost struct{}

var bootTime = time.Date(2026, 12, 2, 5, 42, 13, 0, time.UTC)

func (fakeHost) Uname() (builtins.HostUname, error) {
	return builtins.HostUname{Sysname: "Linux", Nodename: "vm.example.com", Release: "6.1.0-9-amd64",
		Version: "#1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08)", Machine: "x86_64", OS: "GNU/Linux"}, nil
}

func (fakeHost) User() (builtins.HostUser, error) {
	return builtins.HostUser{UID: 1000, GID: 1000, Name: "dev", Group: "dev", Groups: []int{1000, 27, 999},
		GroupNames: []string{"dev", "sudo", ""}}, nil
}

func (fakeHost) Uptime() (builtins.HostUptime, error) {
	return builtins.HostUptime{Now: bootTime.Add(67*time.Minute + 37*time.Second), Boot: bootTime, Users: 2,
		Load: [3]float64{15.41, 23.826, 0}}, nil
}

func (fakeHost) Memory() (builtins.HostMemory, error) {
	k := uint64(1024)
	return builtins.HostMemory{Total: 24683584 * k, Used: 1170812 * k, Free: 16804024 * k, Shared: 9356 * k,
		Buffers: 40752 * k, Cached: 7000000 * k, Available: 23512772 * k}, nil
}

func (fakeHost) Processes() ([]builtins.HostProcess, error) {
	start := bootTime
	return []builtins.HostProcess{
		{PID: 1, PPID: 0, User: "root", UID: 0, CPU: 0.52, Mem: 0.04, VSZ: 50260, RSS: 16700, TTY: "?", Stat: "S",
			Start: start, CPUTime: 23 * time.Second, Comm: "init", Args: []string{"/sbin/init", "splash"}},
		{PID: 2, PPID: 0, User: "root", TTY: "?", Stat: "S", Start: start, Comm: "kthreadd"},
		{PID: 4242, PPID: 1, User: "dev", UID: 1000, CPU: 12.34, VSZ: 1234567, RSS: 65432, TTY: "?", Stat: "R",
			Start: start.Add(time.Hour), CPUTime: 3725 * time.Second, Comm: "shellfence", Args: []string{"shellfence", "serve"}},
		{PID: 4300, PPID: 4242, User: "dev", UID: 1000, TTY: "pts/0", Stat: "S", Start: start.Add(time.Hour),
			Comm: "bash", Args: []string{"-bash"}},
	}, nil
}

func (fakeHost) Mounts() ([]builtins.HostMount, error) {
	return []builtins.HostMount{
		{Device: "/dev/vda", Path: "/", Type: "ext4", Total: 264212084 * 1024, Used: 23397776 * 1024, Free: 227369700 * 1024},
		{Device: "proc", Path: "/proc", Type: "proc"},
		{Device: "tmpfs", Path: "/dev/shm", Type: "tmpfs", Total: 24683584 * 1024, Free: 24683584 * 1024},
	}, nil
}

func (fakeHost) CPUs(all bool) (int, error) {
	if all {
		return 8, nil
	}
	return 2, nil
}

func TestHostInfoShapes(t *testing.T) {
	now := bootTime.Add(67 * time.Minute)
	e := engine.New(vfstest.Mem(t, "/ws", map[string]string{"a.txt": "x"}), engine.WithHostInfo(fakeHost{}),
		engine.WithClock(func() time.Time { return now }, time.UTC))
	tests := []struct{ cmd, want string }{
		{"uname", "Linux\n"},
		{"uname -a", "Linux vm.example.com 6.1.0-9-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08) x86_64 GNU/Linux\n"},
		{"uname -srm", "Linux 6.1.0-9-amd64 x86_64\n"},
		{"uname -n -o", "vm.example.com GNU/Linux\n"},
		{"uname -p -i", "unknown unknown\n"},
		{"uname -ap", "Linux vm.example.com 6.1.0-9-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08) x86_64 unknown GNU/Linux\n"},
		{"hostname", "vm.example.com\n"},
		{"hostname -s", "vm\n"},
		{"whoami", "dev\n"},
		{"id", "uid=1000(dev) gid=1000(dev) groups=1000(dev),27(sudo),999\n"},
		{"id -u; id -un; id -g; id -gn", "1000\ndev\n1000\ndev\n"},
		{"id -G; id -Gn", "1000 27 999\ndev sudo 999\n"},
		{"id -n; echo $?", "1\n"},
		{"id dev", "uid=1000(dev) gid=1000(dev) groups=1000(dev),27(sudo),999\n"},
		{"id nobody; echo $?", "1\n"},
		{"nproc; nproc --all; nproc --ignore=1; nproc --ignore=5", "2\n8\n1\n1\n"},
		{"uptime", " 06:49:50 up  1:07,  2 users,  load average: 15.41, 23.83, 0.00\n"},
		{"uptime -p", "up 1 hour, 7 minutes\n"},
		{"uptime -s", "2026-12-02 05:42:13\n"},
		{"free", "               total        used        free      shared  buff/cache   available\n" +
			"Mem:        24683584     1170812    16804024        9356     7040752    23512772\n" +
			"Swap:              0           0           0\n"},
		{"free -m", "               total        used        free      shared  buff/cache   available\n" +
			"Mem:           24105        1143       16410           9        6875       22961\n" +
			"Swap:              0           0           0\n"},
		{"free -g | sed -n 2p", "Mem:              23           1          16           0           6          22\n"},
		{"free -h", "               total        used        free      shared  buff/cache   available\n" +
			"Mem:            23Gi       1.1Gi        16Gi       9.1Mi       6.7Gi        22Gi\n" +
			"Swap:             0B          0B          0B\n"},
		{"free -b | sed -n 2p", "Mem:     25275990016  1198911488 17207320576     9580544  7209730048 24077078528\n"},
		{"ps", "  PID TTY          TIME CMD\n 4242 ?        01:02:05 shellfence serve\n"},
		{"ps -e", "  PID TTY          TIME CMD\n    1 ?        00:00:23 /sbin/init splash\n    2 ?        00:00:00 [kthreadd]\n 4242 ?        01:02:05 shellfence serve\n 4300 pts/0    00:00:00 -bash\n"},
		{"ps -ef | head -3", "UID        PID  PPID  C STIME TTY          TIME CMD\nroot         1     0  1 05:42 ?        00:00:23 /sbin/init splash\nroot         2     0  0 05:42 ?        00:00:00 [kthreadd]\n"},
		{"ps aux | sed -n '1p;4p'", "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\ndev       4242 12.3  0.0 1234567 65432 ?        R    06:42  62:05 shellfence serve\n"},
		{"ps -eo pid,ppid,comm | tail -2", " 4242     1 shellfence\n 4300  4242 bash\n"},
		{"ps -o pid=,user= -e | head -1", "    1 root\n"},
		{"ps -o bogus; echo $?", "1\n"},
		{"df", "Filesystem     1K-blocks     Used Available Use% Mounted on\n/dev/vda       264212084 23397776 227369700  10% /\ntmpfs           24683584        0  24683584   0% /dev/shm\n"},
		{"df -hT /ws/a.txt", "Filesystem     Type  Size  Used Avail Use% Mounted on\n/dev/vda       ext4  252G   23G  217G  10% /\n"},
		{"df nope; echo $?", "1\n"},
		{"uname x 2>&1; whoami q 2>&1; nproc z 2>&1; nproc --ignore=v 2>&1; echo $?",
			"uname: extra operand ‘x’\nTry 'uname --help' for more information.\n" +
				"whoami: extra operand ‘q’\nTry 'whoami --help' for more information.\n" +
				"nproc: extra operand ‘z’\nTry 'nproc --help' for more information.\n" +
				"nproc: invalid number: ‘v’\n1\n"},
		{"free -m y 2>&1 | head -3; uptime --bogus 2>&1 | head -3; uptime a >/dev/null 2>&1; echo $?",
			"\nUsage:\n free [options]\nuptime: unrecognized option '--bogus'\n\nUsage:\n1\n"},
		{"id dev nobody 1000 2>&1; echo $?", "uid=1000(dev) gid=1000(dev) groups=1000(dev),27(sudo),999\n" +
			"id: ‘nobody’: no such user\nuid=1000(dev) gid=1000(dev) groups=1000(dev),27(sudo),999\n1\n"},
	}
	for _, tt := range tests {
		res := runNet(t, e, tt.cmd)
		if d := cmp.Diff(tt.want, res.Stdout); d != "" {
			t.Errorf("%s (-want +got):\n%s\nstderr %q", tt.cmd, d, res.Stderr)
		}
	}
}

// TestHostInfoOff: without a HostInfo every command says how to turn it
// on, exit 1.
func TestHostInfoOff(t *testing.T) {
	e := engine.New(vfstest.Mem(t, "/ws", nil))
	for _, name := range []string{"uname", "hostname", "whoami", "id", "uptime", "free", "ps", "df", "nproc"} {
		got := runNet(t, e, name)
		want := name + ": host information is off in this shell (start shellfence with --allow-host-info to allow it)\n"
		if got.Status != 1 || got.Stderr != want || got.Stdout != "" {
			t.Errorf("%s: %+v", name, got)
		}
	}
}
