"""The min-sum diffusion bound never exceeds the optimum, reaches it on trees, and respects forbidden entries."""

from __future__ import annotations

import time

from hypothesis import given, settings
from solver_graphs import brute_force, strategy_graphs

from autoshard.solver.dual_bound import Diffusion, diffusion_bound
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph


def _bound(graph: StrategyGraph) -> int:
    return diffusion_bound(graph, time.monotonic() + 5).bound


@settings(max_examples=200, deadline=None, derandomize=True)
@given(strategy_graphs(tree=False, forbidden=True))
def test_bound_is_at_most_the_optimum(graph: StrategyGraph) -> None:
    optimum, _ = brute_force(graph)
    assert _bound(graph) <= (optimum if optimum is not None else FORBIDDEN)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(strategy_graphs(tree=True))
def test_bound_is_exact_on_trees(graph: StrategyGraph) -> None:
    optimum, _ = brute_force(graph)
    assert _bound(graph) == optimum


def test_proves_a_cycle_optimal_and_stops_at_the_target() -> None:
    """A 4-cycle where each node prefers strategy 1 alone but every edge charges disagreeing: all-0 is optimal
    (cost 4), while the sum of per-term minima is 0."""
    disagree = [[0, 10], [10, 0]]
    graph = StrategyGraph.build([[1, 0], [1, 0], [1, 0], [1, 12]],
                                edges=[(0, 1, disagree), (1, 2, disagree), (2, 3, disagree), (3, 0, disagree)])
    assert brute_force(graph)[0] == 4
    result = diffusion_bound(graph, time.monotonic() + 5, target=4)
    assert result.bound == 4 and not result.converged  # stopped at the target


@settings(max_examples=60, deadline=None, derandomize=True)
@given(strategy_graphs(tree=False, forbidden=True))
def test_resumed_diffusion_goes_on_where_it_stopped(graph: StrategyGraph) -> None:
    """Runs of 3 sweeps each, resumed, give the bound of one run of the same number of sweeps; the bound never
    drops between runs and stays at most the optimum."""
    whole = diffusion_bound(graph, time.monotonic() + 5, max_sweeps=12)
    resumed = Diffusion(graph)
    bounds = [resumed.run(time.monotonic() + 5, max_sweeps=limit).bound for limit in (3, 6, 9, 12)]
    assert bounds == sorted(bounds)
    assert bounds[-1] == whole.bound and resumed.sweeps == whole.sweeps
    optimum, _ = brute_force(graph)
    assert bounds[-1] <= (optimum if optimum is not None else FORBIDDEN)
