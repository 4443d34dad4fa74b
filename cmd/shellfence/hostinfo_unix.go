//go:build unix

package main

import (
	"golang.org/x/sys/unix"

	"github.com/shellfence/shellfence/builtins"
)

// uname asks the kernel, as coreutils' uname does.
func uname() (builtins.HostUname, error) {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return builtins.HostUname{}, err
	}
	s := func(b []byte) string { return unix.ByteSliceToString(b) }
	return builtins.HostUname{Sysname: s(u.Sysname[:]), Nodename: s(u.Nodename[:]), Release: s(u.Release[:]),
		Version: s(u.Version[:]), Machine: s(u.Machine[:]), OS: osName(s(u.Sysname[:]))}, nil
}

// osName is uname -o's answer.
func osName(sysname string) string {
	if sysname == "Linux" {
		return "GNU/Linux"
	}
	return sysname
}
