package tune

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/tooleval/tooleval/retrieval"
)

// WriteConfig writes cfg in the JSON form retrieval.ParseConfig reads
// (the file `tooleval retrieve --config` and `tooleval replay --config`
// take).
func WriteConfig(w io.Writer, cfg retrieval.Config) error {
	data, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// SaveConfig writes cfg to a file with WriteConfig.
func SaveConfig(path string, cfg retrieval.Config) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := WriteConfig(f, cfg); err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", path, err)
	}
	return f.Close()
}
