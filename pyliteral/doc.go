// Package pyliteral reads tool calls written in Python call syntax —
// `[get_weather(city='Paris', days=3), now()]` — the form BFCL's prompting
// models answer in and the body of the `pythonic` and `olmo3` text dialects.
// Values are Python literals (strings in every quote style, numbers,
// True/False/None, lists, tuples, dicts) and come out as JSON.
//
// It is the project's one Python-literal reader: the BFCL importer and the
// text parsers both use it.
package pyliteral
