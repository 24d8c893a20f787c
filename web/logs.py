"""Keeping links out of the logs: a link is the only key to a game, a table or a tournament."""

from __future__ import annotations

import logging
import re

from web import SECRET_LINKS

LINK = re.compile(f"({'|'.join(map(re.escape, SECRET_LINKS))})/[A-Za-z0-9_-]+")
HIDDEN = r"\1/…"


def redact(text: str) -> str:
    """The text with every link's token replaced by an ellipsis."""
    return LINK.sub(HIDDEN, text)


class RedactLinks(logging.Filter):
    """A log filter that removes link tokens from the message and from its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; every record is kept."""
        record.msg = redact(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def redact_handlers(logger: logging.Logger) -> None:
    """Filter every handler of a logger (a filter on the logger would miss records that its
    children pass up), and the logger itself."""
    logger.addFilter(RedactLinks())
    for handler in logger.handlers:
        handler.addFilter(RedactLinks())
