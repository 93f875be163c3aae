//go:build !unix

package topics

import "time"

// cpuTime is unknown off unix; benchmarks then report 0 CPU time.
func cpuTime() time.Duration { return 0 }
