"""The solver's clock: wall time, or, for repeatable plans, counted work.

Every phase of `solve` stops at a deadline read from `now()`. Normally that is `time.monotonic()`, so where a
time-limited search stops depends on how loaded the machine is. Inside `work_clock()` (`SolverConfig.deterministic`,
the planner's default) the clock only moves when work is counted: each phase `charge`s, at its checkpoints, the
seconds its work since the last one takes on this machine class (rates fitted per kind of work: a window move per
variable and incidence, a diffusion chunk per incidence and matrix entry, a reduction step, a set-up per node,
edge and entry; CP-SAT, run in its deterministic mode, by its deterministic time), and every `now()` adds a small
`tick`. Where each phase stops then depends only on the work done, so a fixed seed gives the same plan on a quiet
machine and a busy one, and the time limit stays close to wall seconds on a quiet machine. `work_clock` keeps a
wall-clock cap for safety, and `overran()` says whether it was hit (the run is then not repeatable).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from autoshard.solver.work_rates import CHECKPOINT_TICK_S


@dataclass
class _WorkClock:
    now: float
    tick: float
    wall_cap: float
    overran: bool = False


#: what `now()` adds on each call once a work clock's wall-clock cap is hit; work counted stays far below it
_EXPIRED_S = 1e9

_clock: ContextVar[_WorkClock | None] = ContextVar("autoshard_solver_clock", default=None)


def now() -> float:
    """Seconds on the solver's clock (monotonic; compare only with other `now()` values)."""
    clock = _clock.get()
    if clock is None:
        return time.monotonic()
    clock.now += clock.tick
    if time.monotonic() > clock.wall_cap:  # safety: never run unbounded in wall time
        clock.overran = True
        clock.now += _EXPIRED_S
    return clock.now


def seconds_since(start: float) -> float:
    """Seconds on the solver's clock from `start` (a `now()` value) to `now()`, for reports: the jumps `now()` makes
    once the wall-clock cap is hit (which pass every deadline) left out."""
    if _clock.get() is None:
        return now() - start
    return now() % _EXPIRED_S - start % _EXPIRED_S


def charge(seconds: float) -> None:
    """Count `seconds` of deterministic work (e.g. CP-SAT's deterministic time) on the work clock; no-op on wall
    time, where the work has already taken its time."""
    clock = _clock.get()
    if clock is not None:
        clock.now += max(0.0, seconds)


def counting() -> bool:
    """Whether a work clock is running (so a phase's work estimate is worth computing for `charge`)."""
    return _clock.get() is not None


def overran() -> bool:
    """Whether the current work clock hit its wall-clock cap (so the run may not be repeatable)."""
    clock = _clock.get()
    return clock is not None and clock.overran


@contextlib.contextmanager
def work_clock(wall_cap_s: float, tick_s: float = CHECKPOINT_TICK_S) -> Iterator[None]:
    """Within this block `now()` counts work checkpoints; after `wall_cap_s` real seconds every deadline passes."""
    token = _clock.set(_WorkClock(0.0, tick_s, time.monotonic() + wall_cap_s))
    try:
        yield
    finally:
        _clock.reset(token)
