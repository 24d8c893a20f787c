"""gunicorn settings for `make run`; the bind address comes from the command line."""

import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY", min(4, multiprocessing.cpu_count() * 2)))
worker_class = "sync"
timeout = 30
# Game links are the only keys to a game: log the method and status, never the path.
accesslog = "-"
access_log_format = '%(h)s "%(m)s" %(s)s %(b)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
