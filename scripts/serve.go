//go:build ignore

// serve is the static file server of scripts/web.sh serve: it serves a
// folder (the repository, so that the page's "how it works" links reach the
// Go files) with nothing but Go's standard library. Any static file server
// will do as well; the page needs only that umax.wasm is served as
// application/wasm, which Go's file server does.
//
//	go run scripts/serve.go [-addr 127.0.0.1] [-port 8000] [-page /web/] [folder]
//
// It says the page's address once it listens, and not before; a port that
// is taken it says so, and exits with status 1; SIGINT (Ctrl-C) and SIGTERM
// end it cleanly: it stops listening, lets the requests under way finish
// (a second at most), and exits with status 0. -addr 0.0.0.0 (or ::)
// serves on every address of the machine, as a container or a virtual
// machine needs; -port 0 takes a free port, which the message names.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1", "the address to listen on: 127.0.0.1 this machine only, 0.0.0.0 or :: every address (containers, virtual machines)")
	port := flag.Int("port", 8000, "the port to listen on (0: any free one)")
	page := flag.String("page", "/", "the path of the page the message names")
	flag.Parse()
	dir := "."
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		fmt.Fprintf(os.Stderr, "serve: %s is not a folder to serve\n", dir)
		os.Exit(2)
	}
	if *port < 0 || *port > 65535 {
		fmt.Fprintf(os.Stderr, "serve: -port %d: want a port from 0 to 65535\n", *port)
		os.Exit(2)
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(*addr, strconv.Itoa(*port)))
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		fmt.Fprintf(os.Stderr, "serve: port %d on %s is taken: another program listens there (ss -ltnp shows which); give another port\n", *port, *addr)
		os.Exit(1)
	case err != nil:
		fmt.Fprintf(os.Stderr, "serve: cannot listen on %s port %d: %v\n", *addr, *port, err)
		os.Exit(1)
	}
	bound := listener.Addr().(*net.TCPAddr)
	host := *addr
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost" // every address: this machine's too
	}
	fmt.Printf("serving %s on http://%s%s (Ctrl-C stops the server)\n", dir, net.JoinHostPort(host, strconv.Itoa(bound.Port)), *page)
	if host == "localhost" {
		fmt.Printf("listening on every address of this machine (%s): from elsewhere, use this machine's address and port %d\n", bound, bound.Port)
	}
	server := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- server.Serve(listener) }()
	select {
	case err := <-served:
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	server.Shutdown(shutdown) // stops listening at once; the requests under way get a second
	server.Close()
	fmt.Println("serve: stopped")
}
