"""Repeat phase: repeated layers (see `repeats`), on graphs too large for the diffusion bound to get far.

Found on the original graph (a reduction stopped early treats copies unevenly): a bound from one diffusion per kind
of block gives one on the whole, and the best plan giving every copy of a block the same choices becomes an
incumbent (and the heuristic's start when it is).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.dual_bound import Diffusion, sweep_seconds
from autoshard.solver.instance import FORBIDDEN, StrategyGraph
from autoshard.solver.repeats import RepeatedBlocks, find_repeated_blocks, fold
from autoshard.solver.schedule import REPEAT_BOUND_SHARE, REPEAT_FIND_SHARE
from autoshard.solver.state import SearchState
from autoshard.solver.stats import RepeatReport, Skipped
from autoshard.solver.work_rates import (
    REPEAT_FIND_SECONDS_PER_ELEMENT,
    REPEAT_FIND_WORK_PER_ELEMENT,
    sweep_wall_seconds,
)

#: least share of the graph's nodes in repeated blocks for the repeat phase to run
MIN_REPEATED_SHARE = 0.5


def wall_sweep_seconds(red: StrategyGraph) -> float:
    """Estimated wall seconds of a diffusion sweep over `red`, counting the per-incidence overhead `sweep_seconds`
    leaves out: the gate that prefers this phase to the diffusion phase."""
    return sweep_wall_seconds(red.num_entries, 2 * len(red.edges))


def run(state: SearchState, until: float) -> RepeatReport:
    """Bound and plan from the repeated layers until `until`; `report.bound` is None when the phase was skipped."""
    t = now()
    report = RepeatReport()
    state.stats.repeats = report
    graph = state.reduction.original
    elements = graph.num_nodes + len(graph.edges)
    if REPEAT_FIND_SECONDS_PER_ELEMENT * elements > REPEAT_FIND_SHARE * (until - t):
        report.skipped = Skipped.NO_TIME
        return report
    blocks = find_repeated_blocks(graph)
    charge(REPEAT_FIND_WORK_PER_ELEMENT * elements)
    if blocks is None or blocks.repeated_nodes < MIN_REPEATED_SHARE * graph.num_nodes:
        report.skipped = Skipped.NO_REPEATED_LAYERS
        return report
    folded = fold(graph, blocks)
    report.blocks = sum(len(c.members) for c in blocks.classes)
    report.folded_nodes = folded.num_nodes
    report.bound = _bound(state, graph, blocks, now() + REPEAT_BOUND_SHARE * (until - now()))
    _plan(state, graph, blocks, folded, until, report)
    report.seconds = round(now() - t, 3)
    return report


def _bound(state: SearchState, graph: StrategyGraph, blocks: RepeatedBlocks, until: float) -> int:
    """The min-sum diffusion bound of each class's block (nothing else proves one on these graphs), its time in
    proportion to the block's matrix entries; raises the incumbent's bound and returns it (original terms)."""
    sizes = [sweep_seconds(c.graph) for c in blocks.classes]
    left = sum(sizes)
    bounds: list[int] = []
    for cls, size in zip(blocks.classes, sizes):
        share = size / left if left > 0 else 1.0
        left -= size
        bounds.append(Diffusion(cls.graph).run(now() + share * (until - now())).bound)
    bound = blocks.bound(graph, bounds)
    state.incumbent.raise_bound(bound - state.reduction.cost_offset)
    return bound


def _plan(state: SearchState, graph: StrategyGraph, blocks: RepeatedBlocks, folded: StrategyGraph, until: float,
          report: RepeatReport) -> None:
    """The folded problem solved until `until`; its plan, unfolded, an incumbent (and the start) when better."""
    sub_config = dataclasses.replace(state.config, max_time_in_seconds=max(0.05, until - now()), repeat_fraction=0.0)
    result = state.solve_sub(folded, sub_config)
    report.folded_status = result.status
    if result.assignment is None:
        return
    plan = state.reduction.restrict([int(x) for x in blocks.unfold(graph.num_nodes, result.assignment)])
    report.plan_kept = plan is not None  # a reduction may have dropped one of its choices
    if plan is not None:
        plan = np.asarray(plan, dtype=np.int64)
        cost = state.search.cost(plan)
        if cost < FORBIDDEN and state.fits(plan) and state.incumbent.offer(plan, cost, "repeats"):
            state.start = plan
