//go:build linux

package niced

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// Supported says whether a pool's threads really run at a lowered
// priority on this system.
const Supported = true

// lowerThreadPriority raises the calling thread's nice value by n, at most
// to MaxNice. On Linux a nice value belongs to a thread (its TID).
func lowerThreadPriority(n int) error {
	if n == 0 {
		return nil
	}
	tid := unix.Gettid()
	// The raw getpriority system call returns 20 - nice, so that it is
	// never negative.
	prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
	if err != nil {
		return err
	}
	return unix.Setpriority(unix.PRIO_PROCESS, tid, min(20-prio+n, MaxNice))
}

// onMainThread says whether the caller runs on the process's main thread.
func onMainThread() bool { return unix.Gettid() == unix.Getpid() }

// ThreadNice reads the calling thread's nice value from the kernel
// (/proc/thread-self/stat). The answer is about the thread the goroutine
// runs on now: meaningful on a pool's thread, or after
// runtime.LockOSThread.
func ThreadNice() (int, error) {
	b, err := os.ReadFile("/proc/thread-self/stat")
	if err != nil {
		return 0, err
	}
	// pid (comm) state ppid ...: the command may hold spaces and
	// parentheses, so fields are counted from the last ')'. nice is field
	// 19, the 17th after it.
	i := bytes.LastIndexByte(b, ')')
	fields := bytes.Fields(b[i+1:])
	if i < 0 || len(fields) < 17 {
		return 0, fmt.Errorf("niced: unexpected /proc/thread-self/stat %q", b)
	}
	return strconv.Atoi(string(fields[16]))
}
