"""`autoshard solve-iopddl PROBLEM.json[.gz] TIMEOUT_SECONDS`: solve an IOPDDL contest problem.

Progress goes to stderr; the last line on stdout is the solution ``[s0, s1, ...]`` (``[]`` if none was found).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time

from autoshard.errors import UserError

NAME = "solve-iopddl"
HELP = "solve an IOPDDL auto-sharding contest problem within a timeout; prints [s0, s1, ...] last"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help="contest problem, .json or .json.gz")
    parser.add_argument("timeout", type=float, help="wall-clock seconds for everything, loading included")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--workers", type=int, default=8, help="CP-SAT workers (default 8)")
    parser.add_argument("--margin", type=float, default=None, help="seconds kept in reserve (default 8%% + 1.5 s)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def process_age() -> float:
    """Seconds since this process started (interpreter start-up and imports included; 0 when unknown)."""
    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def run(args: argparse.Namespace) -> int:
    t0 = time.monotonic() - process_age()  # the contest clock starts with the process
    if not args.timeout > 0:
        raise UserError(f"TIMEOUT_SECONDS must be positive, got {args.timeout:g}")
    from autoshard.solver.iopddl import format_solution, load_problem
    from autoshard.solver.solve import SolverConfig, solve
    from autoshard.solver.strategy_graph import FORBIDDEN

    graph = load_problem(args.problem)
    margin = args.margin if args.margin is not None else 0.08 * args.timeout + 1.5
    budget = args.timeout - margin - (time.monotonic() - t0)

    latest: list = []
    printed = threading.Lock()

    def progress(p) -> None:
        latest[:] = [p]
        if not args.quiet:
            bound = "" if p.bound is None else f" bound {p.bound}"
            print(f"[{p.elapsed_s:7.2f}s] {p.phase}: cost {p.cost}{bound}", file=sys.stderr, flush=True)

    if budget <= 0.1:
        budget = 0.1
    # the contest instances are bound by their usage limit, which the diffusion bound and the repeated-layer phase
    # ignore (and the contest scores plans, not bounds): neither runs
    config = SolverConfig(max_time_in_seconds=budget, num_workers=args.workers, random_seed=args.seed,
                          dual_fraction=0.0, repeat_fraction=0.0)
    def watchdog() -> None:
        """Out of time: print the incumbent (if it has no forbidden choice) and end the process at once."""
        if not printed.acquire(blocking=False):
            return
        p = latest[0] if latest else None
        line = format_solution(p.expand()) if p is not None and p.cost < FORBIDDEN and p.expand else "[]"
        print("watchdog: time is up, printing the incumbent", file=sys.stderr, flush=True)
        print(line, flush=True)
        os._exit(0)

    timer = threading.Timer(max(0.1, args.timeout - 0.5 * margin - (time.monotonic() - t0)), watchdog)
    timer.daemon = True
    timer.start()
    result = solve(graph, config, on_progress=progress)
    if not printed.acquire(blocking=False):  # the watchdog is printing
        timer.join()
        return 0
    timer.cancel()
    if not args.quiet:
        print(
            f"{result.status}: cost {result.cost} bound {result.best_bound} in {time.monotonic() - t0:.1f}s "
            f"({result.stats.reduction.summary if result.stats.reduction else ''})",
            file=sys.stderr,
        )
        if result.explanation:
            print(f"note: {result.explanation}", file=sys.stderr)
    valid = result.assignment is not None and result.status in ("OPTIMAL", "FEASIBLE")
    print(format_solution(result.assignment if valid else []))
    return 0
