//go:build ignore

// serve is the static file server of scripts/web.sh serve: it serves a
// folder (the repository, so that the page's "how it works" links reach the
// Go files) on localhost, with nothing but Go's standard library. Any static
// file server will do as well; the page needs only that umax.wasm is served
// as application/wasm, which Go's file server does.
//
//	go run scripts/serve.go [-port 8000] [folder]
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
)

func main() {
	port := flag.Int("port", 8000, "the port to serve on, on 127.0.0.1")
	flag.Parse()
	dir := "."
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	if _, err := os.Stat(dir); err != nil {
		log.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", *port)
	fmt.Printf("serving %s on http://%s/ (Ctrl-C stops the server)\n", dir, addr)
	log.Fatal(http.ListenAndServe(addr, http.FileServer(http.Dir(dir))))
}
