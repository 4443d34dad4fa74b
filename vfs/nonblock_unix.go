//go:build unix

package vfs

import "syscall"

// openNonblock is added to every open. It changes nothing for regular
// files and directories, but a FIFO then opens at once instead of
// blocking in open(2) until the other end comes, which would leave a
// thread behind after the run: a read with no writer sees the end of the
// input, a write with no reader fails with "No such device or address",
// and reads that wait go through the runtime's poller, where a deadline
// (the run's end) stops them.
const openNonblock = syscall.O_NONBLOCK
