"""A table's pages and forms; `web.blueprints` finds the blueprint."""

from pathlib import Path

# The room's own templates, searched after the app's (`templates/`): named as before, by file.
TEMPLATES = str(Path(__file__).parent.parent / "templates")
