"""Say why no plan exists: which constraints conflict, in the user's terms."""

from __future__ import annotations

import numpy as np

from autoshard.planner.plan_graph import PlanGraph
from autoshard.solver.instance import StrategyGraph
from autoshard.solver.validate import peak_usage
from autoshard.units import fmt_bytes


def explain_infeasible(
    graph: PlanGraph, problem: StrategyGraph, budget: float | None, status: str, solver_reason: str | None, time_limit: float
) -> str:
    """One line naming the conflict: memory budget vs the least memory any plan needs, or a time-out."""
    if budget:
        least = [int(np.argmin(u)) for u in problem.node_usages]
        need, at = peak_usage(problem, least)
        if need > budget:
            live = [
                graph.nodes[i].label for i, (lo, hi) in enumerate(problem.intervals) if lo <= at < hi and problem.node_usages[i][least[i]] > 0
            ]
            return (
                f"memory budget {fmt_bytes(budget)} per device is too small: even sharding every tensor as much as the mesh "
                f"allows needs {fmt_bytes(need)} at program point {at} (live there: {', '.join(live[:4])}"
                f"{', ...' if len(live) > 4 else ''}); raise --memory-budget to at least {fmt_bytes(need)} or use a larger mesh"
            )
    if status == "UNKNOWN" and not solver_reason:
        return f"the solver found no plan within the time limit of {time_limit:g} s; raise --time-limit"
    reason = solver_reason or "the constraints admit no plan"
    return f"no plan satisfies the constraints: {reason}" + (f" (memory budget {fmt_bytes(budget)} per device)" if budget else "")
