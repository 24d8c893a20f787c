"""A small load generator for when `wrk` cannot be had, run as its own process.

    python bench/pyclient.py SPEC.json

SPEC holds `host`, `port`, `seconds`, `connections` and `kind`: "get" (`path`, `headers`)
repeats one GET; "submit" posts hands (`batches`: per connection, the edit tokens of the games
to fill; `batch_hands`; `hands`: the form fields of the hands to alternate) and follows each
redirect, one operation; with `hx` the POST and the GET go as htmx sends them, and a POST
answered 200 (the game's new part) is the whole operation. Each connection is a thread with
its own http.client connection (reopened when the server closes it). Prints one line,
`BENCH-RESULT {json}`.

Also home to what every client of the benchmark shares: `hidden_fields`, with which the Python
side of both load generators and the capacity run (bench/tables.py) read a form, the cookie jar
of a phone, and `Line`, the capacity run's open-loop client (HTTP/1.1 over asyncio's sockets).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import math
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

RESULT_MARK = "BENCH-RESULT "
FORM = {"Content-Type": "application/x-www-form-urlencoded"}  # how a form's POST is sent


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


def cookie_header(jar: dict[str, str]) -> dict[str, str]:
    """The Cookie header that sends a phone's cookies back; none while it has none."""
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())} if jar else {}


def keep_cookies(jar: dict[str, str], set_cookies: Iterable[str]) -> None:
    """Keep the name and value of each Set-Cookie an answer carried, as a browser does."""
    for value in set_cookies:
        key, _, rest = value.partition("=")
        jar[key.strip()] = rest.split(";", 1)[0]


class Client:
    """One keep-alive connection with a cookie jar, as a browser tab would hold."""

    def __init__(self, host: str, port: int):
        """Open (lazily) a connection to the server."""
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: str | None = None, headers=None):
        """Send one request; the status, headers and body of the answer."""
        headers = dict(headers or {}) | cookie_header(self.cookies)
        if body is not None:
            headers |= FORM
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        keep_cookies(
            self.cookies, (v for name, v in response.getheaders() if name.lower() == "set-cookie")
        )
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


# --- the open-loop client: HTTP/1.1 over asyncio's sockets -------------------------------------


class Connection:
    """One connection to the server: kept open when the server keeps it (HTTP/1.1
    keep-alive), else a new one for each request, as gunicorn's sync workers close theirs.

    A bare asyncio Protocol: at thousands of requests a second the client's own CPU is taken
    from the server on the same machine, so each step reports it. About 0.3 ms a request
    where this was written, most of it opening the connection (streams cost about the same).
    """

    def __init__(self, host: str, port: int):
        """Nothing is opened until the first request."""
        self.host, self.port = host, port
        self.protocol: Answers | None = None

    def close(self) -> None:
        """Drop the connection, if one is open."""
        if self.protocol is not None:
            self.protocol.transport.close()
            self.protocol = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], list[str], bytes]:
        """Send one request and read its answer: status, headers (lower-case names), the
        Set-Cookie values, body. A kept connection the server closed meanwhile is reopened
        once."""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            reused = self.protocol is not None
            if self.protocol is None or self.protocol.ended:
                _, self.protocol = await loop.create_connection(Answers, self.host, self.port)
            protocol = self.protocol
            try:
                answer = await protocol.ask(message, method)
            except (OSError, ValueError):
                self.close()
                if reused and attempt == 1:
                    continue
                raise
            status, fields, cookies, data, keep = answer
            if not keep:
                self.close()
            return status, fields, cookies, data
        raise AssertionError("unreachable")


class Answers(asyncio.Protocol):
    """Collects the bytes of a connection until the answer to the request sent is whole."""

    def __init__(self):
        """A connection about to open, with nothing asked yet."""
        self.transport: asyncio.Transport
        self.buffer = bytearray()
        self.waiter: asyncio.Future | None = None
        self.method = "GET"
        self.ended = False

    def connection_made(self, transport) -> None:
        """Keep the transport to write requests to."""
        self.transport = transport

    def ask(self, message: bytes, method: str) -> asyncio.Future:
        """Send a request; a future for its answer (see `parse_answer`)."""
        self.method = method
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(message)
        return self.waiter

    def data_received(self, data: bytes) -> None:
        """More of the answer: settle the future once it is whole."""
        self.buffer += data
        self.settle(ended=False)

    def eof_received(self) -> bool:
        """The server closed its side: an answer read to the end is whole now."""
        self.ended = True
        self.settle(ended=True)
        return False  # close the transport

    def connection_lost(self, error: Exception | None) -> None:
        """The connection is gone: whatever was not answered has failed."""
        self.ended = True
        self.settle(ended=True, error=error)

    def settle(self, ended: bool, error: Exception | None = None) -> None:
        """Give the waiting request its answer once it is whole, or its failure."""
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        try:
            answer = parse_answer(self.buffer, self.method, ended)
        except ValueError as bad:
            waiter.set_exception(bad)
            return
        if answer is not None:
            used, result = answer
            del self.buffer[:used]
            waiter.set_result(result)
        elif ended:
            waiter.set_exception(error or ConnectionResetError("closed before the answer"))


class Line:
    """A phone's way to the server: its kept connection when that is idle, else a connection
    for this one request (open-loop, a poll may go out while the last is still waiting)."""

    def __init__(self, port: int):
        """No connection is open until the first request."""
        self.kept = Connection("127.0.0.1", port)
        self.busy = False

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b""):
        """Send one request on the kept connection if it is free, else on a spare one."""
        if self.busy:
            spare = Connection(self.kept.host, self.kept.port)
            try:
                return await spare.request(method, path, headers, body)
            finally:
                spare.close()
        self.busy = True
        try:
            return await self.kept.request(method, path, headers, body)
        except BaseException:  # cut off half-way (a timeout too): never reused
            self.kept.close()
            raise
        finally:
            self.busy = False


def parse_answer(buffer: bytearray, method: str, ended: bool):
    """The HTTP/1.1 answer at the start of the buffer, if it is whole: the bytes it took, and
    (status, headers, Set-Cookie values, body, whether the connection stays open)."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    head = bytes(buffer[:head_end]).decode("latin-1").split("\r\n")
    version, status_text = head[0].split(" ", 2)[:2]
    status = int(status_text)
    fields: dict[str, str] = {}
    cookies = []
    for line in head[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            cookies.append(value)
        fields[name] = value
    keep = version == "HTTP/1.1" and fields.get("connection", "").lower() != "close"
    start = head_end + 4
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        end, data = start, b""
    elif "content-length" in fields:
        end = start + int(fields["content-length"])
        if len(buffer) < end:
            return None
        data = bytes(buffer[start:end])
    elif fields.get("transfer-encoding", "").lower() == "chunked":
        parts, end = [], start
        while True:
            line_end = buffer.find(b"\r\n", end)
            if line_end < 0:
                return None
            size = int(bytes(buffer[end:line_end]).split(b";")[0], 16)
            if len(buffer) < line_end + 2 + size + 2:
                return None
            parts.append(bytes(buffer[line_end + 2 : line_end + 2 + size]))
            end = line_end + 2 + size + 2  # the chunk and its CRLF; the last has no trailer
            if size == 0:
                break
        data = b"".join(parts)
    elif ended:  # the body runs to the end of the connection
        end, data, keep = len(buffer), bytes(buffer[start:]), False
    else:
        return None
    return end, (status, fields, cookies, data, keep)


def main() -> None:
    """Read the spec file named on the command line, run it, print the result line."""
    with open(sys.argv[1], encoding="utf-8") as spec_file:
        spec = json.load(spec_file)
    print(RESULT_MARK + json.dumps(run(spec)), flush=True)


if __name__ == "__main__":
    main()
