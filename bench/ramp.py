"""The capacity run's ramp (bench/tables.py): the client processes started on a shared plan,
each step's figures merged from them and judged, and where the machine's CPU went meanwhile.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import threading
import time
from collections import Counter

from phones import REQUEST_TIMEOUT, Plan, StepFigures, Table, client_main
from pyclient import percentile

P99_LIMIT_MS = 250.0
# A client that sends this late (p99) or this far under its schedule is not keeping up.
CLIENT_LAG_LIMIT_MS = 25.0
CLIENT_RATE_SHARE = 0.97


# --- where the machine's CPU went ------------------------------------------------------------


def cpu_sample(database: str = "") -> dict[str, float]:
    """CPU seconds so far: the whole machine's busy time, this run's server (gunicorn, this
    process's descendants), the rest of this run (this process, its clients) and the
    PostgreSQL backends serving this run's database (named in their command line)."""
    from server import CLOCK_TICKS, process_figures

    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    parents, used, server, backends = {}, {}, set(), set()
    for entry in os.listdir("/proc"):
        figures = process_figures(entry) if entry.isdigit() else None
        if figures is None:
            continue  # not a process, or ended meanwhile
        line, parent, seconds = figures
        if b"gunicorn" in line:
            server.add(int(entry))
        elif database and line.startswith(b"postgres:") and database.encode() in line:
            backends.add(int(entry))
        parents[int(entry)] = parent
        used[int(entry)] = seconds
    mine = {os.getpid()}
    for pid in sorted(parents):  # parents are older, and mostly numbered lower: repeat
        for _ in range(3):
            if pid not in mine and parents[pid] in mine:
                mine.add(pid)
    for _ in range(3):  # children numbered below their parent (pid wrap)
        mine |= {pid for pid, parent in parents.items() if parent in mine}
    return {
        "busy": (sum(values) - idle) / CLOCK_TICKS,
        "server": sum(used[p] for p in mine & server),
        "run": sum(used[p] for p in mine - server),
        "database": sum(used[p] for p in backends),
        "wall": time.monotonic(),
    }


def sample_windows(plan: Plan, samples: dict, stop: threading.Event, database: str) -> None:
    """Take a CPU sample as each step's measured window begins and as it ends."""
    for step in range(len(plan.steps)):
        for edge, moment in zip(("begin", "end"), plan.window(step), strict=True):
            if stop.wait(max(0.0, moment - time.monotonic())):
                return
            samples[(step, edge)] = cpu_sample(database)


def cpu_shares(samples: dict, step: int, requests: int) -> dict:
    """Cores used during a step's window: by the server, by this run's clients, by others on
    the machine; and the server's CPU milliseconds per request."""
    begin, end = samples.get((step, "begin")), samples.get((step, "end"))
    if begin is None or end is None:
        return {}
    wall = end["wall"] - begin["wall"]
    used = {key: (end[key] - begin[key]) / wall for key in ("busy", "server", "run", "database")}
    return {
        "server_cores": used["server"],
        "database_cores": used["database"],
        "client_cores": used["run"],
        "other_cores": max(0.0, used["busy"] - used["server"] - used["run"] - used["database"]),
        "idle_cores": max(0.0, (os.cpu_count() or 1) - used["busy"]),
        "server_cpu_ms_per_request": used["server"] * wall * 1000 / requests if requests else 0,
    }


# --- the ramp -----------------------------------------------------------------------------


def merge(step: int, tables: int, parts: list[StepFigures], plan: Plan) -> dict:
    """One step's figures over every client process: latency overall and by kind, errors,
    and how well the clients kept to their schedule."""
    latencies: dict[str, list[float]] = {}
    statuses: dict[str, Counter] = {}
    errors: Counter = Counter()
    lags: list[float] = []
    for part in parts:
        for kind, values in part.latencies.items():
            latencies.setdefault(kind, []).extend(values)
        for kind, counts in part.statuses.items():
            statuses.setdefault(kind, Counter()).update(counts)
        errors.update(part.errors)
        lags.extend(part.lags)
    every = sorted(v for values in latencies.values() for v in values)
    lags.sort()
    scheduled = sum(p.scheduled for p in parts)
    sent = sum(p.sent_in_window for p in parts)
    seconds = plan.measure
    kinds = {}
    for kind, values in sorted(latencies.items()):
        values.sort()
        kinds[kind] = {
            "requests": len(values),
            "p50_ms": percentile(values, 50) * 1000,
            "p99_ms": percentile(values, 99) * 1000,
            "statuses": dict(statuses[kind]),
        }
    lag_p99 = percentile(lags, 99) * 1000
    p99 = percentile(every, 99) * 1000
    # Lag matters where it could be what made the step's p99: a server seconds behind makes
    # the whole machine late, the clients too, without their lag being the cause.
    client_ok = (
        lag_p99 <= max(CLIENT_LAG_LIMIT_MS, 0.2 * p99) and sent >= CLIENT_RATE_SHARE * scheduled
    )
    result = {
        "step": step,
        "tables": tables,
        "requests": len(every),
        "scheduled_rps": scheduled / seconds,
        "sent_rps": sent / seconds,
        "p50_ms": percentile(every, 50) * 1000,
        "p99_ms": p99,
        "max_ms": (every[-1] * 1000) if every else 0.0,
        "errors": sum(errors.values()),
        "error_kinds": dict(errors.most_common(5)),
        "kinds": kinds,
        "client_lag_p50_ms": percentile(lags, 50) * 1000,
        "client_lag_p99_ms": lag_p99,
        "client_cpu": [round(p.cpu_seconds / seconds, 2) for p in parts],
        "client_kept_up": client_ok,
    }
    result["passed"] = result["p99_ms"] <= P99_LIMIT_MS and not result["errors"] and every != []
    return result


def print_step(row: dict) -> None:
    """One line for a step as it is measured."""
    kinds = "  ".join(
        f"{kind} {k['requests']}: {k['p50_ms']:.0f}/{k['p99_ms']:.0f}"
        for kind, k in row["kinds"].items()
    )
    client = "" if row["client_kept_up"] else "  CLIENT LAGGED"
    errors = f"  errors {row['error_kinds']}" if row["errors"] else ""
    print(
        f"  {row['tables']:>6} tables  {row['sent_rps']:>6.0f}/{row['scheduled_rps']:<6.0f} req/s  "
        f"p50 {row['p50_ms']:>6.1f}  p99 {row['p99_ms']:>7.1f}  max {row['max_ms']:>6.0f} ms  "
        f"{'pass' if row['passed'] else 'FAIL'}  (client lag p99 "
        f"{row['client_lag_p99_ms']:.1f} ms, cpu {row['client_cpu']}){client}{errors}",
        flush=True,
    )
    print(f"         by kind (requests: p50/p99 ms): {kinds}", flush=True)
    if cpu := row.get("cpu"):
        print(
            f"         cores: server {cpu['server_cores']:.2f}, "
            + (f"PostgreSQL {cpu['database_cores']:.2f}, " if cpu["database_cores"] else "")
            + f"clients {cpu['client_cores']:.2f}, "
            f"other work {cpu['other_cores']:.2f}, idle {cpu['idle_cores']:.2f}; server "
            f"{cpu['server_cpu_ms_per_request']:.2f} ms CPU a request",
            flush=True,
        )


def ramp(port: int, tables: list[Table], args, steps: list[int], database: str) -> list[dict]:
    """Run the ramp against a served app; each step's merged figures, up to the first that
    failed."""
    clients = args.clients or (1 if (os.cpu_count() or 1) <= 2 else 2)
    context = multiprocessing.get_context("spawn")
    reports = context.Queue()
    stop = context.Event()
    # Every process must be up before the first step: a second or so to import and start.
    start = time.monotonic() + 3.0
    plan = Plan(tuple(steps), args.settle, args.measure, start, args.poll, tuple(args.hand))
    shares: list[list[tuple[int, Table]]] = [[] for _ in range(clients)]
    for index, table in enumerate(tables[: steps[-1]]):
        shares[index % clients].append((index, table))
    processes = [
        context.Process(
            target=client_main,
            args=(plan, port, share, args.seed + number, reports, stop),
            daemon=True,
        )
        for number, share in enumerate(shares)
    ]
    for process in processes:
        process.start()
    rows = []
    parts: dict[int, list[StepFigures]] = {}
    samples: dict = {}
    sampled = threading.Event()
    sampler = threading.Thread(
        target=sample_windows, args=(plan, samples, sampled, database), daemon=True
    )
    sampler.start()
    try:
        for step, count in enumerate(steps):
            while len(parts.get(step, [])) < clients:
                wait = plan.window(step)[1] + REQUEST_TIMEOUT + 30 - time.monotonic()
                try:
                    reported, figures = reports.get(timeout=max(1.0, wait))
                except queue.Empty:
                    raise RuntimeError(f"a client process never reported step {step}") from None
                parts.setdefault(reported, []).append(figures)
            row = merge(step, count, parts.pop(step), plan)
            # The sampler notes the window's end at the moment a prompt client reports it.
            deadline = time.monotonic() + 2
            while (step, "end") not in samples and time.monotonic() < deadline:
                time.sleep(0.05)
            row["cpu"] = cpu_shares(samples, step, row["requests"])
            print_step(row)
            rows.append(row)
            if not row["passed"]:
                break
    finally:
        stop.set()
        sampled.set()
        # Read what the processes still send, so that none waits on a full pipe to exit.
        deadline = time.monotonic() + REQUEST_TIMEOUT + 5
        while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                reports.get(timeout=0.2)
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join()
    return rows


def held(rows: list[dict]) -> dict:
    """What a ramp comes to: the last step that passed, and the step that failed."""
    passed = [r for r in rows if r["passed"]]
    failed = next((r for r in rows if not r["passed"]), None)
    best = passed[-1] if passed else None
    return {
        "tables": best["tables"] if best else 0,
        "p50_ms": best["p50_ms"] if best else None,
        "p99_ms": best["p99_ms"] if best else None,
        "failed_at": failed["tables"] if failed else None,
        "failed_p99_ms": failed["p99_ms"] if failed else None,
        "failed_errors": failed["errors"] if failed else None,
        "ramp_ended": failed is None,
        "client_kept_up": all(r["client_kept_up"] for r in rows),
    }


def steps_within(args) -> list[int]:
    """The steps of the ramp that fit in its time budget (at least one)."""
    per_step = args.settle + args.measure
    return args.steps[: max(1, int(args.max_seconds // per_step))]
