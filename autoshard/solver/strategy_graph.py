"""`StrategyGraph`: the solver's plain integer problem (no IR).

Every node picks one strategy. A strategy has a cost and a memory usage; the usage counts at every time point of the
node's half-open live interval ``[lo, hi)``. A node may hold more usage pieces (`UsagePiece`: a usage per strategy
over an interval of its own, e.g. a transient buffer while the node runs); all of them count. A pair of nodes may
hold a usage depending on both choices (`PairPiece`: a usage per pair of strategies over an interval, e.g. a buffer
one node's value is resharded into for the other), which counts as well. Every edge carries a
cost matrix over pairs of strategies of its two nodes. The total usage at every time point must stay within ``usage_limit`` (when given). Costs at or above
``FORBIDDEN`` mark choices that must never be made (user-fixed shardings, sharding groups).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

#: Costs at or above this value are forbidden (the IOPDDL instances use exactly 10**18 for "infinite").
FORBIDDEN: int = 10**18


def clip_forbidden(values: np.ndarray) -> np.ndarray:
    """Cap int64 cost sums at `FORBIDDEN` so that repeated additions never overflow."""
    return np.minimum(values, FORBIDDEN)


@dataclass(frozen=True, eq=False)
class Edge:
    """Cost matrix between node `u` (rows) and node `v` (columns), int64 of shape [S_u, S_v]."""

    u: int
    v: int
    costs: np.ndarray


@dataclass(frozen=True, eq=False)
class UsagePiece:
    """More usage of node `node`, int64 of shape [S_node] (one per strategy), held over the half-open `interval`."""

    node: int
    usages: np.ndarray
    interval: tuple[int, int]


@dataclass(frozen=True, eq=False)
class PairPiece:
    """Usage depending on the strategies of nodes `u` (rows) and `v` (columns), int64 of shape [S_u, S_v], held over
    the half-open `interval`."""

    u: int
    v: int
    usages: np.ndarray
    interval: tuple[int, int]


#: One pair usage term seen from one of its nodes: interval, usages oriented [own strategies, other's strategies],
#: the other node.
PairTerm = tuple[int, int, np.ndarray, int]


#: One usage term of a node: its half-open interval and its usage per strategy.
UsageTerm = tuple[int, int, np.ndarray]


@dataclass(frozen=True, eq=False)
class StrategyGraph:
    """A strategy-selection problem: per-node costs, usages and live intervals, edge cost matrices, a usage limit.

    Parallel edges between the same pair of nodes add up. Node `i` has ``len(node_costs[i])`` strategies. Its usage
    is ``node_usages[i]`` over ``intervals[i]`` plus each of its `pieces` over the piece's interval; each of
    `pair_pieces` adds its entry for the two nodes' strategies over its interval.
    """

    node_costs: tuple[np.ndarray, ...]
    node_usages: tuple[np.ndarray, ...]
    intervals: tuple[tuple[int, int], ...]
    edges: tuple[Edge, ...]
    usage_limit: int | None = None
    node_names: tuple[str, ...] | None = None
    name: str = ""
    pieces: tuple[UsagePiece, ...] = ()
    pair_pieces: tuple[PairPiece, ...] = ()
    _pair_terms: list = field(default=None, init=False, repr=False)  # type: ignore[assignment]
    _adjacency: list = field(default=None, init=False, repr=False)  # type: ignore[assignment]
    _terms: list = field(default=None, init=False, repr=False)  # type: ignore[assignment]
    _segments: list = field(default=None, init=False, repr=False)  # type: ignore[assignment]

    @staticmethod
    def build(
        node_costs: Sequence[Sequence[int]],
        node_usages: Sequence[Sequence[int]] | None = None,
        intervals: Sequence[tuple[int, int]] | None = None,
        edges: Sequence[tuple[int, int, Sequence[Sequence[int]] | np.ndarray]] = (),
        usage_limit: int | None = None,
        node_names: Sequence[str] | None = None,
        name: str = "",
        pieces: Sequence[tuple[int, Sequence[int] | np.ndarray, tuple[int, int]]] = (),
        pair_pieces: Sequence[tuple[int, int, Sequence[Sequence[int]] | np.ndarray, tuple[int, int]]] = (),
    ) -> StrategyGraph:
        """Build and check a graph from plain Python data; edge costs may be nested lists or arrays; `pieces` are
        (node, usage per strategy, interval), `pair_pieces` (u, v, usage per strategy pair, interval)."""
        n = len(node_costs)
        costs = tuple(np.asarray(c, dtype=np.int64).reshape(-1) for c in node_costs)
        usages = (
            tuple(np.zeros(len(c), dtype=np.int64) for c in costs)
            if node_usages is None
            else tuple(np.asarray(u, dtype=np.int64).reshape(-1) for u in node_usages)
        )
        ivs = tuple((0, 0) for _ in range(n)) if intervals is None else tuple((int(a), int(b)) for a, b in intervals)
        es = tuple(
            Edge(int(u), int(v), np.asarray(m, dtype=np.int64).reshape(len(costs[int(u)]), len(costs[int(v)])))
            for u, v, m in edges
        )
        extra = tuple(UsagePiece(int(i), np.asarray(u, dtype=np.int64).reshape(-1), (int(lo), int(hi)))
                      for i, u, (lo, hi) in pieces)
        pairs = tuple(PairPiece(int(u), int(v), np.asarray(m, dtype=np.int64), (int(lo), int(hi)))
                      for u, v, m, (lo, hi) in pair_pieces)
        graph = StrategyGraph(costs, usages, ivs, es, usage_limit, tuple(node_names) if node_names else None, name,
                              extra, pairs)
        graph.check()
        return graph

    @property
    def num_nodes(self) -> int:
        return len(self.node_costs)

    @property
    def num_entries(self) -> int:
        """Cost entries of the graph: every edge matrix's entries plus every node's costs."""
        return sum(e.costs.size for e in self.edges) + sum(len(c) for c in self.node_costs)

    def num_strategies(self, node: int) -> int:
        return len(self.node_costs[node])

    def node_label(self, node: int) -> str:
        """A human-readable name of `node` for explanations."""
        return self.node_names[node] if self.node_names else f"node {node}"

    def adjacency(self) -> list[list[int]]:
        """Edge indices incident to each node (cached)."""
        if self._adjacency is None:
            adj: list[list[int]] = [[] for _ in range(self.num_nodes)]
            for k, e in enumerate(self.edges):
                adj[e.u].append(k)
                if e.v != e.u:
                    adj[e.v].append(k)
            object.__setattr__(self, "_adjacency", adj)
        return self._adjacency

    def usage_terms(self, node: int) -> list[UsageTerm]:
        """Every usage term of `node`: its own interval and usages first, then its pieces' (cached)."""
        if self._terms is None:
            terms: list[list[UsageTerm]] = [[(lo, hi, u)] for (lo, hi), u in zip(self.intervals, self.node_usages)]
            for p in self.pieces:
                terms[p.node].append((p.interval[0], p.interval[1], p.usages))
            object.__setattr__(self, "_terms", terms)
        return self._terms[node]

    def pair_terms(self, node: int) -> list[PairTerm]:
        """The pair pieces `node` is an end of, non-empty ones only, as seen from it (cached)."""
        if self._pair_terms is None:
            terms: list[list[PairTerm]] = [[] for _ in range(self.num_nodes)]
            for p in self.pair_pieces:
                lo, hi = p.interval
                if hi > lo:
                    terms[p.u].append((lo, hi, p.usages, p.v))
                    terms[p.v].append((lo, hi, p.usages.T, p.u))
            object.__setattr__(self, "_pair_terms", terms)
        return self._pair_terms[node]

    def usage_segments(self, node: int) -> list[UsageTerm]:
        """`node`'s usage as disjoint non-empty intervals, in time order, each with the sum of the usage terms live
        there (the node's own term alone when it has no pieces; cached)."""
        if self._segments is None:
            object.__setattr__(self, "_segments", [None] * self.num_nodes)
        found = self._segments[node]
        if found is None:
            terms = [t for t in self.usage_terms(node) if t[1] > t[0]]
            if len(terms) <= 1:
                found = terms
            else:
                points = sorted({p for lo, hi, _ in terms for p in (lo, hi)})
                found = []
                for a, b in zip(points, points[1:]):
                    live = [u for lo, hi, u in terms if lo <= a and b <= hi]
                    if live:
                        found.append((a, b, np.sum(live, axis=0) if len(live) > 1 else live[0]))
            self._segments[node] = found
        return found

    def time_span(self) -> int:
        """One past the last time point any usage term holds (0 without any)."""
        return max((hi for _, hi in (*self.intervals, *(p.interval for p in (*self.pieces, *self.pair_pieces)))),
                   default=0)

    def check(self) -> None:
        """Raise ValueError when shapes or indices are inconsistent."""
        n = self.num_nodes
        if len(self.node_usages) != n or len(self.intervals) != n:
            raise ValueError("node_costs, node_usages and intervals must have one entry per node")
        if self.node_names is not None and len(self.node_names) != n:
            raise ValueError("node_names must have one entry per node")
        for i in range(n):
            if len(self.node_costs[i]) == 0:
                raise ValueError(f"{self.node_label(i)} has no strategies")
            if self.node_usages[i].shape != self.node_costs[i].shape:
                raise ValueError(f"{self.node_label(i)}: {len(self.node_usages[i])} usages for {len(self.node_costs[i])} strategies")
            lo, hi = self.intervals[i]
            if lo < 0 or hi < lo:
                raise ValueError(f"{self.node_label(i)}: bad live interval [{lo}, {hi})")
        for p in self.pieces:
            if not 0 <= p.node < n:
                raise ValueError(f"a usage piece belongs to node {p.node}, but there are {n} nodes")
            if p.usages.shape != self.node_costs[p.node].shape:
                raise ValueError(f"{self.node_label(p.node)}: a usage piece has {len(p.usages)} usages for "
                                 f"{len(self.node_costs[p.node])} strategies")
            lo, hi = p.interval
            if lo < 0 or hi < lo:
                raise ValueError(f"{self.node_label(p.node)}: bad usage piece interval [{lo}, {hi})")
        for p in self.pair_pieces:
            if not (0 <= p.u < n and 0 <= p.v < n) or p.u == p.v:
                raise ValueError(f"a pair usage piece joins nodes {p.u} and {p.v}, but there are {n} nodes")
            want = (len(self.node_costs[p.u]), len(self.node_costs[p.v]))
            if p.usages.shape != want:
                raise ValueError(f"a pair usage piece of {self.node_label(p.u)} and {self.node_label(p.v)} has shape "
                                 f"{p.usages.shape}, expected {want}")
            lo, hi = p.interval
            if lo < 0 or hi < lo:
                raise ValueError(f"bad pair usage piece interval [{lo}, {hi})")
        for k, e in enumerate(self.edges):
            if not (0 <= e.u < n and 0 <= e.v < n):
                raise ValueError(f"edge {k} joins nodes {e.u} and {e.v}, but there are {n} nodes")
            want = (len(self.node_costs[e.u]), len(self.node_costs[e.v]))
            if e.costs.shape != want:
                raise ValueError(f"edge {k} cost matrix has shape {e.costs.shape}, expected {want}")
