package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// rulesKey is the config's command_rules: an object from command name to
// {"deny_options": [...], "allow_options": [...]}, read strictly (a
// misspelt key would leave an option allowed).
type rulesKey engine.Rules

func (k *rulesKey) UnmarshalJSON(b []byte) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return err
	}
	if obj == nil {
		return errors.New("want an object from command names to rules")
	}
	rules := engine.Rules{}
	for name, raw := range obj {
		var r engine.Rule
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("%s: %s (a rule has deny_options and allow_options, lists of options)", name, strings.TrimPrefix(err.Error(), "json: "))
		}
		rules[name] = r
	}
	*k = rulesKey(rules)
	return nil
}

// loadRules reads a --rules FILE: a config file, whose command_rules it
// takes, or the rules object itself.
func loadRules(name string) (engine.Rules, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("rules %s: %w", name, jsonError(data, err))
	}
	if inner, ok := top["command_rules"]; ok { // a config file: its rules
		data = inner
	}
	var k rulesKey
	if err := json.Unmarshal(data, &k); err != nil {
		return nil, fmt.Errorf("rules %s: command_rules: %w", name, err)
	}
	if err := engine.CheckRules(engine.Rules(k)); err != nil {
		return nil, fmt.Errorf("rules %s: %w", name, err)
	}
	return engine.Rules(k), nil
}

// rulesFlag is the --rules FILE flag: it reads the file when given.
type rulesFlag struct{ p *engine.Rules }

func (f rulesFlag) String() string { return "" }

func (f rulesFlag) Set(name string) error {
	rules, err := loadRules(name)
	if err != nil {
		return err
	}
	*f.p = rules
	return nil
}

// commandsCmd is shellfence commands: the builtins, or with --rules or
// --allow the effective policy: each allowed command, its rules, and
// whether it can write.
func commandsCmd(args []string, stdout, stderr io.Writer) int {
	f, rest, err := parseRunFlags("commands", args, stderr)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "shellfence commands: unexpected argument %q\n", rest[0])
		return 2
	}
	if f.rules == nil && f.allow == "" {
		builtins.WriteCommandList(stdout, engine.New(vfs.NewMem("/")).Commands())
		return 0
	}
	eng := engine.New(vfs.NewMem("/"), f.engineOptions()...)
	for _, c := range eng.Policy() {
		fmt.Fprintf(stdout, "%-9s %s", c.Name, c.Effect)
		if c.Rule != "" {
			fmt.Fprintf(stdout, "; %s", c.Rule)
		}
		fmt.Fprintln(stdout)
	}
	return 0
}

// rulesFileFlag is serve's --rules FILE.
type rulesFileFlag struct{ s *settings }

func (f rulesFileFlag) String() string { return "" }

func (f rulesFileFlag) Set(name string) error {
	if err := (rulesFlag{&f.s.rules}).Set(name); err != nil {
		return err
	}
	f.s.rulesFile = name
	return nil
}
