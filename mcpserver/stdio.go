package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the stdio transport of `loci mcp`: newline-delimited JSON-RPC
// messages read from In and written to Out, each line judged by the same
// checks as a POST to /mcp before the SDK reads it. The SDK's own stdio
// transport ends the session, and so the process, at the first line it
// cannot decode (not JSON, a batch, an id of the wrong type, a missing
// "jsonrpc"), without an answer, and never answers a request whose id is
// null; here such a line is answered with its JSON-RPC error (or dropped,
// as a notification of a method the server does not know is) and the
// session goes on. Each message is one line, as MCP's stdio transport
// requires (messages "MUST NOT contain embedded newlines"): the SDK also
// read a message pretty-printed over several lines, which is now a parse
// error per line, so one cut-off line cannot swallow the next message.
type Stdio struct {
	In  io.Reader
	Out io.Writer
}

// Connect implements mcp.Transport.
func (s *Stdio) Connect(ctx context.Context) (mcp.Connection, error) {
	pr, pw := io.Pipe()
	out := &lineWriter{w: s.Out}
	go feed(s.In, pw, out)
	return (&mcp.IOTransport{Reader: pr, Writer: out, MaxLineLength: -1}).Connect(ctx)
}

// lineWriter serializes whole-message writes (the SDK writes each message
// with its newline in one call) with the refusals feed writes.
type lineWriter struct {
	sync.Mutex
	w io.Writer
}

func (l *lineWriter) Write(b []byte) (n int, err error) {
	l.Lock()
	n, err = l.w.Write(b)
	l.Unlock()
	return n, err
}

func (l *lineWriter) Close() error { return nil }

// feed reads in line by line and passes each line that precheck passes to
// the SDK through sdk; it answers the others on out. A line longer than
// MaxRequestBytes is skipped with an error; at the end of in, sdk is
// closed, which ends the session.
func feed(in io.Reader, sdk *io.PipeWriter, out io.Writer) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, MaxRequestBytes)
		switch {
		case tooLong:
			_, _ = out.Write(append(rpcError(nil, codeInvalidRequest, fmt.Sprintf("invalid request: a message is at most %d bytes", MaxRequestBytes)), '\n'))
		case len(bytes.TrimSpace(line)) > 0:
			v := precheck(line)
			var werr error
			if v.status == 0 {
				_, werr = sdk.Write(append(bytes.TrimRight(line, "\r\n"), '\n'))
			} else if v.body != nil {
				_, werr = out.Write(append(v.body, '\n'))
			}
			if werr != nil {
				return
			}
		}
		if err != nil {
			sdk.CloseWithError(ignoreEOF(err))
			return
		}
	}
}

// readLine reads one line, keeping no more than limit bytes of it: a
// longer line is dropped to its end and reported as tooLong.
func readLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > limit+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, tooLong, err
		}
	}
}

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
