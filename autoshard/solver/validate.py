"""Solver-free evaluation of an assignment: `plan_cost`, its usage over time and `validate_plan` (independent of any
model)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph


def plan_cost(graph: StrategyGraph, assignment: Sequence[int]) -> int:
    """Total cost of `assignment` (node costs plus every edge's entry), accumulated in Python ints."""
    total = 0
    for i, s in enumerate(assignment):
        total += int(graph.node_costs[i][s])
    for e in graph.edges:
        total += int(e.costs[assignment[e.u], assignment[e.v]])
    return total


def usage_profile(graph: StrategyGraph, assignment: Sequence[int]) -> np.ndarray:
    """Total usage at each time point `0 .. max interval end - 1` (each usage term of each node over its interval,
    each pair piece's entry for its two nodes' strategies over its interval)."""
    tmax = graph.time_span()
    delta = np.zeros(tmax + 1, dtype=np.int64)
    for i, s in enumerate(assignment):
        for lo, hi, usages in graph.usage_terms(i):
            u = int(usages[s])
            if u and hi > lo:
                delta[lo] += u
                delta[hi] -= u
    for p in graph.pair_pieces:
        u = int(p.usages[assignment[p.u], assignment[p.v]])
        lo, hi = p.interval
        if u and hi > lo:
            delta[lo] += u
            delta[hi] -= u
    return np.cumsum(delta)[:tmax]


def usage_floor(graph: StrategyGraph) -> np.ndarray:
    """The least usage any plan holds at each time point `0 .. time_span - 1`: each node's least usage there (over
    its segments, `StrategyGraph.usage_segments`; each pair piece's least entry)."""
    tmax = graph.time_span()
    delta = np.zeros(tmax + 1, dtype=np.int64)
    for i in range(graph.num_nodes):
        for lo, hi, usages in graph.usage_segments(i):
            u = int(usages.min())
            delta[lo] += u
            delta[hi] -= u
    for p in graph.pair_pieces:
        lo, hi = p.interval
        if hi > lo and p.usages.size:
            u = int(p.usages.min())
            delta[lo] += u
            delta[hi] -= u
    return np.cumsum(delta)[:tmax]


def peak_usage(graph: StrategyGraph, assignment: Sequence[int]) -> tuple[int, int]:
    """The highest total usage over time and the first time point where it occurs."""
    profile = usage_profile(graph, assignment)
    if not len(profile) or profile.max() <= 0:
        return 0, 0
    at = int(np.argmax(profile))
    return int(profile[at]), at


def least_peak_usage(graph: StrategyGraph) -> tuple[int, int]:
    """The least peak usage any plan can have (`usage_floor`'s peak) and the first time point where it occurs: over
    the usage limit, no plan fits."""
    floor = usage_floor(graph)
    if not len(floor) or floor.max() <= 0:
        return 0, 0
    at = int(np.argmax(floor))
    return int(floor[at]), at


def validate_plan(graph: StrategyGraph, assignment: Sequence[int]) -> list[str]:
    """Every reason `assignment` is not a valid plan (empty list when valid)."""
    problems: list[str] = []
    if len(assignment) != graph.num_nodes:
        return [f"assignment has {len(assignment)} entries for {graph.num_nodes} nodes"]
    for i, s in enumerate(assignment):
        if not 0 <= s < graph.num_strategies(i):
            problems.append(f"{graph.node_label(i)}: strategy {s} out of range 0..{graph.num_strategies(i) - 1}")
    if problems:
        return problems
    for i, s in enumerate(assignment):
        if int(graph.node_costs[i][s]) >= FORBIDDEN:
            problems.append(f"{graph.node_label(i)}: strategy {s} is forbidden")
    for e in graph.edges:
        if int(e.costs[assignment[e.u], assignment[e.v]]) >= FORBIDDEN:
            problems.append(
                f"{graph.node_label(e.u)} strategy {assignment[e.u]} with {graph.node_label(e.v)} "
                f"strategy {assignment[e.v]} is forbidden"
            )
    if graph.usage_limit is not None:
        peak, t = peak_usage(graph, assignment)
        if peak > graph.usage_limit:
            problems.append(f"usage {peak} at time {t} exceeds the limit {graph.usage_limit}")
    return problems
