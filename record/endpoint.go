package record

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// API is the streaming API an endpoint speaks. Its value is also the
// nativeparse format name of the response stream.
type API string

// The APIs a recording can be made against.
const (
	// ChatCompletions is OpenAI-compatible Chat Completions
	// (POST {base}/chat/completions); vLLM, Ollama, llama.cpp servers and
	// most gateways speak it.
	ChatCompletions API = "openai-chat"
	// Responses is the OpenAI Responses API (POST {base}/responses).
	Responses API = "openai-responses"
	// Messages is the Anthropic Messages API (POST {base}/messages).
	Messages API = "anthropic"
)

// APIs lists the API names.
func APIs() []API { return []API{ChatCompletions, Responses, Messages} }

// ParseAPI returns the API called name.
func ParseAPI(name string) (API, bool) {
	for _, a := range APIs() {
		if string(a) == name {
			return a, true
		}
	}
	return "", false
}

// Endpoint is where requests go. Key is a secret: Endpoint's String and
// the errors of this package never include it.
type Endpoint struct {
	API     API
	BaseURL string
	Model   string
	Key     string
	// AnthropicVersion is the anthropic-version header (Messages only).
	AnthropicVersion string
}

// String describes the endpoint without its key.
func (e Endpoint) String() string {
	key := "no key"
	if e.Key != "" {
		key = "key set"
	}
	return fmt.Sprintf("%s %s model %s (%s)", e.API, redactURL(e.BaseURL), e.Model, key)
}

// Secrets lists what must never be written or printed: the key, and the
// values of the base URL's query (a "?key=…" some gateways take).
func (e Endpoint) Secrets() []string {
	out := []string{e.Key}
	if u, err := url.Parse(e.BaseURL); err == nil {
		for _, vs := range u.Query() {
			out = append(out, vs...)
		}
	}
	return out
}

// Redactor removes the endpoint's secrets (see Secrets).
func (e Endpoint) Redactor() *Redactor { return NewRedactor(e.Secrets()...) }

// GoString keeps the key out of %#v too.
func (e Endpoint) GoString() string { return "record.Endpoint{" + e.String() + "}" }

// The environment variables ResolveEndpoint reads, per API family.
var envVars = map[API]struct{ key, base, model, defBase string }{
	ChatCompletions: {"OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "https://api.openai.com/v1"},
	Responses:       {"OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "https://api.openai.com/v1"},
	Messages:        {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL", "https://api.anthropic.com/v1"},
}

// ResolveEndpoint fills what the flags left empty from the usual
// environment variables (getenv is os.Getenv when nil):
//
//	openai-chat, openai-responses: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL
//	anthropic:                     ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL
//
// TOOLEVAL_API_KEY, TOOLEVAL_BASE_URL and TOOLEVAL_MODEL apply to every
// API and win over the provider's variables. The base URL defaults to the
// provider's public API. A model is required; a key is not (local servers
// often need none).
func ResolveEndpoint(api API, baseURL, model, key string, getenv func(string) string) (Endpoint, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	v, ok := envVars[api]
	if !ok {
		return Endpoint{}, fmt.Errorf("record: unknown API %q (want openai-chat, openai-responses or anthropic)", api)
	}
	first := func(vals ...string) string {
		for _, s := range vals {
			if s = strings.TrimSpace(s); s != "" {
				return s
			}
		}
		return ""
	}
	e := Endpoint{
		API:              api,
		BaseURL:          strings.TrimRight(first(baseURL, getenv("TOOLEVAL_BASE_URL"), getenv(v.base), v.defBase), "/"),
		Model:            first(model, getenv("TOOLEVAL_MODEL"), getenv(v.model)),
		Key:              first(key, getenv("TOOLEVAL_API_KEY"), getenv(v.key)),
		AnthropicVersion: "2023-06-01",
	}
	if e.Model == "" {
		return Endpoint{}, fmt.Errorf("record: no model: pass --model or set TOOLEVAL_MODEL or %s", v.model)
	}
	u, err := url.Parse(e.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Endpoint{}, fmt.Errorf("record: base URL %q: want http(s)://host[/path]", redactURL(e.BaseURL))
	}
	if u.User != nil {
		return Endpoint{}, errors.New("record: base URL must not carry credentials; use --api-key or the key variable")
	}
	return e, nil
}

// URL is the endpoint's request URL: the API's path after the base URL's,
// before its query.
func (e Endpoint) URL() string {
	p := "/chat/completions"
	switch e.API {
	case Responses:
		p = "/responses"
	case Messages:
		p = "/messages"
	}
	base, query, ok := strings.Cut(e.BaseURL, "?")
	if !ok {
		return e.BaseURL + p
	}
	return strings.TrimRight(base, "/") + p + "?" + query
}

// redactURL drops a URL's user info and query, which may hold secrets.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	u.User = nil
	u.RawQuery = ""
	return u.String()
}
