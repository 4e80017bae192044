//go:build !linux

package tracer

import "time"

var cpuStart = time.Now()

// threadCPU is the wall clock where a thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Since(cpuStart) }
