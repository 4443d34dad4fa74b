package tools

import (
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// setDefault gives the property name of s the default v.
func setDefault(s *jsonschema.Schema, name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("default of %s: %v", name, err))
	}
	prop(s, name).Default = b
}

// setEnum limits the property name of s to values.
func setEnum(s *jsonschema.Schema, name string, values ...any) {
	prop(s, name).Enum = values
}

func prop(s *jsonschema.Schema, name string) *jsonschema.Schema {
	p, ok := s.Properties[name]
	if !ok {
		panic("schema has no property " + name)
	}
	return p
}

// stringOrList makes p take a string or a list of strings.
func stringOrList(p *jsonschema.Schema) {
	p.Type, p.Types, p.Items = "", nil, nil
	p.AnyOf = []*jsonschema.Schema{{Type: "string"}, {Type: "array", Items: &jsonschema.Schema{Type: "string"}}}
}

// boolOrStrings makes p take a boolean, a string or a list of strings.
func boolOrStrings(p *jsonschema.Schema) {
	stringOrList(p)
	p.Properties, p.Required, p.AdditionalProperties = nil, nil, nil
	p.AnyOf = append([]*jsonschema.Schema{{Type: "boolean"}}, p.AnyOf...)
}
