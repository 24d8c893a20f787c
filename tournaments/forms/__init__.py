"""The forms of a tournament's pages: the new tournament, a late team, a substitute, a ruling's
award and the playoff."""
