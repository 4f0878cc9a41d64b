package loadtest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat
// (100 on every Linux platform Go supports).
const clockTicks = 100

// procSample is a reading of a process's CPU time and memory.
type procSample struct {
	at       time.Time
	cpu      time.Duration // user + system
	rss, hwm int64         // bytes: resident now, and its peak (VmHWM)
}

// ServerStats is the server's CPU and memory over a run (Linux /proc).
type ServerStats struct {
	CPU        time.Duration // user + system time used during the run
	CPUPercent float64       // of one core, averaged over the run
	RSS        int64         // bytes resident at the end
	PeakRSS    int64         // bytes, the process's peak (VmHWM, since it started)
}

func (s *ServerStats) String() string {
	return fmt.Sprintf("cpu %v (%.0f%% of one core) rss %.1f MB peak %.1f MB", s.CPU.Round(time.Millisecond), s.CPUPercent, float64(s.RSS)/1e6, float64(s.PeakRSS)/1e6)
}

// sampleProc reads /proc/<pid>/stat (fields 14 utime and 15 stime, in
// clock ticks) and /proc/<pid>/status (VmRSS, VmHWM in kB).
func sampleProc(pid int) (*procSample, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil, fmt.Errorf("loadtest: server process %d: %w", pid, err)
	}
	// the command name (field 2) is in parentheses and may hold spaces
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil, fmt.Errorf("loadtest: /proc/%d/stat: no command field", pid)
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 13 {
		return nil, fmt.Errorf("loadtest: /proc/%d/stat: %d fields", pid, len(f)+2)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("loadtest: /proc/%d/stat: utime %q stime %q", pid, f[11], f[12])
	}
	p := &procSample{at: time.Now(), cpu: time.Duration(ut+st) * time.Second / clockTicks}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return nil, fmt.Errorf("loadtest: server process %d: %w", pid, err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmRSS":
			p.rss = kb << 10
		case "VmHWM":
			p.hwm = kb << 10
		}
	}
	return p, nil
}

func statsOf(a, b *procSample) *ServerStats {
	s := &ServerStats{CPU: b.cpu - a.cpu, RSS: b.rss, PeakRSS: b.hwm}
	if el := b.at.Sub(a.at); el > 0 {
		s.CPUPercent = 100 * s.CPU.Seconds() / el.Seconds()
	}
	return s
}
