//go:build !linux

package niced

import "errors"

// Supported says whether a pool's threads really run at a lowered
// priority on this system: not here, where nice values belong to
// processes, not threads.
const Supported = false

// lowerThreadPriority does nothing: see Supported.
func lowerThreadPriority(int) error { return nil }

// onMainThread is false: threads keep their priority here.
func onMainThread() bool { return false }

// ThreadNice fails with errors.ErrUnsupported: see Supported.
func ThreadNice() (int, error) { return 0, errors.ErrUnsupported }
