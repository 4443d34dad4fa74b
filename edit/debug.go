package edit

import (
	"fmt"
	"io"
)

// debugf writes a --debug line to standard output.
func (m *machine) debugf(format string, args ...any) {
	m.stdout.write([]byte(fmt.Sprintf(format, args...)))
}

func (m *machine) debugInput()               {}
func (m *machine) debugCommand(c *command)   {}
func (m *machine) debugSpace(string, []byte) {}
func (m *machine) debugPattern()             {}

// DebugProgram writes the program as --debug shows it.
func (p *Program) DebugProgram(w io.Writer) {}
