"""The work clock: deadlines count checkpoints, so a time-limited search gives the same answer under any load."""

from __future__ import annotations

import multiprocessing
import os
import time

from solver_graphs import hard_memory_graph

from autoshard.solver.clock import charge, now, overran, seconds_since, work_clock
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


def test_reported_seconds_leave_the_cap_s_jumps_out() -> None:
    """A progress line or phase report after the cap shows the work counted, not the jump that ends deadlines."""
    with work_clock(wall_cap_s=0.5, tick_s=0.5):
        start = now()
        charge(2.0)
        assert seconds_since(start) == 2.5
        time.sleep(0.6)
        deadline = now() + 1.0
        assert now() > deadline  # every deadline passes
        assert overran()
        assert 3.0 <= seconds_since(start) < 10.0
    wall = now()
    time.sleep(0.01)
    assert 0.0 < seconds_since(wall) < 1.0  # wall time outside the block


def _busy(started, stop) -> None:
    started.release()
    x = 0
    while not stop.is_set():  # checked rarely: the Event's shared lock would otherwise put the hogs to sleep
        for _ in range(200_000):
            x += 1


def _solve_under_load(graph, config: SolverConfig, hog_count: int):
    ctx = multiprocessing.get_context("spawn")
    started, stop = ctx.Semaphore(0), ctx.Event()
    hogs = [ctx.Process(target=_busy, args=(started, stop)) for _ in range(hog_count)]
    for h in hogs:
        h.start()
    try:
        for _ in hogs:  # the whole loaded solve runs under load: spawned interpreters take a while to start
            assert started.acquire(timeout=60)
        return solve(graph, config)
    finally:
        stop.set()
        for h in hogs:
            h.join()


def test_deterministic_solve_repeats_under_load() -> None:
    graph = hard_memory_graph(0)
    config = SolverConfig(max_time_in_seconds=1.0, deterministic=True, num_workers=2)
    quiet = solve(graph, config)
    assert quiet.status == FEASIBLE  # the search was cut by its limit, not finished
    assert quiet.stats.work_clock_overran is False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    slowdowns = []
    # busy processes: twice as many as cores, plus one, so the solve gets a third of a core or less; a machine
    # whose scheduler shares it out otherwise (CPU quotas, more cores than the affinity says) gets more of them
    for hog_count in (2 * cores + 1, 4 * cores + 1, 8 * cores + 1):
        loaded = _solve_under_load(graph, config, hog_count)
        assert loaded.stats.work_clock_overran is False
        assert quiet.assignment == loaded.assignment and quiet.cost == loaded.cost
        slowdowns.append(loaded.wall_time_s / quiet.wall_time_s)
        if slowdowns[-1] > 1.5:
            break
    assert max(slowdowns) > 1.5, slowdowns  # the load really slowed a loaded run down
