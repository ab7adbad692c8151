package tune

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/tooleval/tooleval/internal/atomicfile"
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
	// Written atomically: a failure leaves an existing file as it was.
	return atomicfile.WriteWith(path, 0o644, func(w io.Writer) error {
		if err := WriteConfig(w, cfg); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		return nil
	})
}
