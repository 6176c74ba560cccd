"""A lower bound from the linear-programming relaxation of the strategy graph, by dual ascent.

The cost of an assignment is a sum of node terms and edge terms. Moving cost between an edge and one of its
nodes (subtract `phi(s)` from every entry of the edge's row `s`, add it to the node's cost of `s`) changes no
assignment's cost, so after any such reparametrization the sum of every term's minimum is a lower bound. The
`phi` of every pair end are the potentials; any potentials give a valid bound, and the best ones give the optimum
of the local-polytope LP relaxation, which on the planner's graphs is usually the optimum itself.

Two ascent steps move the potentials:
- min-sum diffusion (`diffusion_sweep`; Schlesinger; Werner, "A linear programming approach to max-sum problem",
  2007) averages each node with the row minima of its edges; the Lagrangian relaxation uses it;
- sequential tree-reweighted message passing (`message_passing_sweep`; Kolmogorov, "Convergent tree-reweighted
  message passing for energy minimization", 2006) moves each node's cost along the pass order, so a pass carries
  information the whole length of a deep model's graph where diffusion's averaging spreads it a few nodes; the
  `Diffusion` bound runs it.
The memory limit is ignored (a relaxation, so still a bound).

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
    DIFFUSION_SWEEP_WORK_PER_INCIDENCE,
    MESSAGE_PASSING_POTENTIALS_WORK_PER_INCIDENCE,
    MESSAGE_PASSING_ROUNDING_WORK_PER_INCIDENCE,
    MESSAGE_PASSING_WORK_PER_INCIDENCE,
    READOUT_WORK_PER_EDGE,
    READOUT_WORK_PER_ENTRY,
    READOUT_WORK_PER_NODE,
    SWEEP_WORK_PER_ENTRY,
    sweep_gate_seconds,
)

#: sweeps over which the sum must rise for the diffusion to go on
STALL_SWEEPS = 5
#: a lifted reparametrization is settled by this many passes over the nodes where the graph does not repeat the
#: fold, and their neighbours this many pairs away
SETTLE_SWEEPS = 4
SETTLE_HOPS = 3



def sweep_seconds(graph: StrategyGraph) -> float:
    """Estimated seconds of one diffusion sweep over `graph` (it reads and shifts every matrix entry twice)."""
    return sweep_gate_seconds(graph.num_entries)


@dataclass(frozen=True)
class DualBound:
    """The bound (an integer no assignment beats), the sweeps run, and whether the sum stopped rising.

    `rounded` is the cheapest of the sweeps' roundings (each node's cheapest strategy given the ones its pass
    picked before it), with its cost `rounded_cost` (memory limit not checked): where the relaxation is tight it
    is an optimal plan, elsewhere a good start for the search.
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
    """The dual ascent of `graph` (message-passing sweeps, alternating direction) that can be stopped and resumed:
    each `run` goes on from the reparametrization the previous one left (so a solver can give it more time once
    the search stalls). With `potentials`, `potentials[k]` adds up the row and column potentials moved into pair
    `k` (what `lift` spreads over an unfolded graph)."""

    def __init__(self, graph: StrategyGraph, ceiling: int | None = None, potentials: bool = False):
        self.graph = graph
        self.unary, self.mats, self.incident, self.ends = _terms(graph, ceiling)
        self.potentials = [(np.zeros(m.shape[0]), np.zeros(m.shape[1])) for m in self.mats] if potentials else None
        self.order = [u for u in range(len(self.unary)) if self.incident[u]]
        self.rounded: list[int] | None = None
        self.rounded_cost: int | None = None
        self.best = -math.inf
        self.history: list[float] = []
        self.sweeps = 0
        self.converged = not self.unary
        self.readout_s = READOUT_WORK_PER_EDGE * len(self.mats) + READOUT_WORK_PER_NODE * len(self.unary) + (
            READOUT_WORK_PER_ENTRY * (sum(m.size for m in self.mats) + sum(len(u) for u in self.unary)))

    def run(self, deadline: float, target: int | None = None, max_sweeps: int = 10_000) -> DualBound:
        """Sweep until `deadline`, convergence, `target` or `max_sweeps` sweeps in all; the bound so far."""
        labels = [int(np.argmin(c)) for c in self.unary]  # nodes without pairs keep their cheapest strategy
        while not self.converged and self.sweeps < max_sweeps and now() < deadline:
            # alternate the sweep direction: each pass carries costs towards the nodes it visits last
            order = self.order if self.sweeps % 2 == 0 else self.order[::-1]
            finished = message_passing_sweep(self.unary, self.mats, self.incident, self.ends, order, deadline,
                                             labels, self.potentials)
            self.sweeps += 1
            charge(self.readout_s)
            if finished:
                cost = plan_cost(self.graph, labels)
                if self.rounded_cost is None or cost < self.rounded_cost:
                    self.rounded, self.rounded_cost = list(labels), cost
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

    def lift(self, graph: StrategyGraph, folded_of: np.ndarray, deadline: float, ceiling: int | None = None
             ) -> Diffusion:
        """A dual ascent of `graph`, whose node `i` this one's node `folded_of[i]` stands for (`self.graph` is
        `graph` folded), started from this one's potentials: each of this graph's pairs shares its potentials
        equally among the pairs of `graph` that fold onto it (pairs inside one folded node start at zero). Any
        potentials give a valid bound; these start the ascent where the folded one ended wherever the graph repeats
        the fold. Where it does not (a node whose pairs do not fold one to one onto its folded node's: the ends of a
        run of layers), `SETTLE_SWEEPS` passes over those nodes and their neighbours `SETTLE_HOPS` pairs away
        settle the potentials, until `deadline`. Needs `potentials`."""
        assert self.potentials is not None, "lift needs the potentials tracked"
        lifted = Diffusion(graph, ceiling)
        index = {pair: k for k, pair in enumerate(self.ends)}
        targets: list[tuple[int, int, bool]] = []  # (lifted pair, folded pair, transposed)
        for k, (u, v) in enumerate(lifted.ends):
            a, b = int(folded_of[u]), int(folded_of[v])
            if a != b:
                targets.append((k, index[(min(a, b), max(a, b))], a > b))
        shares = np.bincount([f for _, f, _ in targets], minlength=len(self.ends))
        copies = np.bincount(folded_of, minlength=len(self.unary))
        share_of, copies_of = shares.tolist(), copies[folded_of].tolist()
        mats, unary = lifted.mats, lifted.unary
        unsettled = np.zeros(graph.num_nodes, dtype=bool)
        for k, f, transposed in targets:  # each end's share moved from its node into the pair (a reparametrization)
            rows, cols = self.potentials[f]
            rows, cols = (cols, rows) if transposed else (rows, cols)
            u, v = lifted.ends[k]
            phi = rows / share_of[f]
            mats[k] += phi[:, None]
            unary[u] -= phi
            phi = cols / share_of[f]
            mats[k] += phi[None, :]
            unary[v] -= phi
            if share_of[f] != copies_of[u] or share_of[f] != copies_of[v]:
                unsettled[[u, v]] = True
        # per node: its pairs that fold onto a pair
        folded_pairs = np.bincount([end for k, _, _ in targets for end in lifted.ends[k]], minlength=graph.num_nodes)
        degree = np.array([len(inc) for inc in self.incident] or [0])
        unsettled |= folded_pairs != degree[folded_of]
        lifted.settle(np.flatnonzero(unsettled), deadline)
        return lifted

    def settle(self, nodes: np.ndarray, deadline: float) -> None:
        """`SETTLE_SWEEPS` message-passing passes (alternating direction) over `nodes` and their neighbours up to
        `SETTLE_HOPS` pairs away, until `deadline`."""
        region = set(int(u) for u in nodes)
        frontier = set(region)
        for _ in range(SETTLE_HOPS):
            frontier = {self.ends[k][1 - side] for u in frontier for k, side in self.incident[u]} - region
            region |= frontier
        order = [u for u in sorted(region) if self.incident[u]]
        for sweep in range(SETTLE_SWEEPS):
            if not message_passing_sweep(self.unary, self.mats, self.incident, self.ends,
                                         order if sweep % 2 == 0 else order[::-1], deadline,
                                         potentials=self.potentials):
                break


def message_passing_sweep(unary: list[np.ndarray], mats: list[np.ndarray], incident: list[list[tuple[int, int]]],
                          ends: list[tuple[int, int]], order: list[int], deadline: float,
                          labels: list[int] | None = None,
                          potentials: list[tuple[np.ndarray, np.ndarray]] | None = None) -> bool:
    """One pass of sequential tree-reweighted message passing over `order` (in place): each node in turn takes in
    every incident pair's minima over the other end, then hands the sum on in equal shares, one to each pair whose
    other end the pass visits later, keeping the rest; a share is 1 / max(earlier pairs, later pairs). `labels`
    receives the pass's rounding: each node's cheapest strategy given the labels of its pairs' earlier ends and
    the minima over its later ones. `potentials` (per pair, rows and columns) add up the moves. Stops early at
    `deadline` (any prefix of a pass is a reparametrization, so bounds read afterwards stay valid); returns
    whether the pass finished."""
    rank = [0] * len(unary)
    for position, u in enumerate(order):
        rank[u] = position
    work = _SweepWork(MESSAGE_PASSING_WORK_PER_INCIDENCE
                      + (MESSAGE_PASSING_ROUNDING_WORK_PER_INCIDENCE if labels is not None else 0.0)
                      + (MESSAGE_PASSING_POTENTIALS_WORK_PER_INCIDENCE if potentials is not None else 0.0))
    # `_row_minima` and `_shift_rows` inlined, the checkpoint test too: a sweep takes these steps per incidence
    least = np.minimum.reduce
    checkpoint = _SweepWork.CHECKPOINT_NODES
    for step, u in enumerate(order):
        if step % checkpoint == checkpoint - 1 and work.past(step, deadline):
            return False
        here, pairs = rank[u], incident[u]
        total = unary[u].copy()
        given = total.copy() if labels is not None else None
        minima, later = [], []
        entries = 0
        for k, side in pairs:
            mat = mats[k]
            m = least(mat, axis=1 - side)
            entries += mat.size
            other = ends[k][1 - side]
            onward = rank[other] > here
            minima.append(m)
            later.append(onward)
            total += m
            if given is not None:
                given += m if onward else (mat[:, labels[other]] if side == 0 else mat[labels[other]])
        work.incidences += len(pairs)
        work.entries += entries
        onward_count = sum(later)
        share = total / max(onward_count, len(later) - onward_count, 1)
        for (k, side), m, onward in zip(pairs, minima, later):
            mat = mats[k]
            if onward:
                shift = share - m
                mat += shift[:, None] if side == 0 else shift
                if potentials is not None:
                    moved = potentials[k][side]
                    moved += shift
            else:  # subtracting `m` is adding `-m`, exactly, without the negated copy
                mat -= m[:, None] if side == 0 else m
                if potentials is not None:
                    moved = potentials[k][side]
                    moved -= m
        unary[u] = total - onward_count * share
        if labels is not None:
            labels[u] = int(given.argmin())
    work.charge()
    return True


def diffusion_sweep(unary: list[np.ndarray], mats: list[np.ndarray], incident: list[list[tuple[int, int]]],
                    order: list[int], deadline: float) -> None:
    """One min-sum diffusion pass over `order` (in place): each node becomes the average of itself and its edges'
    row minima, and each edge gives up what its node gained. Stops early at `deadline` (any prefix of a pass is
    still a reparametrization, so every bound read afterwards stays valid)."""
    work = _SweepWork(DIFFUSION_SWEEP_WORK_PER_INCIDENCE)
    for step, u in enumerate(order):
        if work.past(step, deadline):
            return
        total = unary[u].copy()
        minima = []
        work.incidences += len(incident[u])
        for k, side in incident[u]:
            m = _row_minima(mats[k], side)
            work.entries += mats[k].size
            minima.append(m)
            total += m
        total /= len(incident[u]) + 1
        unary[u] = total
        for (k, side), m in zip(incident[u], minima):
            _shift_rows(mats[k], side, total - m)
    work.charge()


def _row_minima(mat: np.ndarray, side: int) -> np.ndarray:
    """The minimum of each of `mat`'s rows (`side` 0) or columns (`side` 1): a pair's minima over its other end
    (the ufunc's reduce, without `ndarray.min`'s Python-level dispatch: a sweep calls it once per incidence)."""
    return np.minimum.reduce(mat, axis=1 - side)


def _shift_rows(mat: np.ndarray, side: int, shift: np.ndarray) -> None:
    """Add `shift[s]` to every entry of `mat`'s row `s` (`side` 0) or column `s` (`side` 1), in place."""
    mat += shift[:, None] if side == 0 else shift


class _SweepWork:
    """A sweep's work since the last checkpoint (incidences read, matrix entries read), charged to the work clock
    every `CHECKPOINT_NODES` nodes and at the end, at `per_incidence` work-clock seconds per incidence (the sweep's
    kind's rate) and `SWEEP_WORK_PER_ENTRY` per entry."""

    CHECKPOINT_NODES = 64

    def __init__(self, per_incidence: float) -> None:
        self.per_incidence = per_incidence
        self.incidences = self.entries = 0

    def past(self, step: int, deadline: float) -> bool:
        """At every checkpoint, charge the work and say whether `deadline` has passed (never between them)."""
        if step % self.CHECKPOINT_NODES != self.CHECKPOINT_NODES - 1:
            return False
        self.charge()
        return now() >= deadline

    def charge(self) -> None:
        charge(self.per_incidence * self.incidences + SWEEP_WORK_PER_ENTRY * self.entries)
        self.incidences = self.entries = 0


def reparametrized_sum(unary: list[np.ndarray], mats: list[np.ndarray]) -> float:
    """The sum of every term's minimum: a lower bound on every assignment's cost, whatever the reparametrization."""
    least = np.minimum.reduce  # `min` without its Python-level dispatch: read after every sweep, once per term
    return sum(float(least(c, axis=None)) for c in unary) + sum(float(least(m, axis=None)) for m in mats)


def as_bound(value: float) -> int:
    """An integer bound from a float one: costs are integers, so the optimum is at least the ceiling of the sum,
    taken after a margin for rounding (~1e-16 relative per term)."""
    return math.ceil(value - 1e-9 * abs(value) - 1e-6) if math.isfinite(value) else 0


def _terms(graph: StrategyGraph, ceiling: int | None):
    """Float node costs, merged edge matrices (parallel edges added, self-loops folded), incidence lists (pair
    index, 0 if the node indexes rows else 1) and each pair's ends."""
    if ceiling is None:
        ceiling = _default_ceiling(graph)
    unary, merged = float_terms(graph, float(max(1, ceiling)))
    mats = list(merged.values())  # updated in place below: `float_terms` makes each a fresh array of its own
    ends = list(merged)
    return unary, mats, pair_incidence(ends, len(unary)), ends


def _default_ceiling(graph: StrategyGraph) -> int:
    """More than any assignment avoiding forbidden entries can cost."""
    total = 1
    for c in graph.node_costs:
        total += _largest_allowed(c)
    for e in graph.edges:
        total += _largest_allowed(e.costs)
    return min(total, FORBIDDEN)


def _largest_allowed(costs: np.ndarray) -> int:
    """The largest entry of `costs` below `FORBIDDEN` (0 if none): one reduction when nothing is forbidden."""
    if not costs.size:
        return 0
    largest = int(np.maximum.reduce(costs, axis=None))
    if largest < FORBIDDEN:
        return largest
    allowed = costs[costs < FORBIDDEN]
    return int(allowed.max()) if len(allowed) else 0
