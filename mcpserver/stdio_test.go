package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/mcpserver"
)

// TestStdioConformance: over stdio (`loci mcp`) a line the SDK cannot
// decode ended the session, and the process, without an answer, and a
// request with id null went unanswered; now each defective line is
// answered with the JSON-RPC error HTTP gives (a notification of an
// unknown method is dropped), the session goes on, and nothing a refused
// line carried is stored.
func TestStdioConformance(t *testing.T) {
	store := graphtest.Store(t)
	d := apptest.Rules(store).MCPDeps()
	d.Tenant = graphtest.Tenant(t, store)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- mcpserver.New(d).Run(ctx, &mcpserver.Stdio{In: inR, Out: outW}) }()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	// Lines are written by their own goroutine, as a client's writes and
	// reads are independent: stdin and stdout are unbuffered pipes here.
	toSend := make(chan string, 64)
	go func() {
		for line := range toSend {
			if _, err := io.WriteString(inW, line+"\n"); err != nil {
				return
			}
		}
		inW.Close()
	}()
	send := func(line string) { toSend <- line }
	// answers reads answers until one carries id until; it returns them by id.
	answers := func(until string) map[string]json.RawMessage {
		t.Helper()
		got := map[string]json.RawMessage{}
		for lines.Scan() {
			var msg struct{ ID json.RawMessage }
			if err := json.Unmarshal(lines.Bytes(), &msg); err != nil {
				t.Fatalf("not a JSON message on stdout: %q", lines.Text())
			}
			got[string(msg.ID)] = append(json.RawMessage(nil), lines.Bytes()...)
			if string(msg.ID) == until {
				return got
			}
		}
		t.Fatalf("stdout ended waiting for id %s: %v (session: %v)", until, lines.Err(), <-served)
		return nil
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	answers(`0`)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	for i, c := range []struct {
		line string
		code int
		id   string // "": no answer
	}{
		{`nope`, -32700, `null`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"`, -32700, `null`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"} x`, -32700, `null`},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600, `null`},
		{`{"jsonrpc":"2.0","id":{},"method":"ping"}`, -32600, `null`},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, `null`},
		{`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`, -32600, `null`},
		{`5`, -32600, `null`},
		{`{"id":6,"method":"ping"}`, -32600, `6`},
		{`{"jsonrpc":"2.0","id":7,"method":"ping","id":8}`, -32600, `null`},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, -32600, `9007199254740993`},
		{`{"jsonrpc":"2.0","id":10,"method":"nope"}`, -32601, `10`},
		{`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"nope","arguments":{}}}`, -32602, `11`},
		{`{"jsonrpc":"2.0","method":"notifications/nope"}`, 0, ``},
		{addTurns(`null`, "refused"), -32600, `null`},
		{`[` + addTurns(`12`, "refused") + `]`, -32600, `null`},
		{strings.Replace(addTurns(`13`, "refused"), `"jsonrpc":"2.0",`, ``, 1), -32600, `13`},
		{strings.Replace(addTurns(`14`, "refused"), `"id":14,`, ``, 1), -32600, `null`},
	} {
		send(c.line)
		sentinel := `"s` + string(rune('a'+i)) + `"`
		send(`{"jsonrpc":"2.0","id":` + sentinel + `,"method":"ping"}`)
		got := answers(sentinel)
		if c.id != "" && got[c.id] == nil {
			got = mergeAnswers(got, answers(c.id)) // the SDK may answer after the sentinel
		}
		if c.id == "" {
			if len(got) != 1 {
				t.Errorf("%s: answered %v, want nothing", c.line, got)
			}
			continue
		}
		var msg struct {
			Error struct{ Code int }
		}
		if err := json.Unmarshal(got[c.id], &msg); err != nil || msg.Error.Code != c.code {
			t.Errorf("%s: %s, want JSON-RPC error %d with id %s", c.line, got[c.id], c.code, c.id)
		}
	}
	send(`{"jsonrpc":"2.0","id":"list","method":"tools/call","params":{"name":"list_conversations","arguments":{}}}`)
	if got := answers(`"list"`); !strings.Contains(string(got[`"list"`]), `\"conversations\":[]`) {
		t.Errorf("after refused lines, list_conversations: %s", got[`"list"`])
	}
	close(toSend)
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	if err := <-served; err != nil {
		t.Errorf("session ended with %v, want a clean end at EOF", err)
	}
}

func mergeAnswers(a, b map[string]json.RawMessage) map[string]json.RawMessage {
	for k, v := range b {
		a[k] = v
	}
	return a
}
