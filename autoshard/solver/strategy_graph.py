"""`StrategyGraph`: the solver's plain integer problem (no IR).

Every node picks one strategy. A strategy has a cost and a memory usage; the usage counts at every time point of the
node's half-open live interval ``[lo, hi)``. Every edge carries a cost matrix over pairs of strategies of its two
nodes. The total usage at every time point must stay within ``usage_limit`` (when given). Costs at or above
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
class StrategyGraph:
    """A strategy-selection problem: per-node costs, usages and live intervals, edge cost matrices, a usage limit.

    Parallel edges between the same pair of nodes add up. Node `i` has ``len(node_costs[i])`` strategies.
    """

    node_costs: tuple[np.ndarray, ...]
    node_usages: tuple[np.ndarray, ...]
    intervals: tuple[tuple[int, int], ...]
    edges: tuple[Edge, ...]
    usage_limit: int | None = None
    node_names: tuple[str, ...] | None = None
    name: str = ""
    _adjacency: list = field(default=None, init=False, repr=False)  # type: ignore[assignment]

    @staticmethod
    def build(
        node_costs: Sequence[Sequence[int]],
        node_usages: Sequence[Sequence[int]] | None = None,
        intervals: Sequence[tuple[int, int]] | None = None,
        edges: Sequence[tuple[int, int, Sequence[Sequence[int]] | np.ndarray]] = (),
        usage_limit: int | None = None,
        node_names: Sequence[str] | None = None,
        name: str = "",
    ) -> StrategyGraph:
        """Build and check a graph from plain Python data; edge costs may be nested lists or arrays."""
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
        graph = StrategyGraph(costs, usages, ivs, es, usage_limit, tuple(node_names) if node_names else None, name)
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
        for k, e in enumerate(self.edges):
            if not (0 <= e.u < n and 0 <= e.v < n):
                raise ValueError(f"edge {k} joins nodes {e.u} and {e.v}, but there are {n} nodes")
            want = (len(self.node_costs[e.u]), len(self.node_costs[e.v]))
            if e.costs.shape != want:
                raise ValueError(f"edge {k} cost matrix has shape {e.costs.shape}, expected {want}")
