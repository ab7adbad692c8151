package replay

import (
	"fmt"

	"github.com/tooleval/tooleval/catalog"
)

// loadCatalog reads the catalog file a case names.
func loadCatalog(fsys files, display string, max int64) (*catalog.Catalog, error) {
	data, err := fsys.ReadFile(display, max)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", display, readErr(err))
	}
	cat, err := catalog.Parse(data, display)
	if err != nil {
		return nil, err
	}
	if cat.Len() == 0 {
		return nil, fmt.Errorf("%s: the catalog has no tools", display)
	}
	return cat, nil
}
