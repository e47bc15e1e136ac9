//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel starts cmd in a process group of its own and has its
// context's cancellation kill the whole group, not only cmd.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
