"""A small load generator for when `wrk` cannot be had, run as its own process.

    python bench/pyclient.py SPEC.json

SPEC holds `host`, `port`, `seconds`, `connections` and `kind`: "get" (`path`, `headers`)
repeats one GET; "submit" posts hands (`batches`: per connection, the edit tokens of the games
to fill; `batch_hands`; `hands`: the form fields of the hands to alternate) and follows each
redirect, one operation; with `hx` the POST and the GET go as htmx sends them, and a POST
answered 200 (the game's new part) is the whole operation. Each connection is a thread with
its own http.client connection (reopened when the server closes it). Prints one line,
`BENCH-RESULT {json}`.

Also home to `hidden_fields`, which both clients' Python side uses to read a form.
"""

from __future__ import annotations

import http.client
import json
import math
import sys
import threading
import time
from collections import Counter
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

RESULT_MARK = "BENCH-RESULT "


class _HiddenInputs(HTMLParser):
    """Collects the hidden inputs of the form whose action ends with a given path."""

    def __init__(self, action_end: str):
        """Look for the form posting to a URL that ends with `action_end`."""
        super().__init__(convert_charrefs=True)
        self.action_end = action_end
        self.inside = False
        self.found = False
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        """Enter the form, or keep a hidden input inside it."""
        attrs = {k: v or "" for k, v in attrs}
        if tag == "form" and attrs.get("action", "").endswith(self.action_end):
            self.inside = self.found = True
        elif self.inside and tag == "input" and attrs.get("type", "").lower() == "hidden":
            self.fields[attrs.get("name", "")] = attrs.get("value", "")

    def handle_endtag(self, tag):
        """Leave the form."""
        if tag == "form":
            self.inside = False


def hidden_fields(html: str, action_end: str = "/hand") -> dict[str, str]:
    """Every hidden input of the hand form (CSRF token, version, any one-time nonce)."""
    parser = _HiddenInputs(action_end)
    parser.feed(html)
    parser.close()
    if not parser.found:
        raise ValueError(f"no form posting to *{action_end} on the page")
    parser.fields.pop("", None)  # an input without a name sends nothing
    return parser.fields


def percentile(sorted_values: list[float], p: float) -> float:
    """The nearest-rank percentile of already sorted values (0 when there are none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


class Client:
    """One keep-alive connection with a cookie jar, as a browser tab would hold."""

    def __init__(self, host: str, port: int):
        """Open (lazily) a connection to the server."""
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: str | None = None, headers=None):
        """Send one request; the status, headers and body of the answer."""
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, response, data


def get_loop(spec: dict, deadline: float, out: dict) -> None:
    """Repeat one GET until the deadline, noting each latency and status."""
    client = Client(spec["host"], spec["port"])
    latencies, statuses, errors = [], Counter(), 0
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        try:
            status, _, _ = client.send("GET", spec["path"], headers=spec.get("headers"))
        except (OSError, http.client.HTTPException):
            errors += 1
            continue
        latencies.append(time.perf_counter() - started)
        statuses[status] += 1
    out.update(latencies=latencies, statuses=statuses, errors=errors, conflicts=0)


def submit_loop(spec: dict, games: list[str], deadline: float, out: dict) -> None:
    """Post hands to this connection's games until the deadline, each POST and the GET its
    redirect leads to timed as one operation; a new game every `batch_hands` hands."""
    client = Client(spec["host"], spec["port"])
    latencies, statuses, posts, errors, conflicts = [], Counter(), Counter(), 0, 0
    game, in_game, fields = 0, 0, None
    hx = {"HX-Request": "true"} if spec.get("hx") else {}
    while time.perf_counter() < deadline:
        token = games[game % len(games)]
        try:
            if fields is None:
                status, _, body = client.send("GET", f"/g/{token}")
                statuses[status] += 1
                fields = hidden_fields(body.decode())
            started = time.perf_counter()
            form = fields | spec["hands"][in_game % len(spec["hands"])]
            path = f"/g/{token}/hand"
            status, response, body = client.send("POST", path, urlencode(form), headers=hx)
            statuses[status] += 1
            posts[status] += 1
            if status == 409:  # another write came first: the answer has the current form
                conflicts += 1
                fields = hidden_fields(body.decode())
                continue
            if status == 303:
                location = urlsplit(response.getheader("Location"))
                status, _, body = client.send("GET", location.path, headers=hx)
                statuses[status] += 1
            elif not (hx and status == 200):  # htmx's save may answer the new part at once
                errors, fields = errors + 1, None
                continue
            if status != 200:
                errors, fields = errors + 1, None
                continue
            latencies.append(time.perf_counter() - started)
            in_game += 1
            fields = hidden_fields(body.decode())
            if in_game >= spec["batch_hands"]:
                game, in_game, fields = game + 1, 0, None
        except (OSError, http.client.HTTPException, ValueError):
            errors, fields = errors + 1, None
    out.update(
        latencies=latencies, statuses=statuses, errors=errors, conflicts=conflicts, posts=posts
    )


def run(spec: dict) -> dict:
    """Run the spec's connections in threads; the operations, their rate and latencies."""
    deadline = time.perf_counter() + spec["seconds"]
    outs = [{} for _ in range(spec["connections"])]
    threads = []
    for index, out in enumerate(outs):
        if spec["kind"] == "submit":
            games = spec["batches"][index % len(spec["batches"])]
            args = (spec, games, deadline, out)
            threads.append(threading.Thread(target=submit_loop, args=args))
        else:
            threads.append(threading.Thread(target=get_loop, args=(spec, deadline, out)))
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    latencies = sorted(v for out in outs for v in out["latencies"])
    statuses = sum((out["statuses"] for out in outs), Counter())
    posts = sum((out.get("posts", Counter()) for out in outs), Counter())
    return {
        "requests": len(latencies),
        "seconds": seconds,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "errors": sum(out["errors"] for out in outs),
        "conflicts": sum(out["conflicts"] for out in outs),
        "post_statuses": {str(k): v for k, v in sorted(posts.items())},
    }


def main() -> None:
    """Read the spec file named on the command line, run it, print the result line."""
    with open(sys.argv[1], encoding="utf-8") as spec_file:
        spec = json.load(spec_file)
    print(RESULT_MARK + json.dumps(run(spec)), flush=True)


if __name__ == "__main__":
    main()
