"""The load generators: `wrk` with a Lua script when it is installed, else `bench/pyclient.py`.

Both run as their own processes on loopback, bounded in time, and answer the same dict:
`requests` (operations completed), `seconds`, `rps`, `p50_ms`, `p99_ms`, `statuses` (status
code -> count), `errors` and `conflicts`.

A "get" target repeats one GET with fixed headers (wrk's own latency histogram). A "submit"
target gives each connection its own thread and games: GET the game page, then repeatedly
POST a hand with every hidden input of the form and follow the 303 to the game page, whose
form carries the next version; POST + redirect is one operation, timed inside the script.
With `hx` the POST and the GET are sent as htmx sends them (HX-Request: true), and a POST
answered 200 with the game's new part (its form carries the next version) is the whole
operation; `post_statuses` counts what the POSTs were answered.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pyclient import RESULT_MARK

BENCH = Path(__file__).resolve().parent

# Counts the statuses each wrk thread saw; done() prints them with wrk's latency percentiles.
LUA_COMMON = r"""
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("slot", #threads)
end

local function note(statuses, status)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

local function json_counts(key)
  local merged = {}
  for _, thread in ipairs(threads) do
    for k, v in pairs(thread:get(key) or {}) do merged[k] = (merged[k] or 0) + v end
  end
  local parts = {}
  for k, v in pairs(merged) do parts[#parts + 1] = string.format('"%s": %d', k, v) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function sum(key)
  local total = 0
  for _, thread in ipairs(threads) do total = total + (thread:get(key) or 0) end
  return total
end
"""

LUA_GET = r"""
function init(args)
  statuses = {}
end

function response(status, headers, body)
  note(statuses, status)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT_MARK{"requests": %d, "seconds": %.6f, "p50_ms": %.3f, "p99_ms": %.3f, '
      .. '"statuses": %s, "errors": %d, "conflicts": 0}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3, json_counts("statuses"),
    e.connect + e.read + e.write + e.timeout))
end
"""

LUA_SUBMIT = r"""
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec_t;
int clock_gettime(int clk_id, bench_timespec_t *tp);
]]
local clock = ffi.new("bench_timespec_t")
local function now_ms()
  ffi.C.clock_gettime(1, clock)  -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1e3 + tonumber(clock.tv_nsec) / 1e6
end

local function unescape(text)
  return (text:gsub("&#(%d+);", function(n) return string.char(tonumber(n)) end)
              :gsub("&#[xX](%x+);", function(n) return string.char(tonumber(n, 16)) end)
              :gsub("&quot;", '"'):gsub("&lt;", "<"):gsub("&gt;", ">"):gsub("&amp;", "&"))
end

local function attribute(tag, name)
  return tag:match("%s" .. name .. '="([^"]*)"') or tag:match("%s" .. name .. "='([^']*)'")
      or tag:match("%s" .. name .. "=([^%s>\"']+)")
end

-- Every hidden input of the form posting to .../hand, or nil when the page has none.
local function hidden_fields(body)
  local start = body:find("<form[^>]-action=\"[^\"]*/hand\"")
  if not start then return nil end
  local stop = body:find("</form>", start, true) or #body
  local fields = {}
  for tag in body:sub(start, stop):gmatch("<input[^>]*>") do
    local kind = attribute(tag, "type")
    local name = attribute(tag, "name")
    if kind and kind:lower() == "hidden" and name then
      fields[#fields + 1] = {name, unescape(attribute(tag, "value") or "")}
    end
  end
  return fields
end

local function encode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end))
end

function init(args)
  games, game, in_game = GAMES[slot], 1, 0
  phase, fields, cookies, location, started = "page", nil, {}, nil, nil
  statuses, posts, latencies, errors, conflicts = {}, {}, {}, 0, 0
end

local function cookie_header()
  local parts = {}
  for k, v in pairs(cookies) do parts[#parts + 1] = k .. "=" .. v end
  return table.concat(parts, "; ")
end

function request()
  local headers = {Cookie = cookie_header()}
  if HX and phase ~= "page" then headers["HX-Request"] = "true" end
  local token = games[(game - 1) % #games + 1]
  if phase == "post" then
    started = started or now_ms()
    local hand, body, taken = HANDS[in_game % #HANDS + 1], {}, {}
    for _, pair in ipairs(hand) do
      body[#body + 1] = encode(pair[1]) .. "=" .. encode(pair[2])
      taken[pair[1]] = true
    end
    for _, pair in ipairs(fields) do  -- every hidden input the hand does not set itself
      if not taken[pair[1]] then body[#body + 1] = encode(pair[1]) .. "=" .. encode(pair[2]) end
    end
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return wrk.format("POST", "/g/" .. token .. "/hand", headers, table.concat(body, "&"))
  elseif phase == "follow" then
    return wrk.format("GET", location, headers)
  end
  return wrk.format("GET", "/g/" .. token, headers)
end

local function restart()  -- something went wrong: count it, go on with a fresh game
  errors, phase, started = errors + 1, "page", nil
  game, in_game = game + 1, 0
end

function response(status, headers, body)
  note(statuses, status)
  local cookie = headers["Set-Cookie"]
  if cookie then
    local name, value = cookie:match("^%s*([^=]+)=([^;]*)")
    if name then cookies[name] = value end
  end
  if phase == "post" then
    note(posts, status)
    if status == 303 then
      location = headers["Location"]:gsub("^https?://[^/]+", "")
      phase = "follow"
      return
    elseif status == 409 then  -- another write came first: the answer has the current form
      conflicts = conflicts + 1
      fields = hidden_fields(body)
      if not fields then restart() end
      return
    elseif not (HX and status == 200) then
      return restart()
    end
    -- htmx's save answered with the game's new part at once: as a followed redirect's page
    phase = "follow"
  end
  if status ~= 200 then return restart() end
  fields = hidden_fields(body)
  if not fields then return restart() end
  if phase == "follow" then
    latencies[#latencies + 1] = now_ms() - started
    in_game = in_game + 1
    if in_game >= BATCH_HANDS then  -- on to a fresh game: read its page first
      game, in_game, started, phase = game + 1, 0, nil, "page"
      return
    end
  end
  started, phase = nil, "post"
end

function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for _, v in ipairs(thread:get("latencies") or {}) do all[#all + 1] = v end
  end
  table.sort(all)
  local function pct(p)
    if #all == 0 then return 0 end
    return all[math.max(1, math.ceil(p / 100 * #all))]
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT_MARK{"requests": %d, "seconds": %.6f, "p50_ms": %.3f, "p99_ms": %.3f, '
      .. '"statuses": %s, "errors": %d, "conflicts": %d, "http_requests": %d, '
      .. '"post_statuses": %s}\n',
    #all, summary.duration / 1e6, pct(50), pct(99), json_counts("statuses"),
    sum("errors") + e.connect + e.read + e.write + e.timeout, sum("conflicts"),
    summary.requests, json_counts("posts")))
end
"""


def wrk_path() -> str | None:
    """Where `wrk` is installed, if it is."""
    return shutil.which("wrk")


def wrk_version() -> str:
    """wrk's version line, for the record."""
    done = subprocess.run([wrk_path(), "--version"], capture_output=True, text=True, check=False)  # noqa: S603
    line = (done.stdout or done.stderr).splitlines()[0]
    return line.split(" Copyright")[0].strip()  # "wrk debian/4.1.0-3+b2 [epoll]"


def lua_string(text: str) -> str:
    """A Lua string literal holding `text`."""
    return json.dumps(text)  # JSON's escapes are valid in Lua for the ASCII this sends


def lua_pairs(fields: dict[str, str]) -> str:
    """A Lua list of {name, value} pairs."""
    return "{" + ", ".join(f"{{{lua_string(k)}, {lua_string(v)}}}" for k, v in fields.items()) + "}"


def submit_script(
    batches: list[list[str]], hands: list[dict], batch_hands: int, hx: bool = False
) -> str:
    """The Lua script posting hands: one thread (and connection) per list of games; with `hx`,
    sent as htmx sends them."""
    games = ", ".join("{" + ", ".join(lua_string(t) for t in b) + "}" for b in batches)
    constants = (
        f"GAMES = {{{games}}}\n"
        f"HANDS = {{{', '.join(lua_pairs(h) for h in hands)}}}\n"
        f"BATCH_HANDS = {batch_hands}\n"
        f"HX = {'true' if hx else 'false'}\n"
    )
    return constants + LUA_COMMON + LUA_SUBMIT


def run_wrk(spec: dict) -> dict:
    """Run one target with wrk; the parsed result line."""
    url = f"http://{spec['host']}:{spec['port']}{spec.get('path', '/')}"
    if spec["kind"] == "submit":
        script = submit_script(
            spec["batches"], spec["hands"], spec["batch_hands"], spec.get("hx", False)
        )
        threads = connections = len(spec["batches"])
    else:
        script = LUA_COMMON + LUA_GET
        connections = spec["connections"]
        threads = 1  # one event loop keeps up with this server and leaves it the most CPU
    script = script.replace("RESULT_MARK", RESULT_MARK)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "target.lua"
        path.write_text(script, encoding="utf-8")
        command = [
            wrk_path(),
            f"-t{threads}",
            f"-c{connections}",
            # wrk takes whole seconds only: a fraction (a smoke run's) is rounded up.
            f"-d{max(1, math.ceil(spec['seconds']))}s",
            "--timeout",
            "10s",
            "-s",
            str(path),
        ]
        for name, value in (spec.get("headers") or {}).items():
            command += ["-H", f"{name}: {value}"]
        command.append(url)
        done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    return parse_result(done, "wrk")


def run_python(spec: dict) -> dict:
    """Run one target with the Python client in its own process; the parsed result line."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "spec.json"
        path.write_text(json.dumps(spec), encoding="utf-8")
        command = [sys.executable, str(BENCH / "pyclient.py"), str(path)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    return parse_result(done, "pyclient")


def parse_result(done: subprocess.CompletedProcess, name: str) -> dict:
    """The result line a load generator printed, with its rate; fails loudly without one."""
    for line in done.stdout.splitlines():
        if line.startswith(RESULT_MARK):
            result = json.loads(line[len(RESULT_MARK) :])
            result["rps"] = result["requests"] / result["seconds"] if result["seconds"] else 0
            return result
    raise RuntimeError(f"{name} printed no result (exit {done.returncode}):\n{done.stderr}")
