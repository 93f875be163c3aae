package casefile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cases.txt")
	text := "# a comment | with a bar\n\n  plain |  spaced out  \n\"  kept  \" | \"\"\nx | \"a\\tb\"\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"plain", "spaced out"}, {"  kept  ", ""}, {"x", "a\tb"}}
	if got := Read(t, path, 2); !reflect.DeepEqual(got, want) {
		t.Errorf("Read = %q, want %q", got, want)
	}
	if got := Read(t, path, -1); !reflect.DeepEqual(got, want) {
		t.Errorf("Read with at least one field = %q, want %q", got, want)
	}
	if got := Lines(t, filepath.Join("testdata", "lines.txt")); !reflect.DeepEqual(got, []string{"one", "two words"}) {
		t.Errorf("Lines = %q", got)
	}
}

// fatalTB records the first fatal failure and ends the goroutine there, as
// testing.T does.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatal(args ...any) { f.msg = fmt.Sprint(args...); runtime.Goexit() }

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestReadFails(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{"a | b | c\n", "3 fields, want 2"},
		{"a | \"b\n", "field 2"},
		{"# only a comment\n\n", "no cases"},
	} {
		path := filepath.Join(dir, "cases.txt")
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		tb := &fatalTB{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			Read(tb, path, 2)
		}()
		<-done
		if !strings.Contains(tb.msg, c.want) {
			t.Errorf("%q: failure %q, want one saying %q", c.text, tb.msg, c.want)
		}
	}
}
