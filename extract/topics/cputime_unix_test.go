//go:build unix

package topics

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) the process has used, so that
// benchmarks can report it beside wall time on a busy machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
