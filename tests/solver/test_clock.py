"""The work clock: deadlines count checkpoints, so a time-limited search gives the same answer under any load."""

from __future__ import annotations

import multiprocessing
import time

import numpy as np

from autoshard.solver.clock import charge, now, overran, work_clock
from autoshard.solver.instance import StrategyGraph
from autoshard.solver.solve import FEASIBLE, SolverConfig, solve


def test_work_clock_counts_checkpoints_and_charges() -> None:
    assert abs(now() - time.monotonic()) < 1.0  # wall time outside the block
    with work_clock(wall_cap_s=60, tick_s=0.5):
        start = now()
        assert now() == start + 0.5
        charge(2.0)
        assert now() == start + 3.0
        assert not overran()
    assert abs(now() - time.monotonic()) < 1.0  # wall time again


def test_wall_cap_ends_every_deadline() -> None:
    with work_clock(wall_cap_s=0.0):
        time.sleep(0.01)
        assert now() > 1e8
        assert overran()


def _hard_graph(seed: int, n: int = 400, s: int = 6) -> StrategyGraph:
    """A random sparse graph with a binding usage limit: too large for the search to finish in a second."""
    rng = np.random.default_rng(seed)
    costs = [rng.integers(0, 1000, s) for _ in range(n)]
    usages = [rng.integers(1, 100, s) for _ in range(n)]
    intervals = [(i // 4, i // 4 + int(rng.integers(1, 30))) for i in range(n)]
    edges = [(i, int(j), rng.integers(0, 1000, (s, s))) for i in range(1, n) for j in rng.integers(0, i, 2)]
    least = np.zeros(n // 4 + 31, dtype=np.int64)
    for (lo, hi), u in zip(intervals, usages):
        least[lo:hi] += u.min()
    limit = int(1.1 * least.max())  # 10% above the least-usage plan's peak, as in the IOPDDL instances
    return StrategyGraph.build(costs, usages, intervals, edges, limit)


def _busy(stop) -> None:
    x = 0
    while not stop.is_set():
        x += 1


def test_deterministic_solve_repeats_under_load() -> None:
    graph = _hard_graph(0)
    config = SolverConfig(max_time_in_seconds=1.0, deterministic=True, num_workers=2)
    quiet = solve(graph, config)
    ctx = multiprocessing.get_context("spawn")
    stop = ctx.Event()
    hogs = [ctx.Process(target=_busy, args=(stop,)) for _ in range(3)]  # more busy processes than cores
    for h in hogs:
        h.start()
    try:
        loaded = solve(graph, config)
    finally:
        stop.set()
        for h in hogs:
            h.join()
    assert quiet.status == FEASIBLE  # the search was cut by its limit, not finished
    assert loaded.wall_time_s > 1.5 * quiet.wall_time_s  # the load really slowed the second run down
    assert not quiet.stats["work_clock_overran"] and not loaded.stats["work_clock_overran"]
    assert quiet.assignment == loaded.assignment and quiet.cost == loaded.cost
