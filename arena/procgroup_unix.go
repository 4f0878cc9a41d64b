//go:build unix

package arena

import (
	"os/exec"
	"syscall"
)

// ownGroup runs cmd in a process group of its own, so that killGroup ends
// the engine together with what its shell started (sh -c does not always
// exec the command).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills cmd's process group (the shell, the engine and their
// children).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
