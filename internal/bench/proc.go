package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Sizes and memory read from the file system and /proc (Linux only).

// duBytes sums the sizes of the files under dir (what du --apparent-size
// reports), 0 when it does not exist.
func duBytes(dir string) (int64, error) {
	var total int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total, err
}

// peakRSS returns the peak resident set size (VmHWM, in MiB) of process
// pid ("self" for this one).
func peakRSS(pid string) (int64, error) { return procStatusMiB(pid, "VmHWM:") }

// procStatusMiB reads one kB line (VmRSS:, VmHWM:) of /proc/pid/status in MiB.
func procStatusMiB(pid, field string) (int64, error) {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0, err
	}
	return parseStatusMiB(string(b), field)
}

// parseStatusMiB reads the kB line field (e.g. "VmHWM:") of a
// /proc/PID/status text, in MiB.
func parseStatusMiB(status, field string) (int64, error) {
	for _, line := range strings.Split(status, "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			if len(f) != 2 || f[1] != "kB" {
				return 0, fmt.Errorf("%s unexpected %q", field, line)
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("%s %w", field, err)
			}
			return kb / 1024, nil
		}
	}
	return 0, errors.New("no " + field + " line (not Linux?)")
}
