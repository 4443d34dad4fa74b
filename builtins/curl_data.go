package builtins

// curl's request body: -d, --data-binary, --data-raw, --data-urlencode,
// joined with "&", and -G, which puts them in the query instead.

import (
	"bytes"
	"fmt"
	"strings"
)

type curlDataKind int

const (
	curlASCII     curlDataKind = iota // -d: @FILE read with CR and LF removed
	curlBinary                        // --data-binary: @FILE read as is
	curlRaw                           // --data-raw: no @ files
	curlURLEncode                     // --data-urlencode: [NAME]=CONTENT, [NAME]@FILE
)

type curlData struct {
	kind  curlDataKind
	value string
}

// curlBody joins the data parts; warnings go to standard error unless
// silent.
func (p *Proc) curlBody(c *curlConfig) ([]byte, error) {
	var parts [][]byte
	for _, d := range c.data {
		b, err := p.curlPart(c, d)
		if err != nil {
			return nil, err
		}
		parts = append(parts, b)
	}
	body := bytes.Join(parts, []byte("&"))
	return body, p.hold(int64(len(body)))
}

func (p *Proc) curlPart(c *curlConfig, d curlData) ([]byte, error) {
	switch d.kind {
	case curlRaw:
		return []byte(d.value), nil
	case curlURLEncode:
		return p.curlEncoded(c, d.value), nil
	}
	name, ok := strings.CutPrefix(d.value, "@")
	if !ok {
		return []byte(d.value), nil
	}
	b := p.curlDataFile(c, name)
	if d.kind == curlASCII {
		b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r"), nil), []byte("\n"), nil)
	}
	return b, nil
}

// curlDataFile reads a data file; one that cannot be read gives curl's
// warning and nothing.
func (p *Proc) curlDataFile(c *curlConfig, name string) []byte {
	b, err := p.curlReadFile(name)
	if err != nil && !c.silent {
		p.Errorf("Couldn't read data from file \"%s\", this makes an empty POST.", name)
	}
	return b
}

// curlEncoded is one --data-urlencode part.
func (p *Proc) curlEncoded(c *curlConfig, v string) []byte {
	eq := strings.IndexByte(v, '=')
	at := strings.IndexByte(v, '@')
	switch {
	case eq >= 0 && (at < 0 || eq < at):
		return curlJoinName(v[:eq], curlEscape(v[eq+1:]))
	case at >= 0:
		return curlJoinName(v[:at], curlEscape(string(p.curlDataFile(c, v[at+1:]))))
	}
	return []byte(curlEscape(v))
}

func curlJoinName(name, value string) []byte {
	if name == "" {
		return []byte(value)
	}
	return []byte(name + "=" + value)
}

// curlEscape percent-encodes s as curl does for form data: letters,
// digits and -._~ stay, a space is +, every other byte %XX.
func curlEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~", c) >= 0:
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
