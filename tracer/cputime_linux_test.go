package tracer

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time this OS thread has used (Linux RUSAGE_THREAD):
// on a loaded machine it moves only while the thread runs, so ratios of it
// stay steady where the wall clock's do not. The caller locks its thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
