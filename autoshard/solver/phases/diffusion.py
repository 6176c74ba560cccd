"""Diffusion phase: the dual bound (message passing) on the reduced graph (see `dual_bound`). Its bound raises the
incumbent's, its rounding becomes an incumbent and the heuristic's start when valid and cheaper; an unconverged
diffusion stays in the state to be resumed after the window phase."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import now, seconds_since
from autoshard.solver.dual_bound import Diffusion, DualBound, sweep_seconds
from autoshard.solver.state import SearchState
from autoshard.solver.stats import DiffusionReport, Skipped
from autoshard.solver.strategy_graph import FORBIDDEN

#: fewest diffusion sweeps worth running (its bound rises over tens of sweeps)
MIN_DUAL_SWEEPS = 8


def run(state: SearchState, until: float) -> DiffusionReport:
    """Diffuse until `until` (skipped when too few sweeps would fit)."""
    t = now()
    report = DiffusionReport()
    state.stats.diffusion = report
    if sweep_seconds(state.red) * MIN_DUAL_SWEEPS > until - t:
        report.skipped = Skipped.NO_TIME
        return report
    inc = state.incumbent
    ceiling = None if inc.best_cost is None else inc.best_cost + 1
    state.diffusion = Diffusion(state.red, ceiling=ceiling)
    rounded = _adopt(state, state.diffusion.run(until, target=state.bound_target()), report)
    report.seconds = round(seconds_since(t), 3)
    if rounded is not None:
        state.start = rounded
    return report


def resumable(state: SearchState) -> bool:
    """Whether the phase left an unconverged diffusion to resume."""
    return state.diffusion is not None and not state.diffusion.converged


def resume(state: SearchState, until: float) -> None:
    """Go on with the phase's diffusion until `until`; its time adds to the report's."""
    report = state.stats.diffusion
    resumed = now()
    _adopt(state, state.diffusion.run(until, target=state.bound_target()), report)
    report.seconds = round(report.seconds + seconds_since(resumed), 3)


def _adopt(state: SearchState, dual: DualBound, report: DiffusionReport) -> np.ndarray | None:
    """The diffusion's bound becomes the incumbent's, its rounding an incumbent when it is valid and cheaper (then
    returned)."""
    inc = state.incumbent
    inc.raise_bound(dual.bound)
    report.sweeps = dual.sweeps
    if dual.rounded is None:
        return None
    rounded = np.asarray(dual.rounded, dtype=np.int64)
    cost = state.search.cost(rounded)
    report.rounding_fits = state.fits(rounded)
    if cost < FORBIDDEN and report.rounding_fits and inc.offer(rounded, cost, "dual"):
        return rounded
    return None
