"""The shared pairwise problem: every view folds parallel edges and self-loops so that an assignment costs what
`plan_cost` says (forbidden entries aside), and the grouping is built once per graph."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_graphs import random_graph

from autoshard.solver.pairwise import (
    PENALTY,
    edge_groups,
    float_terms,
    int_terms,
    pair_incidence,
    penalized_terms,
)
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost


def _with_loops(graph: StrategyGraph, seed: int) -> StrategyGraph:
    """`graph` plus a self-loop on every other node (some of them twice)."""
    rng = np.random.default_rng(seed)
    edges = [(e.u, e.v, e.costs) for e in graph.edges]
    for u in range(0, graph.num_nodes, 2):
        s = len(graph.node_costs[u])
        for _ in range(1 + u % 3 // 2):
            edges.append((u, u, rng.integers(0, 20, size=(s, s))))
    return StrategyGraph.build(list(graph.node_costs), list(graph.node_usages), list(graph.intervals), edges,
                               graph.usage_limit)


def _cost(unary, merged, assignment) -> float:
    return sum(u[s] for u, s in zip(unary, assignment)) + sum(
        m[assignment[a], assignment[b]] for (a, b), m in merged.items())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 7))
def test_every_view_prices_an_assignment_as_plan_cost(seed: int, n: int) -> None:
    graph = _with_loops(random_graph(seed, n=n, parallel=True), seed)
    rng = np.random.default_rng(seed)
    assignment = [int(rng.integers(len(c))) for c in graph.node_costs]
    expected = plan_cost(graph, assignment)
    for unary, merged in (int_terms(graph), penalized_terms(graph), float_terms(graph, float(FORBIDDEN))):
        assert all(a < b for a, b in merged)
        assert _cost(unary, merged, assignment) == expected
    pairs = {(min(e.u, e.v), max(e.u, e.v)) for e in graph.edges if e.u != e.v}
    assert set(int_terms(graph)[1]) == pairs


def test_forbidden_entries_are_penalized_or_capped() -> None:
    graph = StrategyGraph.build([[0, FORBIDDEN], [0, 0]], edges=[(1, 0, [[FORBIDDEN, 3], [0, 0]])])
    unary, merged = penalized_terms(graph)
    assert unary[0].tolist() == [0, PENALTY] and merged[(0, 1)].tolist() == [[PENALTY, 0], [3, 0]]
    unary, merged = float_terms(graph, 100.0)
    assert unary[0].tolist() == [0.0, 100.0] and merged[(0, 1)].tolist() == [[100.0, 0.0], [3.0, 0.0]]
    unary, merged = int_terms(graph)
    assert merged[(0, 1)].tolist() == [[FORBIDDEN, 0], [3, 0]]


def test_grouping_is_built_once_per_graph_and_lists_incidence_in_pair_order() -> None:
    graph = random_graph(4, n=6, parallel=True)
    groups = edge_groups(graph)
    assert edge_groups(graph) is groups
    first = [groups.first_edge(p) for p in groups.pairs]
    assert first == sorted(first)  # pairs in order of first appearance
    incident = pair_incidence(list(groups.pairs), graph.num_nodes)
    for k, (u, v) in enumerate(groups.pairs):
        assert (k, 0) in incident[u] and (k, 1) in incident[v]
