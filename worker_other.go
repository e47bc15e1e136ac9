//go:build !(js && wasm)

package main

// Outside a browser there is no Web Worker (worker_js.go): main reads
// standard input, and the search's stop poll has nothing to yield to.

// runWorker reports that the program does not run in a Web Worker.
func runWorker() bool { return false }

// pollHost does nothing: the protocols' input is read on a thread of its own.
func pollHost() {}

// hostSearching does nothing: the table's fault-in runs on a thread of its own.
func hostSearching(bool) {}

// waitHost does nothing: there is no warm-up to wait for (worker_js.go).
func waitHost() {}

// endWarmUp does nothing: there is no warm-up to end (worker_js.go).
func endWarmUp() {}
