package main

import (
	"os"
	"strings"
	"testing"
)

// imageUID is the numeric user the container image runs as.
const imageUID = 65532

// TestDockerfile checks the image the Dockerfile describes against what
// TestChrootImage runs: a scratch image with only the static binary, the
// numeric user, /workspace, and serve --http :8080 with JSON logs. (The
// machines that test have no container runtime; this reads the file.)
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	stages := strings.Split(string(data), "\nFROM ")
	final := stages[len(stages)-1]
	want := []string{
		"scratch\n",
		"COPY --from=build /out/shellfence /shellfence\n",
		"USER 65532:65532\n",
		"WORKDIR /workspace\n",
		`ENTRYPOINT ["/shellfence"]` + "\n",
		`CMD ["serve", "--http", ":8080", "--log-format", "json"]` + "\n",
	}
	for _, w := range want {
		if !strings.Contains(final, w) {
			t.Errorf("the final stage has no %q", strings.TrimSpace(w))
		}
	}
	if strings.Contains(final, "RUN ") || strings.Count(final, "COPY ") != 2 {
		t.Errorf("the final stage must only copy the binary and the workspace directory:\n%s", final)
	}
	if len(stages) < 3 || !strings.Contains(stages[len(stages)-2], "CGO_ENABLED=0 go build -trimpath") {
		t.Error("the build stage does not build the static binary")
	}
	if imageUID != 65532 {
		t.Errorf("TestChrootImage runs as %d, the image as 65532", imageUID)
	}
}
