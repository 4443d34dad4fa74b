//go:build !unix

package main

import (
	"os"
	"runtime"

	"github.com/shirou/gopsutil/v4/host"

	"github.com/shellfence/shellfence/builtins"
)

// uname gathers uname's fields from gopsutil where the kernel has no
// uname call (Windows).
func uname() (builtins.HostUname, error) {
	info, err := host.Info()
	if err != nil {
		return builtins.HostUname{}, err
	}
	name, _ := os.Hostname()
	return builtins.HostUname{Sysname: info.OS, Nodename: name, Release: info.KernelVersion,
		Version: info.PlatformVersion, Machine: info.KernelArch, OS: runtime.GOOS}, nil
}
