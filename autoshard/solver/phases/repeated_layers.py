"""Repeat phase: repeated layers (see `repeated_blocks`), first on every graph that has them.

The phase works on the reduced graph when the reduction ran to its fixpoint (every copy of a layer reduced alike):
smaller, and its relaxation tighter, so the folded ascent settles in a fraction of the sweeps. Where the reduction
stopped early it works on the original graph (a reduction stopped early treats copies unevenly). The bound: the
dual ascent of the folded problem (one copy of each kind of block, carrying the costs of all), its potentials
lifted onto the phase's graph, whose own ascent goes on from there; its rounding, and the best plan giving every
copy of a block the same choices, become incumbents (and the heuristic's start when they are).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from autoshard.solver.clock import charge, now, seconds_since
from autoshard.solver.dual_bound import Diffusion, DualBound
from autoshard.solver.repeated_blocks import RepeatedBlocks, find_repeated_blocks, fold
from autoshard.solver.schedule import REPEAT_BOUND_SHARE
from autoshard.solver.state import SearchState
from autoshard.solver.stats import RepeatReport, Skipped
from autoshard.solver.strategy_graph import FORBIDDEN, Edge, StrategyGraph, clip_forbidden
from autoshard.solver.validate import plan_cost, usage_profile
from autoshard.solver.work_rates import (
    REPEAT_FIND_SECONDS_PER_ELEMENT,
    REPEAT_FIND_WORK_PER_ELEMENT,
)

#: least share of the graph's nodes in repeated blocks for the repeat phase to run
MIN_REPEATED_SHARE = 0.5
#: rounds of the folded problem with memory priced, after the first, while its plan breaks the usage limit
MEMORY_PRICE_ROUNDS = 4
#: share of the bound's time the folded problem's dual ascent takes (the whole graph's goes on from it)
FOLDED_DUAL_SHARE = 0.55
#: the price's growth from one priced round to the next
PRICE_GROWTH = 4.0
#: a priced round needs at least this much of the search's time left
MIN_ROUND_SECONDS = 0.5


@dataclass(frozen=True)
class Repeats:
    """The repeated blocks of `graph`, the graph the phase works on: the reduced graph when the reduction ran to its
    fixpoint, else the original graph."""

    blocks: RepeatedBlocks
    graph: StrategyGraph
    #: whether `graph` is the reduced graph (its plans and costs are the search's), else the original graph
    reduced: bool


def find(graph: StrategyGraph, reduced: bool, until: float) -> Repeats | Skipped:
    """The repeated layers of `graph` (the reduced graph when `reduced`, only once the reduction reached its
    fixpoint: one stopped early treats copies unevenly; else the original graph), or why the phase will not run: no
    time to look for them before `until`, or too few of the graph's nodes repeat."""
    elements = graph.num_nodes + len(graph.edges)
    if REPEAT_FIND_SECONDS_PER_ELEMENT * elements > until - now():
        return Skipped.NO_TIME
    blocks = find_repeated_blocks(graph)
    charge(REPEAT_FIND_WORK_PER_ELEMENT * elements)
    if blocks is None or blocks.repeated_nodes < MIN_REPEATED_SHARE * graph.num_nodes:
        return Skipped.NO_REPEATED_LAYERS
    return Repeats(blocks, graph, reduced)


def run(state: SearchState, repeats: Repeats | Skipped, until: float, deadline: float) -> RepeatReport:
    """Bound and plan from the repeated layers `find` found, until `until` (priced rounds of the folded plan, when
    its first plan breaks the usage limit, until the search's `deadline`); `report.bound` is None when the phase
    was skipped."""
    t = now()
    report = RepeatReport()
    state.stats.repeats = report
    if isinstance(repeats, Skipped):
        report.skipped = repeats
        return report
    folded = fold(repeats.graph, repeats.blocks)
    report.blocks = sum(len(c.members) for c in repeats.blocks.classes)
    report.folded_nodes = folded.num_nodes
    report.on_reduced = repeats.reduced
    state.repeat_on_reduced = repeats.reduced
    start = _bound(state, repeats, folded, now() + REPEAT_BOUND_SHARE * (until - now()), report)
    _plan(state, repeats, folded, until, deadline, report, start)
    report.seconds = round(seconds_since(t), 3)
    return report


def _bound(state: SearchState, repeats: Repeats, folded: StrategyGraph, until: float, report: RepeatReport
           ) -> list[int] | None:
    """The dual ascent of `folded` for `FOLDED_DUAL_SHARE` of the time (or until it proves the incumbent), its
    rounding offered (unfolded), then lifted onto the phase's graph and run on it until `until` or until it proves
    the incumbent: its bound raises the incumbent's (`report.bound`, original terms), its rounding is offered, and it
    stays in the state to be resumed. Returns the folded rounding (a start for the folded plan's search)."""
    graph, blocks = repeats.graph, repeats.blocks
    folded_dual = Diffusion(folded, potentials=True)
    rounded = folded_dual.run(now() + FOLDED_DUAL_SHARE * (until - now()), target=_phase_target(state)).rounded
    if rounded is not None:
        _offer(state, blocks.unfold(graph.num_nodes, rounded))
    state.repeat_dual = folded_dual.lift(graph, blocks.folded_index(graph.num_nodes), until)
    _adopt(state, state.repeat_dual.run(until, target=_phase_target(state)), report)
    return rounded


def resumable(state: SearchState) -> bool:
    """Whether the phase left an unconverged dual ascent of the whole graph to resume."""
    return state.repeat_dual is not None and not state.repeat_dual.converged


def resume(state: SearchState, until: float) -> None:
    """Go on with the whole graph's dual ascent until `until` (or until it proves the incumbent optimal)."""
    _adopt(state, state.repeat_dual.run(until, target=_phase_target(state)), state.stats.repeats)


def _phase_target(state: SearchState) -> int | None:
    """The bound in the phase graph's terms that settles the search for the incumbent (its folded problem's bound
    is one on the phase's graph too, up to the copies that do not repeat the fold: a target, not a proof)."""
    target = state.bound_target()
    return None if target is None else target + state.reduction.cost_offset - _offset(state)


def _adopt(state: SearchState, dual: DualBound, report: RepeatReport) -> None:
    """The phase graph's dual bound becomes the incumbent's (reduced terms) and the report's (original terms), its
    rounding an incumbent when valid and cheaper."""
    state.incumbent.raise_bound(dual.bound + _offset(state) - state.reduction.cost_offset)
    report.bound = max(report.bound or 0, dual.bound + _offset(state))
    report.dual_sweeps = dual.sweeps
    if dual.rounded is not None:
        _offer(state, np.asarray(dual.rounded, dtype=np.int64))


def _plan(state: SearchState, repeats: Repeats, folded: StrategyGraph, until: float, deadline: float,
          report: RepeatReport, start: list[int] | None = None) -> None:
    """The folded problem solved until `until` (from `start`, a folded plan, when given); its plan, unfolded, an
    incumbent (and the start) when better. Nothing to do once the incumbent is proven optimal.

    The folded problem has no usage limit. When its plan breaks the graph's, memory is priced into it and it is
    solved again (`MEMORY_PRICE_ROUNDS` at most, each as long as the first, within the search's `deadline`): a
    Lagrangian price per byte held at the time points where a plan went over the limit, set first so that the last
    plan's excess would cost as much as the plan itself, then multiplied by `PRICE_GROWTH` each round that still
    does not fit."""
    if state.settled():
        return
    graph, blocks = repeats.graph, repeats.blocks
    binding = np.zeros(0, dtype=bool)
    price = 0.0
    seconds = max(0.05, until - now())
    for round_index in range(MEMORY_PRICE_ROUNDS + 1):
        problem = folded if price == 0 else _with_memory_price(folded, graph, blocks, binding, price)
        result = state.solve_sub(problem, dataclasses.replace(state.config, max_time_in_seconds=seconds,
                                                              repeat_fraction=0.0),
                                 [start] if start is not None and price == 0 else [])
        report.folded_status = result.status
        if result.assignment is None:
            return
        unfolded = blocks.unfold(graph.num_nodes, result.assignment)
        if _offer(state, unfolded, report) or graph.usage_limit is None:
            return
        profile = usage_profile(graph, unfolded)
        over = profile > graph.usage_limit
        seconds = min(seconds, deadline - now())
        if not over.any() or seconds < MIN_ROUND_SECONDS:
            return
        binding = over if not len(binding) else binding | over
        excess = float(profile[binding].sum())
        price = price * PRICE_GROWTH if price else max(1.0, float(plan_cost(graph, unfolded))) / max(1.0, excess)
        report.memory_rounds = round_index + 1


def _offset(state: SearchState) -> int:
    """What a cost on the phase's graph lacks of the original cost: the reduction's offset on the reduced graph."""
    return state.reduction.cost_offset if state.repeat_on_reduced else 0


def _offer(state: SearchState, unfolded: np.ndarray, report: RepeatReport | None = None) -> bool:
    """Offer a plan of the phase's graph as the incumbent, and the start when it is; whether it fits. `report` (for
    the folded plan) records whether the reduction kept it."""
    plan = [int(x) for x in unfolded]
    if not state.repeat_on_reduced:
        plan = state.reduction.restrict(plan)
    if report is not None:
        report.plan_kept = plan is not None  # a reduction may have dropped one of its choices
    if plan is None:
        return False
    plan = np.asarray(plan, dtype=np.int64)
    if not state.fits(plan):
        return False
    cost = state.search.cost(plan)
    if cost < FORBIDDEN and state.incumbent.offer(plan, cost, "repeats"):
        state.start = plan
    return True


def _with_memory_price(folded: StrategyGraph, graph: StrategyGraph, blocks: RepeatedBlocks, binding: np.ndarray,
                       price: float) -> StrategyGraph:
    """`folded` with each node's strategies charged `price` per byte its copies hold at the `binding` time points,
    and each pair of nodes' strategies per byte their pair pieces hold there (as more edges)."""
    held = np.concatenate([[0], np.cumsum(binding, dtype=np.int64)])  # binding time points before each time

    def binding_points(lo: int, hi: int) -> int:
        return int(held[min(hi, len(binding))] - held[min(lo, len(binding))]) if hi > lo else 0

    extra = [np.zeros(len(c), dtype=np.float64) for c in folded.node_costs]
    index = blocks.folded_index(graph.num_nodes)
    for node, f in enumerate(index):
        for lo, hi, usages in graph.usage_terms(node):
            if points := binding_points(lo, hi):
                extra[f] += price * points * usages
    pair_extra: dict[tuple[int, int], np.ndarray] = {}
    for piece in graph.pair_pieces:
        if not (points := binding_points(*piece.interval)):
            continue
        fu, fv = int(index[piece.u]), int(index[piece.v])
        if fu == fv:  # copies of one folded node take one strategy
            extra[fu] += price * points * np.diagonal(piece.usages)
        else:
            pair_extra[(fu, fv)] = pair_extra.get((fu, fv), 0.0) + price * points * piece.usages

    def units(priced: np.ndarray) -> np.ndarray:  # integer cost units, at most FORBIDDEN
        return np.minimum(np.rint(priced), FORBIDDEN).astype(np.int64)

    costs = [clip_forbidden(c + units(e)) for c, e in zip(folded.node_costs, extra)]
    edges = tuple(Edge(u, v, units(m)) for (u, v), m in pair_extra.items())
    return dataclasses.replace(folded, node_costs=tuple(costs), edges=folded.edges + edges)
