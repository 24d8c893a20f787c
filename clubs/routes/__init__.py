"""A club's pages and forms, one blueprint per module; `web.blueprints` finds them all."""

from pathlib import Path

# The room's own templates, searched after the app's (`templates/`): named as before, by file.
TEMPLATES = str(Path(__file__).parent.parent / "templates")
