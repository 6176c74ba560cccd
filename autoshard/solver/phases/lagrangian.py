"""Lagrangian phase: the Lagrangian relaxation of the usage limit (see `lagrangian_relaxation`) when the limit may bind. Its
plans are offered as incumbents, its bound raises the incumbent's; its outcome (best plan, multipliers) stays in the
state for the window phase."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import now, seconds_since
from autoshard.solver.dual_bound import sweep_seconds
from autoshard.solver.lagrangian_relaxation import SWEEPS_PER_STEP, lagrangian_diffusion, step_seconds
from autoshard.solver.state import SearchState
from autoshard.solver.stats import LagrangianReport, Skipped

#: fewest multiplier steps worth running (its plans get good after tens of steps)
MIN_LAGRANGIAN_STEPS = 10


def run(state: SearchState, until: float) -> LagrangianReport:
    """Run the relaxation until `until`; skipped when too few multiplier steps would fit."""
    t = now()
    report = LagrangianReport()
    state.stats.lagrangian = report
    # a step sweeps the contracted view, at most as large as the graph: skip before building the view
    if sweep_seconds(state.red) * SWEEPS_PER_STEP * MIN_LAGRANGIAN_STEPS > 2 * (until - now()):
        report.skipped = Skipped.NO_TIME
        return report
    contracted = state.view()
    if step_seconds(contracted) * MIN_LAGRANGIAN_STEPS > until - now():
        report.skipped = Skipped.NO_TIME
        return report
    inc = state.incumbent

    def offer(a: np.ndarray, _cost: int) -> None:
        nodes = contracted.to_nodes(a)
        inc.offer(nodes, contracted.search.cost(nodes), "lagrangian")

    outcome = lagrangian_diffusion(contracted, until, on_plan=offer, target=state.bound_target())
    if outcome.bound is not None:
        inc.raise_bound(outcome.bound)
    state.lagrangian = outcome
    report.seconds = round(seconds_since(t), 3)
    report.steps = outcome.steps
    report.best_cost = None if outcome.best_cost is None else outcome.best_cost + state.reduction.cost_offset
    return report
