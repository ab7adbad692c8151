// Package texttable is the one table printer of every tooleval command:
// a table is column names, which columns hold numbers, and rows of cells;
// Text draws it as a box (olekukonko/tablewriter, numbers right-aligned,
// cells escaped for the terminal) and Markdown as a GitHub table. The
// table style lives here and nowhere else.
package texttable
