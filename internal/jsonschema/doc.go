// Package jsonschema validates decoded JSON values against the part of JSON
// Schema (draft 2020-12, with the draft-07 spellings tool catalogs still
// use) that tool parameter schemas and tooleval's own suite schema are
// written in, and reports every violation as a structured Error: the
// instance location, the keyword that failed and its details (missing
// properties, wanted types, the alternatives of anyOf/oneOf), so callers
// map them to their own codes and messages.
//
// It exists for start-up time (issue 24): the general-purpose validator
// tooleval used before compiled every draft's meta-schemas in its package
// init, 10–60 ms in every command of the binary whether or not it checked
// anything. Here nothing happens before Compile.
//
// Supported: boolean schemas; type, enum, const; properties, required,
// additionalProperties, patternProperties, unevaluatedProperties (the
// members no properties, patternProperties or additionalProperties
// evaluated here or in the subschemas applied in place and satisfied:
// $ref, allOf, anyOf/oneOf alternatives, if/then/else, dependentSchemas),
// propertyNames, minProperties, maxProperties, dependentRequired,
// dependentSchemas and draft-07 dependencies; items (a schema, or draft-07's array form with
// additionalItems), prefixItems, contains, minContains, maxContains,
// minItems, maxItems, uniqueItems; minLength, maxLength, pattern (Go's
// regexp syntax); minimum, maximum, exclusiveMinimum, exclusiveMaximum
// (numbers, or draft-04's booleans), multipleOf; allOf, anyOf, oneOf, not,
// if/then/else; $ref to a JSON pointer within the same document ("#",
// "#/$defs/x", "#/definitions/x", or the document's own $id followed by
// one) and to a $anchor. Annotations (title, description, default,
// examples, format, deprecated, …) and unknown keywords are ignored, as the
// specification says. Compile rejects what it cannot honour instead of
// ignoring it: unevaluatedItems, $dynamicRef, $recursiveRef and
// references to other documents.
package jsonschema
