"""The forms of a table's pages."""
