package conformance

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// secrets are the markers that must never appear in a run's output.
type secrets struct {
	content, name, sibling, env string
}

func newSecrets() secrets {
	r := func(p string) string {
		b := make([]byte, 8)
		rand.Read(b)
		return p + hex.EncodeToString(b)
	}
	return secrets{r("SECRET-"), r("SECRETNAME-"), r("SIBLING-"), r("ENVSECRET-")}
}

// escapeLayout builds parent/{ws,ws2,outside} and returns parent and the
// workspace.
func escapeLayout(t *testing.T, s secrets) (string, *vfs.FS) {
	dir, ws := vfstest.Workspace(t, map[string]string{
		"../outside/secret.txt":     s.content + "\n",
		"../outside/" + s.name:      "x\n",
		"../outside/run.sh":         "#!/bin/sh\necho " + s.content + "\n",
		"../outside/sub/deeper.txt": s.content + "\n",
		"../ws2/sib.txt":            s.sibling + "\n",
		"a.txt":                     "a\n",
		"sub/in.txt":                "in\n",
		"link-out":                  "->../outside/secret.txt",
		"dir-out":                   "->../outside",
		"sub/up":                    "->../../outside",
	})
	parent := filepath.Dir(dir)
	out := filepath.Join(parent, "outside")
	os.Chmod(filepath.Join(out, "run.sh"), 0o755)
	if err := os.Symlink(filepath.Join(out, "secret.txt"), filepath.Join(dir, "abs-out")); err != nil {
		t.Fatal(err)
	}
	return parent, ws
}

func loadEscapes(t testing.TB) []string {
	f, err := os.Open("testdata/escapes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			cmds = append(cmds, line)
		}
	}
	return cmds
}

// TestEscapes runs every escape attempt and checks that no secret leaks
// and nothing outside the workspace changes.
func TestEscapes(t *testing.T) {
	cmds := loadEscapes(t)
	if len(cmds) < 60 {
		t.Fatalf("only %d escape attempts; the corpus needs at least 60", len(cmds))
	}
	s := newSecrets()
	t.Setenv("SHELLFENCE_ESCAPE_SECRET", s.env)
	for i, cmd := range cmds {
		t.Run(fmt.Sprint(i+1), func(t *testing.T) { checkEscape(t, s, cmd) })
	}
}

func checkEscape(t *testing.T, s secrets, cmd string) {
	parent, ws := escapeLayout(t, s)
	before := vfstest.Outside(parent)
	line := strings.NewReplacer("$OUT", filepath.Join(parent, "outside"),
		"$WS2", filepath.Join(parent, "ws2"), "$SECRETNAME", s.name).Replace(cmd)
	res, err := engine.New(ws).Run(context.Background(), engine.Request{
		Command: line, Timeout: 10 * time.Second, Stdin: strings.NewReader(""),
	})
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	output := string(res.Stdout) + string(res.Stderr)
	for _, secret := range []string{s.content, s.name, s.sibling, s.env} {
		if strings.Contains(output, secret) {
			t.Errorf("%s: leaked %s:\n%s", cmd, secret[:strings.Index(secret, "-")], output)
		}
	}
	if strings.Contains(string(res.Stderr), ": command not found") {
		t.Errorf("%s: uses a command shellfence lacks, so it tests nothing:\n%s", cmd, res.Stderr)
	}
	if after := vfstest.Outside(parent); after != before {
		t.Errorf("%s: changed the outside:\nbefore:\n%s\nafter:\n%s", cmd, before, after)
	}
}
