//go:build !amd64

package main

// prefetchChildren fetches the children's table slots ahead of time on
// amd64 (prefetch_amd64.go); elsewhere it does nothing.
func (e *Engine) prefetchChildren(side int, indexKey int32) {}
