"""Heuristic phase: the caller's best start as the first incumbent, then the local search's descent (see
`local_search.LocalSearch`), from the best start a phase found."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autoshard.solver.clock import seconds_since
from autoshard.solver.state import SearchState
from autoshard.solver.stats import HeuristicReport
from autoshard.solver.strategy_graph import FORBIDDEN
from autoshard.solver.window_search import repair


def offer_starts(state: SearchState, starts: Sequence[Sequence[int]]) -> None:
    """The cheapest valid caller start in reduced terms becomes the first incumbent and `state.start`."""
    best, best_cost = None, None
    for start in starts:
        reduced = state.reduction.restrict(start)
        if reduced is None:
            continue
        candidate = np.asarray(reduced, dtype=np.int64)
        cost = state.search.cost(candidate)
        if cost < FORBIDDEN and state.fits(candidate) and (best_cost is None or cost < best_cost):
            best, best_cost = candidate, cost
    if best is not None:
        state.incumbent.offer(best, best_cost, "start")
    state.start = best


def run(state: SearchState, until: float, lagrangian_until: float | None, small: bool, began: float
        ) -> HeuristicReport:
    """Descend from `state.start` until `until` (its Lagrangian start until `lagrangian_until`; one round only on
    large graphs, not `small`); the report counts the seconds since `began` (the search's set-up included)."""
    inc = state.incumbent
    start = state.start if state.start is not None else _repaired_least_usage_start(state, until)
    state.search.run(until, start=start, on_improve=lambda a, c: inc.offer(a, c, "heuristic"),
                     lagrangian_until=lagrangian_until, max_rounds=None if small else 1)
    return HeuristicReport(round(seconds_since(began), 3), inc.original_cost())


def _repaired_least_usage_start(state: SearchState, until: float) -> np.ndarray | None:
    """On a graph with usage pieces the least-usage start may break the limit where a plan fits (no strategy need be
    least at every time point): then it is lowered greedily where it breaks it (`window_search.repair`). None (the
    search's own start) otherwise, or when the repair fails."""
    if not state.red.pieces or state.search.limit is None:
        return None
    start = state.search.start(None)
    if state.fits(start):
        return None
    view = state.view()
    lowered = view.from_nodes(start)
    if not repair(view, lowered, view.load(lowered), deadline=until):
        return None
    return view.to_nodes(lowered)
