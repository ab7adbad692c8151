package catalog

import "github.com/tooleval/tooleval/toolcall"

// Join concatenates catalogs into one, in order, as if their tools had
// been loaded from one file (so Select renames and de-duplicates across
// them): every definition each catalog loaded is kept, a name defined by
// two catalogs keeps the first definition and reports the other as
// name_collision (different servers) or duplicate_tool, and the issues of
// every catalog are kept.
func Join(cats ...*Catalog) (*Catalog, error) {
	l := &loader{}
	for _, c := range cats {
		l.entries = append(l.entries, c.all...)
		for _, is := range c.issues {
			if is.Code != "invalid_name" { // found again below
				l.issues = append(l.issues, is)
			}
		}
	}
	tools := make([]toolcall.Tool, len(l.entries))
	metas := make([]toolMeta, len(l.entries))
	for i, e := range l.entries {
		tools[i], metas[i] = e.tool, e.meta
	}
	tools, metas = l.dropDuplicates(tools, metas)
	c, err := newCatalog(tools, metas)
	if err != nil {
		return nil, err
	}
	c.issues = append(l.issues, c.issues...)
	c.all = l.entries
	return c, nil
}
