//go:build !unix

package main

import "os/exec"

// killGroupOnCancel leaves cmd as it is: where there are no process groups
// (Windows), its context's cancellation kills cmd only.
func killGroupOnCancel(cmd *exec.Cmd) {}
