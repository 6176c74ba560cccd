"""The pairwise problem of a `StrategyGraph`: node cost vectors plus one cost matrix per pair of nodes.

A graph may have several edges between two nodes and self-loops. `edge_groups` groups them once per graph (parallel
edges per node pair, lower node first, pairs in order of first appearance; self-loops per node); `merge_terms`
folds them into one matrix per pair (rows: the lower node) and the self-loops' diagonals into the node costs, in
edge order, under a view of the entries:

- `int_terms`: the costs, sums capped at `FORBIDDEN` (the exact reductions);
- `float_terms`: floats capped at a ceiling, forbidden entries finite (relaxations: bounds, diffusion);
- `penalized_terms`: forbidden entries priced at `PENALTY` (the local search).

`pair_incidence` lists, per node, the pairs it is an end of.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph, clip_forbidden

#: Price of one forbidden entry inside the search: above any real plan's total, far below int64 overflow.
PENALTY: int = 10**14

Pair = tuple[int, int]


@dataclass(frozen=True)
class EdgeGroups:
    """Per node pair (lower node first, in order of first appearance) its edges in order, each with whether its
    matrix is transposed to put the lower node on rows; the self-loops as (node, edge) in edge order."""

    pairs: dict[Pair, tuple[tuple[int, bool], ...]]
    loops: tuple[tuple[int, int], ...]

    def first_edge(self, pair: Pair) -> int:
        """The index of the first edge between the pair's nodes."""
        return self.pairs[pair][0][0]


_GROUPS: weakref.WeakKeyDictionary[StrategyGraph, EdgeGroups] = weakref.WeakKeyDictionary()


def edge_groups(graph: StrategyGraph) -> EdgeGroups:
    """The edge groups of `graph`, computed once per graph object."""
    groups = _GROUPS.get(graph)
    if groups is None:
        pairs: dict[Pair, list[tuple[int, bool]]] = {}
        loops = []
        for k, e in enumerate(graph.edges):
            if e.u == e.v:
                loops.append((e.u, k))
            else:
                pairs.setdefault((min(e.u, e.v), max(e.u, e.v)), []).append((k, e.u > e.v))
        groups = EdgeGroups({key: tuple(members) for key, members in pairs.items()}, tuple(loops))
        _GROUPS[graph] = groups
    return groups


def merge_terms(
    graph: StrategyGraph,
    node_view: Callable[[np.ndarray], np.ndarray],
    edge_view: Callable[[np.ndarray], np.ndarray],
    combine: Callable[[np.ndarray, np.ndarray], np.ndarray],
    first: Callable[[np.ndarray], np.ndarray] = lambda m: m,
) -> tuple[list[np.ndarray], dict[Pair, np.ndarray]]:
    """Node vectors (`node_view` of each node's costs, each self-loop's diagonal `combine`d in) and one matrix per
    pair (`first` of its first edge's `edge_view`, the others `combine`d in edge order)."""
    groups = edge_groups(graph)
    unary = [node_view(c) for c in graph.node_costs]
    for node, k in groups.loops:
        unary[node] = combine(unary[node], np.diagonal(edge_view(graph.edges[k].costs)))
    merged: dict[Pair, np.ndarray] = {}
    for pair, members in groups.pairs.items():
        acc = None
        for k, transposed in members:
            m = edge_view(graph.edges[k].costs)
            m = m.T if transposed else m
            acc = first(m) if acc is None else combine(acc, m)
        merged[pair] = acc
    return unary, merged


def int_terms(graph: StrategyGraph) -> tuple[list[np.ndarray], dict[Pair, np.ndarray]]:
    """Node costs and pair matrices as int64 arrays, sums capped at `FORBIDDEN`: fresh arrays, except that a pair
    with one edge shares that edge's matrix when it is int64 and read-only (the planner's are; copying them all
    took seconds on deep models). Callers replace these arrays, never write into them."""
    return merge_terms(graph, lambda c: c.copy(), lambda m: m, lambda a, b: clip_forbidden(a + b), _int64_or_shared)


def _int64_or_shared(m: np.ndarray) -> np.ndarray:
    """`m` itself when it is a read-only int64 array, else a fresh int64 copy."""
    if m.dtype == np.int64 and not m.flags.writeable:
        return m
    return np.array(m, dtype=np.int64)


def float_terms(graph: StrategyGraph, cap: float) -> tuple[list[np.ndarray], dict[Pair, np.ndarray]]:
    """Node costs and pair matrices as floats, each entry capped at `cap` before summing (forbidden entries become
    finite: a relaxation). Every array is fresh, C-contiguous and in no other term: callers update them in place
    (one pass over each edge's entries; deep models' pairs hold hundreds of millions)."""
    def capped(c: np.ndarray) -> np.ndarray:
        return np.minimum(c, cap, out=np.empty(c.shape, dtype=np.float64))

    def add_into(acc: np.ndarray, m: np.ndarray) -> np.ndarray:
        return np.add(acc, m, out=acc)

    return merge_terms(graph, capped, capped, add_into, np.ascontiguousarray)


def penalized(values: np.ndarray) -> np.ndarray:
    """`values` with every forbidden entry replaced by `PENALTY` (`values` itself when it has none; read-only)."""
    values = np.asarray(values, dtype=np.int64)
    if values.size == 0 or int(np.maximum.reduce(values, axis=None)) < FORBIDDEN:  # `max` without its dispatch
        return values
    return np.where(values >= FORBIDDEN, PENALTY, values)


def penalized_terms(graph: StrategyGraph) -> tuple[list[np.ndarray], dict[Pair, np.ndarray]]:
    """Node costs and pair matrices with forbidden entries at `PENALTY`, sums capped at `FORBIDDEN`."""
    return merge_terms(graph, penalized, penalized, lambda a, b: np.minimum(a + b, FORBIDDEN))


def pair_incidence(ends: Sequence[Pair], num_nodes: int) -> list[list[tuple[int, int]]]:
    """Per node, (pair index, 0 when the node is the pair's first end else 1), in pair order."""
    incident: list[list[tuple[int, int]]] = [[] for _ in range(num_nodes)]
    for k, (u, v) in enumerate(ends):
        incident[u].append((k, 0))
        incident[v].append((k, 1))
    return incident
