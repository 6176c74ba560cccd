"""A lower bound from the linear-programming relaxation of the strategy graph, by min-sum diffusion.

The cost of an assignment is a sum of node terms and edge terms. Moving cost between an edge and one of its
nodes (subtract `phi(s)` from every entry of the edge's row `s`, add it to the node's cost of `s`) changes no
assignment's cost, so after any such reparametrization the sum of every term's minimum is a lower bound.
Min-sum diffusion (Schlesinger; Werner, "A linear programming approach to max-sum problem", 2007) repeatedly
averages each node with the row minima of its edges, which never lowers that sum and drives it towards the
optimum of the local-polytope LP relaxation: on the planner's graphs it usually closes the gap to the best
plan. The memory limit is ignored (a relaxation, so still a bound).

Forbidden entries are lowered to a finite cost above any plan worth having (`ceiling`): again a relaxation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.pairwise import float_terms, pair_incidence
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost
from autoshard.solver.work_rates import (
    READOUT_WORK_PER_EDGE,
    READOUT_WORK_PER_ENTRY,
    SWEEP_WORK_PER_ENTRY,
    SWEEP_WORK_PER_INCIDENCE,
    sweep_gate_seconds,
)

#: sweeps over which the sum must rise for the diffusion to go on
STALL_SWEEPS = 5



def sweep_seconds(graph: StrategyGraph) -> float:
    """Estimated seconds of one diffusion sweep over `graph` (it reads and shifts every matrix entry twice)."""
    return sweep_gate_seconds(graph.num_entries)


@dataclass(frozen=True)
class DualBound:
    """The bound (an integer no assignment beats), the sweeps run, and whether the sum stopped rising.

    `rounded` is the cheapest assignment read off the reparametrized node costs (each node's cheapest strategy)
    over the sweeps, with its cost `rounded_cost` (memory limit not checked): where the relaxation is tight it is
    an optimal plan, elsewhere a good start for the search.
    """

    bound: int
    sweeps: int
    converged: bool
    rounded: list[int] | None = None
    rounded_cost: int | None = None


def diffusion_bound(
    graph: StrategyGraph, deadline: float, ceiling: int | None = None, target: int | None = None,
    max_sweeps: int = 10_000,
) -> DualBound:
    """Lower bound on every assignment's cost (memory limit ignored), improved until `deadline` (monotonic
    seconds), convergence, or reaching `target` (e.g. the incumbent's cost: then it is proven optimal).

    `ceiling`: the cost forbidden entries are relaxed to (default: the sum of every term's largest allowed entry).
    """
    return Diffusion(graph, ceiling).run(deadline, target, max_sweeps)


class Diffusion:
    """Min-sum diffusion on `graph` that can be stopped and resumed: each `run` goes on from the
    reparametrization the previous one left (so a solver can give it more time once the search stalls)."""

    def __init__(self, graph: StrategyGraph, ceiling: int | None = None):
        self.graph = graph
        self.unary, self.mats, self.incident = _terms(graph, ceiling)
        self.order = [u for u in range(len(self.unary)) if self.incident[u]]
        self.rounded: list[int] | None = None
        self.rounded_cost: int | None = None
        self.best = -math.inf
        self.history: list[float] = []
        self.sweeps = 0
        self.converged = not self.unary
        self.readout_s = READOUT_WORK_PER_EDGE * len(self.mats) + READOUT_WORK_PER_ENTRY * (
            sum(m.size for m in self.mats) + sum(len(u) for u in self.unary))

    def run(self, deadline: float, target: int | None = None, max_sweeps: int = 10_000) -> DualBound:
        """Sweep until `deadline`, convergence, `target` or `max_sweeps` sweeps in all; the bound so far."""
        while not self.converged and self.sweeps < max_sweeps and now() < deadline:
            # alternate the sweep direction: information travels along the whole order in one sweep each way
            order = self.order if self.sweeps % 2 == 0 else self.order[::-1]
            diffusion_sweep(self.unary, self.mats, self.incident, order, deadline)
            self.sweeps += 1
            charge(self.readout_s)
            choice = [int(np.argmin(c)) for c in self.unary]
            cost = plan_cost(self.graph, choice)
            if self.rounded_cost is None or cost < self.rounded_cost:
                self.rounded, self.rounded_cost = choice, cost
            self.best = max(self.best, reparametrized_sum(self.unary, self.mats))
            self.history.append(self.best)
            if target is not None and as_bound(self.best) >= target:
                break
            # converged: the last STALL_SWEEPS sweeps together raised the sum by less than a relative 1e-7
            h = self.history
            if len(h) > STALL_SWEEPS and h[-1] - h[-1 - STALL_SWEEPS] <= 1e-7 * max(1.0, abs(h[-1])):
                self.converged = True
        bound = 0 if not self.unary else as_bound(self.best)
        return DualBound(bound, self.sweeps, self.converged, self.rounded, self.rounded_cost)


def diffusion_sweep(unary: list[np.ndarray], mats: list[np.ndarray], incident: list[list[tuple[int, int]]],
                    order: list[int], deadline: float) -> None:
    """One min-sum diffusion pass over `order` (in place): each node becomes the average of itself and its edges'
    row minima, and each edge gives up what its node gained. Stops early at `deadline` (any prefix of a pass is
    still a reparametrization, so every bound read afterwards stays valid)."""
    incidences = entries = 0  # the work since the last checkpoint, charged to the work clock there
    for step, u in enumerate(order):
        if step % 64 == 63:
            charge(SWEEP_WORK_PER_INCIDENCE * incidences + SWEEP_WORK_PER_ENTRY * entries)
            incidences = entries = 0
            if now() >= deadline:
                return
        total = unary[u].copy()
        minima = []
        incidences += len(incident[u])
        for k, side in incident[u]:
            m = mats[k].min(axis=1 - side)
            entries += mats[k].size
            minima.append(m)
            total += m
        total /= len(incident[u]) + 1
        unary[u] = total
        for (k, side), m in zip(incident[u], minima):
            shift = total - m
            mats[k] += shift[:, None] if side == 0 else shift[None, :]
    charge(SWEEP_WORK_PER_INCIDENCE * incidences + SWEEP_WORK_PER_ENTRY * entries)


def reparametrized_sum(unary: list[np.ndarray], mats: list[np.ndarray]) -> float:
    """The sum of every term's minimum: a lower bound on every assignment's cost, whatever the reparametrization."""
    return sum(float(c.min()) for c in unary) + sum(float(m.min()) for m in mats)


def as_bound(value: float) -> int:
    """An integer bound from a float one: costs are integers, so the optimum is at least the ceiling of the sum,
    taken after a margin for rounding (~1e-16 relative per term)."""
    return math.ceil(value - 1e-9 * abs(value) - 1e-6) if math.isfinite(value) else 0


def _terms(graph: StrategyGraph, ceiling: int | None):
    """Float node costs, merged edge matrices (parallel edges added, self-loops folded) and incidence lists
    (edge index, 0 if the node indexes rows else 1)."""
    if ceiling is None:
        ceiling = _default_ceiling(graph)
    unary, merged = float_terms(graph, float(max(1, ceiling)))
    mats = [np.array(m) for m in merged.values()]  # updated in place below: never a view of another array
    return unary, mats, pair_incidence(list(merged), len(unary))


def _default_ceiling(graph: StrategyGraph) -> int:
    """More than any assignment avoiding forbidden entries can cost."""
    total = 1
    for c in graph.node_costs:
        allowed = c[c < FORBIDDEN]
        total += int(allowed.max()) if len(allowed) else 0
    for e in graph.edges:
        allowed = e.costs[e.costs < FORBIDDEN]
        total += int(allowed.max()) if len(allowed) else 0
    return min(total, FORBIDDEN)
