"""Say why no plan exists: which constraints conflict, in the user's terms."""

from __future__ import annotations

import math

import numpy as np

from autoshard.errors import InfeasibleError
from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.planner.program import BARRIER_OP
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.validate import least_peak_usage
from autoshard.units import fmt_bytes


#: the remedy `memory_remedies` names for a program without `jax.checkpoint`
CHECKPOINT_REMEDY = "wrap each layer in jax.checkpoint"
#: the remedy it names for a program with `jax.checkpoint` on a backend that merges the recomputation
REMAT_REMEDY = "recompute layers with --remat auto (this backend merges jax.checkpoint's recomputation)"


def memory_remedies(graph: PlanGraph, need: float, budget: float, merges_recomputation: bool = False
                    ) -> tuple[str, ...]:
    """What would let a plan needing `need` bytes per device fit `budget`: the budget it needs, a mesh with
    proportionally more devices (the sharded arguments and activations shrink with it), `jax.checkpoint` around
    each layer when the program has none (`--remat auto` when it has some and the backend `merges_recomputation`,
    so that they save nothing), bf16 parameters when its float arguments are mostly f32 and none is 16-bit (a
    program keeping its parameters in bf16 beside f32 optimizer moments is mostly f32 already mixed)."""
    remedies = list(budget_remedies(need, budget))
    if not any(str(node.label).startswith(BARRIER_OP) for node in graph.nodes):  # jax.checkpoint's barrier
        remedies.append(CHECKPOINT_REMEDY)
    elif merges_recomputation:
        remedies.append(REMAT_REMEDY)
    floats = [(info.dtype, int(np.prod(info.shape, dtype=np.int64))) for node in graph.nodes
              if node.kind == NodeKind.ARGUMENT for info in node.outputs[:1] if info.dtype.startswith(("f", "bf"))]
    f32 = sum(n for dtype, n in floats if dtype == "f32")
    half = any(dtype in ("bf16", "f16") for dtype, _ in floats)
    if floats and not half and 2 * f32 > sum(n for _, n in floats):
        remedies.append("keep parameters in bf16")
    return tuple(remedies)


def budget_remedies(need: float, budget: float) -> tuple[str, str]:
    """The budget a plan needing `need` bytes per device fits, and the mesh it would fit `budget` on."""
    return (f"raise --memory-budget to at least {fmt_bytes(need)}",
            f"use a mesh with at least {math.ceil(10 * need / budget) / 10:g}x the devices")


def remedies_text(remedies: tuple[str, ...]) -> str:
    """`a, b or c`."""
    return ", ".join(remedies[:-1]) + " or " + remedies[-1] if len(remedies) > 1 else "".join(remedies)


def infeasible_error(
    graph: PlanGraph, problem: StrategyGraph, budget: float | None, status: str, solver_reason: str | None, time_limit: float,
    merges_recomputation: bool = False,
) -> InfeasibleError:
    """The error naming the conflict in one line: memory budget vs the least memory any plan needs (with
    `needed_bytes` and `remedies`, `memory_remedies`), or a time-out."""
    if budget:
        need, at = least_peak_usage(problem)  # over half steps (`strategy_problem`), beside what every plan holds
        if problem.usage_limit is not None:
            need += int(budget) - problem.usage_limit  # the limit is the budget less what every plan holds
        if need > budget:
            live = [graph.nodes[i].label for i in range(problem.num_nodes)
                    if any(lo <= at < hi and usages.min() > 0 for lo, hi, usages in problem.usage_segments(i))]
            remedies = memory_remedies(graph, need, budget, merges_recomputation)
            return InfeasibleError(
                f"memory budget {fmt_bytes(budget)} per device is too small: even sharding every tensor as much as the mesh "
                f"allows needs {fmt_bytes(need)} at program point {at // 2} (live there: {', '.join(live[:4])}"
                f"{', ...' if len(live) > 4 else ''}); {remedies_text(remedies)}", needed_bytes=need, budget_bytes=budget,
                remedies=remedies, needed_proven=True)
    if status == "UNKNOWN" and not solver_reason:
        return InfeasibleError(f"the solver found no plan within the time limit of {time_limit:g} s; raise --time-limit")
    reason = solver_reason or "the constraints admit no plan"
    return InfeasibleError(f"no plan satisfies the constraints: {reason}"
                           + (f" (memory budget {fmt_bytes(budget)} per device)" if budget else ""))
