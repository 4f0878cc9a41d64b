//go:build !unix

package arena

import "os/exec"

// ownGroup does nothing where process groups are not available.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the engine's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
