"""gunicorn settings for `make run`; the bind address comes from the command line."""

import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY", min(4, multiprocessing.cpu_count() * 2)))
worker_class = "sync"
timeout = 30
# Game links are the only keys to a game: log the method and status, never the path.
accesslog = "-"
access_log_format = '%(h)s "%(m)s" %(s)s %(b)s %(M)sms'
# The client address in the access log is the one the app settled on (PROXY_HOPS, ProxyFix).


def on_starting(server):
    """Keep game links out of gunicorn's own logs too (a link is the only key to a game)."""
    from web.logs import redact_handlers

    redact_handlers(server.log.error_log)
    redact_handlers(server.log.access_log)
