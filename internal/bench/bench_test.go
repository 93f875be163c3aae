package bench

import "testing"

// TestPeakRSS: VmHWM is read from /proc, in MiB, and a malformed status
// is an error rather than a zero.
func TestPeakRSS(t *testing.T) {
	mib, err := peakRSS("self")
	if err != nil {
		t.Fatal(err)
	}
	if mib < 1 || mib > 64<<10 {
		t.Errorf("peak RSS of the test process %d MiB", mib)
	}
	if got, err := parseStatusMiB("Name:\tloci\nVmHWM:\t  553984 kB\nVmRSS:\t 1 kB\n", "VmHWM:"); err != nil || got != 541 {
		t.Errorf("parse = %d, %v; want 541", got, err)
	}
	for _, bad := range []string{"Name:\tloci\n", "VmHWM:\t12 MB\n", "VmHWM:\tx kB\n"} {
		if _, err := parseStatusMiB(bad, "VmHWM:"); err == nil {
			t.Errorf("parse(%q) gave no error", bad)
		}
	}
}
