"""The spanning-forest bound never exceeds the optimum and is exact on trees."""

from __future__ import annotations

from hypothesis import given, settings
from solver_graphs import brute_force, strategy_graphs

from autoshard.solver.spanning_forest_bound import spanning_forest_bound
from autoshard.solver.strategy_graph import StrategyGraph


@settings(max_examples=150, deadline=None, derandomize=True)
@given(strategy_graphs(tree=False))
def test_bound_is_at_most_the_optimum(graph: StrategyGraph) -> None:
    assert spanning_forest_bound(graph) <= brute_force(graph)[0]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(strategy_graphs(tree=True))
def test_bound_is_exact_on_trees(graph: StrategyGraph) -> None:
    assert spanning_forest_bound(graph) == brute_force(graph)[0]


def test_caller_starts_are_checked_before_use() -> None:
    """Starts breaking a forbidden choice are ignored; a valid one never makes the answer worse."""
    from autoshard.solver.solve import SolverConfig, solve
    from autoshard.solver.strategy_graph import FORBIDDEN

    # two nodes that must agree (forbidden off the diagonal); strategy 1 is cheaper on both
    graph = StrategyGraph.build([[5, 1], [5, 1]], edges=[(0, 1, [[0, FORBIDDEN], [FORBIDDEN, 0]])])
    result = solve(graph, SolverConfig(max_time_in_seconds=2, num_workers=1), starts=[[0, 0], [0, 1]])
    assert result.assignment == [1, 1] and result.cost == 2  # the invalid start [0, 1] is ignored
