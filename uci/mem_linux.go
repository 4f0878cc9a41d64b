package uci

import "syscall"

// physicalMB returns the machine's physical memory in megabytes, or 0 when
// it cannot be read.
func physicalMB() int {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return int(uint64(si.Totalram) * uint64(si.Unit) >> 20)
}
