"""Tied nodes: nodes of a `StrategyGraph` that must take the same strategy index, solved as one node.

`tie_nodes(graph, pairs)` joins each tied group into its first node (the representative): the members' costs add
onto it, their usages become usage pieces of it over their own intervals, their edges and pair pieces end at it (a
pair piece between two members becomes a usage piece of its diagonal; an edge between
two members of one group reads its diagonal and moves into the node's costs). A plan of the tied graph has the
same cost and the same usage at every time point as the plan of the original graph that gives every member its
representative's strategy (`TiedNodes.expand`), so the bound the search proves on the tied graph is a bound on
every plan of the original graph that honours the ties, not on the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.solver.disjoint_sets import DisjointSets
from autoshard.solver.strategy_graph import StrategyGraph, UsagePiece, clip_forbidden


@dataclass(frozen=True)
class TiedNodes:
    """The tied graph (`graph`) and, per original node, the tied node it became (`node_of`)."""

    graph: StrategyGraph
    node_of: np.ndarray

    def expand(self, assignment: Sequence[int]) -> list[int]:
        """A plan of the tied graph as a plan of the original graph."""
        return [int(assignment[k]) for k in self.node_of]

    def restrict(self, assignment: Sequence[int]) -> list[int]:
        """A plan of the original graph on the tied graph: each group takes its representative's strategy."""
        tied = [-1] * self.graph.num_nodes
        for node, k in enumerate(self.node_of):
            if tied[k] < 0:
                tied[k] = int(assignment[node])
        return tied


def tie_nodes(graph: StrategyGraph, pairs: Sequence[tuple[int, int]]) -> TiedNodes:
    """`graph` with the nodes of each pair (transitively) joined into one node (module docstring); the nodes of a
    pair must have as many strategies, strategy i of one tied to strategy i of the other."""
    sets = DisjointSets(graph.num_nodes)
    for a, b in pairs:
        if graph.num_strategies(a) != graph.num_strategies(b):
            raise ValueError(f"cannot tie {graph.node_label(a)} and {graph.node_label(b)}: "
                             f"{graph.num_strategies(a)} and {graph.num_strategies(b)} strategies")
        sets.union(a, b)
    roots = [sets.find(i) for i in range(graph.num_nodes)]
    representative: dict[int, int] = {}  # root -> first node of its group
    for node, root in enumerate(roots):
        representative.setdefault(root, node)
    kept = sorted(set(representative.values()))
    index = {node: k for k, node in enumerate(kept)}
    node_of = np.array([index[representative[root]] for root in roots], dtype=np.int64)
    costs = [graph.node_costs[node].copy() for node in kept]
    pieces = [UsagePiece(int(node_of[p.node]), p.usages, p.interval) for p in graph.pieces]
    for node in range(graph.num_nodes):
        k = int(node_of[node])
        if kept[k] == node:
            continue
        costs[k] = clip_forbidden(costs[k] + graph.node_costs[node])
        lo, hi = graph.intervals[node]
        if hi > lo and graph.node_usages[node].any():
            pieces.append(UsagePiece(k, graph.node_usages[node], (lo, hi)))
    edges = []
    for e in graph.edges:
        u, v = int(node_of[e.u]), int(node_of[e.v])
        if u == v and e.u != e.v:  # joined by the ties: both ends take one strategy
            costs[u] = clip_forbidden(costs[u] + np.diagonal(e.costs))
        else:
            edges.append((u, v, e.costs))
    pair_pieces = []
    for p in graph.pair_pieces:
        u, v = int(node_of[p.u]), int(node_of[p.v])
        if u == v:  # joined by the ties: its diagonal is a usage piece of the joined node
            pieces.append(UsagePiece(u, np.diagonal(p.usages).copy(), p.interval))
        else:
            pair_pieces.append((u, v, p.usages, p.interval))
    names = [graph.node_label(node) for node in kept] if graph.node_names else None
    tied = StrategyGraph.build(costs, [graph.node_usages[node] for node in kept], [graph.intervals[node] for node in kept],
                               edges, graph.usage_limit, names, graph.name,
                               [(p.node, p.usages, p.interval) for p in pieces], pair_pieces)
    return TiedNodes(tied, node_of)
