"""Forest phase, after the search: when no phase proved a useful bound (CP-SAT proves none on large graphs), the
spanning-forest relaxation's (see `spanning_forest_bound`). Its expected time is set aside from the search (`search_limit`)."""

from __future__ import annotations

from autoshard.solver.clock import now, seconds_since
from autoshard.solver.result import OPTIMAL, SolveResult
from autoshard.solver.spanning_forest_bound import forest_seconds, spanning_forest_bound
from autoshard.solver.stats import ForestReport
from autoshard.solver.strategy_graph import StrategyGraph

#: a gap above which the forest bound is computed (it rarely beats a tighter one)
WEAK_GAP = 0.5
#: least share of the time limit the forest bound's estimated time must reach to be set aside
MIN_RESERVE_SHARE = 0.02


def search_limit(graph: StrategyGraph, limit: float) -> float:
    """The part of the time limit `limit` left to the search once the forest bound of `graph` has its estimated
    time: at least half of it, and all of it when the estimate is a negligible share."""
    estimate = forest_seconds(graph)
    if estimate <= MIN_RESERVE_SHARE * limit:
        return limit
    return max(0.5 * limit, limit - estimate)


def wanted(result: SolveResult) -> bool:
    """Whether `result` has a plan but no useful bound (no phase took the forest bound's time for one of its own)."""
    repeats = result.stats.repeats
    took = repeats is not None and repeats.took_forest_time
    return (result.assignment is not None and result.status != OPTIMAL and not took
            and (result.gap is None or result.gap > WEAK_GAP))


def run(graph: StrategyGraph, result: SolveResult) -> ForestReport:
    """Compute the forest bound of `graph`; when it beats `result`'s bound, it becomes `result`'s bound (capped at
    the plan's cost) and gap."""
    t = now()
    forest = spanning_forest_bound(graph)
    if result.best_bound is None or forest > result.best_bound:
        result.best_bound = min(forest, result.cost)
        result.gap = (result.cost - result.best_bound) / max(1, abs(result.cost))
    report = ForestReport(forest, round(seconds_since(t), 3))
    result.stats.forest = report
    return report
