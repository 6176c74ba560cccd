"""Tied nodes (`tie_nodes`, `solve_tied`): the tied graph prices and holds every plan that honours the ties as the
original graph does, and the search over it finds the best such plan."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from autoshard.solver.config import SolverConfig
from autoshard.solver.solve import solve_tied
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.tied_nodes import tie_nodes
from autoshard.solver.validate import plan_cost, usage_profile, validate_plan

from solver_graphs import random_graph, with_pieces


def _equal_sized(seed: int) -> StrategyGraph:
    """A random graph with usage pieces, a loop-carried self-edge and every node of 3 strategies (any pair can be
    tied), its limit binding."""
    g = with_pieces(random_graph(900 + seed, n=7, max_s=1, p_edge=0.4, memory=True), seed)
    rng = np.random.default_rng(seed)
    costs = [rng.integers(0, 50, 3) for _ in range(g.num_nodes)]
    usages = [rng.integers(0, 10, 3) for _ in range(g.num_nodes)]
    edges = [(e.u, e.v, rng.integers(0, 40, (3, 3))) for e in g.edges] + [(0, 0, rng.integers(0, 9, (3, 3)))]
    pieces = [(p.node, rng.integers(0, 8, 3), p.interval) for p in g.pieces]
    graph = StrategyGraph.build(costs, usages, g.intervals, edges, pieces=pieces)
    floor = max(usage_profile(graph, a).max() for a in itertools.product(range(3), repeat=graph.num_nodes))
    return StrategyGraph.build(costs, usages, g.intervals, edges, int(floor * 0.8), pieces=pieces)


TIES = [(1, 4), (4, 6), (0, 2)]  # 1, 4 and 6 one group (with the edges between them), 0 and 2 another


@pytest.mark.parametrize("seed", range(6))
def test_a_plan_honouring_the_ties_costs_and_holds_the_same_on_the_tied_graph(seed):
    graph = _equal_sized(seed)
    tied = tie_nodes(graph, TIES)
    assert tied.graph.num_nodes == graph.num_nodes - 3
    for reduced in itertools.product(range(3), repeat=tied.graph.num_nodes):
        plan = tied.expand(reduced)
        assert all(plan[a] == plan[b] for a, b in TIES)
        assert tied.restrict(plan) == list(reduced)
        assert plan_cost(tied.graph, reduced) == plan_cost(graph, plan)
        profile, tied_profile = usage_profile(graph, plan), usage_profile(tied.graph, reduced)
        assert np.array_equal(tied_profile, profile[:len(tied_profile)]) and not profile[len(tied_profile):].any()
        assert bool(validate_plan(tied.graph, reduced)) == bool(validate_plan(graph, plan))


@pytest.mark.parametrize("seed", range(6))
def test_the_search_finds_the_best_plan_honouring_the_ties(seed):
    graph = _equal_sized(seed)
    best = min((plan_cost(graph, a) for a in itertools.product(range(3), repeat=graph.num_nodes)
                if all(a[x] == a[y] for x, y in TIES) and not validate_plan(graph, a)), default=None)
    found = solve_tied(graph, TIES, SolverConfig(max_time_in_seconds=5, num_workers=1), start=[0] * graph.num_nodes)
    if best is None:
        assert found.assignment is None
        return
    assert found.cost == best == plan_cost(graph, found.assignment)
    assert all(found.assignment[x] == found.assignment[y] for x, y in TIES)
    assert found.best_bound is not None and found.best_bound <= best


def test_nodes_of_different_strategy_counts_cannot_be_tied():
    graph = StrategyGraph.build([[0, 1], [0, 1, 2]])
    with pytest.raises(ValueError, match="2 and 3 strategies"):
        tie_nodes(graph, [(0, 1)])
