//go:build !linux

package uci

// physicalMB returns 0: the physical memory is not read on this system.
func physicalMB() int { return 0 }
