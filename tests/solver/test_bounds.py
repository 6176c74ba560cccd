"""The spanning-forest bound never exceeds the optimum and is exact on trees."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.solver.bounds import spanning_forest_bound
from autoshard.solver.instance import StrategyGraph


def brute_force(graph: StrategyGraph) -> int:
    best = None
    for choice in itertools.product(*(range(graph.num_strategies(i)) for i in range(graph.num_nodes))):
        cost = sum(int(graph.node_costs[i][s]) for i, s in enumerate(choice))
        cost += sum(int(e.costs[choice[e.u], choice[e.v]]) for e in graph.edges)
        best = cost if best is None else min(best, cost)
    return best


@st.composite
def graphs(draw, tree: bool):
    n = draw(st.integers(1, 6))
    sizes = [draw(st.integers(1, 3)) for _ in range(n)]
    rng = np.random.default_rng(draw(st.integers(0, 2**31)))
    costs = [rng.integers(0, 20, s) for s in sizes]
    pairs = [(draw(st.integers(0, i - 1)), i) for i in range(1, n)] if tree else [
        (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))) for _ in range(draw(st.integers(0, 8)))]
    edges = [(u, v, rng.integers(0, 30, (sizes[u], sizes[v]))) for u, v in pairs]
    return StrategyGraph.build(costs, edges=edges)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(graphs(tree=False))
def test_bound_is_at_most_the_optimum(graph: StrategyGraph) -> None:
    assert spanning_forest_bound(graph) <= brute_force(graph)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(graphs(tree=True))
def test_bound_is_exact_on_trees(graph: StrategyGraph) -> None:
    assert spanning_forest_bound(graph) == brute_force(graph)


def test_caller_starts_are_checked_before_use() -> None:
    """Starts breaking a forbidden choice are ignored; a valid one never makes the answer worse."""
    from autoshard.solver.instance import FORBIDDEN
    from autoshard.solver.solve import SolverConfig, solve

    # two nodes that must agree (forbidden off the diagonal); strategy 1 is cheaper on both
    graph = StrategyGraph.build([[5, 1], [5, 1]], edges=[(0, 1, [[0, FORBIDDEN], [FORBIDDEN, 0]])])
    result = solve(graph, SolverConfig(max_time_in_seconds=2, num_workers=1), starts=[[0, 0], [0, 1]])
    assert result.assignment == [1, 1] and result.cost == 2  # the invalid start [0, 1] is ignored
