"""The local search's moves: exact tree moves, bijection-group moves, forbidden-free starts, memory kept, time kept."""

import time

import numpy as np
import pytest

from autoshard.solver.local_search import LocalSearch
from autoshard.solver.pairwise import PENALTY
from autoshard.solver.solve import SolverConfig, solve
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost, validate_plan

from solver_graphs import brute_force, random_graph


def random_tree(seed: int, n: int = 7, max_s: int = 3) -> StrategyGraph:
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, max_s + 1, size=n)
    costs = [rng.integers(0, 60, size=s) for s in sizes]
    edges = []
    for v in range(1, n):
        u = int(rng.integers(0, v))
        edges.append((u, v, rng.integers(0, 60, size=(sizes[u], sizes[v]))))
    return StrategyGraph.build(costs, edges=edges)


@pytest.mark.parametrize("seed", range(8))
def test_one_tree_move_over_a_whole_tree_is_optimal(seed):
    g = random_tree(seed)
    search = LocalSearch(g, seed)
    current = np.zeros(g.num_nodes, dtype=np.int64)
    load = search.load(current)
    order, parent = search.tree_window(0, g.num_nodes)
    assert sorted(order) == list(range(g.num_nodes))
    search.tree_move(current, load, order, parent)
    best, _ = brute_force(g)
    assert plan_cost(g, current) == best


def test_tree_window_induces_a_tree():
    g = random_graph(3, n=9, p_edge=0.6, parallel=False)
    search = LocalSearch(g, 0)
    order, parent = search.tree_window(0, g.num_nodes)
    inside = set(order)
    induced = {(min(e.u, e.v), max(e.u, e.v)) for e in g.edges if e.u in inside and e.v in inside and e.u != e.v}
    assert len(induced) == len(order) - 1  # connected with |V| - 1 edges: a tree
    assert all(p in inside for p in parent[1:]) and parent[0] == -1


def matching(size: int) -> np.ndarray:
    """Equal strategies cost 0, every other pair is forbidden."""
    return np.where(np.eye(size, dtype=bool), 0, FORBIDDEN)


def test_bijection_group_moves_together():
    # a chain of 6 nodes that must all pick the same strategy; strategy 2 is cheapest overall, but every single
    # node prefers strategy 0 on its own, and the start breaks the chain
    n = 6
    costs = [[0, 5, 9] for _ in range(n - 1)] + [[100, 100, 0]]
    edges = [(i, i + 1, matching(3)) for i in range(n - 1)]
    g = StrategyGraph.build(costs, edges=edges)
    search = LocalSearch(g, 0)
    assert len(search.clusters) == 1 and sorted(search.clusters[0][0].tolist()) == list(range(n))
    best, cost = search.run(time.monotonic() + 1.0, start=[0, 0, 0, 1, 1, 1], max_rounds=3)
    assert validate_plan(g, best) == []
    assert cost == brute_force(g)[0] == 45


def test_group_move_respects_the_usage_limit():
    # moving the pair to strategy 1 is cheaper but needs more memory than the limit allows
    g = StrategyGraph.build(
        [[10, 0], [10, 0]], [[1, 5], [1, 5]], [(0, 2), (1, 3)], edges=[(0, 1, matching(2))], usage_limit=6
    )
    search = LocalSearch(g, 0)
    best, cost = search.run(time.monotonic() + 0.5, max_rounds=2)
    assert validate_plan(g, best) == [] and cost == 20


def test_start_avoids_forbidden_least_usage_strategies():
    g = StrategyGraph.build([[FORBIDDEN, 3], [1, 2]], [[1, 2], [1, 1]], [(0, 2), (0, 2)], usage_limit=10)
    search = LocalSearch(g, 0)
    assert search.start().tolist() == [1, 0]
    assert search.penalized_cost(search.start()) < PENALTY


@pytest.mark.parametrize("seed", range(10))
def test_heuristic_plans_fit_memory_and_avoid_forbidden(seed):
    g = random_graph(300 + seed, n=7, memory=True, forbidden=0.15 if seed % 2 else 0.0)
    best, _ = brute_force(g)
    search = LocalSearch(g, seed)
    if best is None:
        return
    start = search.start()
    if validate_plan(g, start) and any("usage" in p for p in validate_plan(g, start)):
        return  # the least-usage start breaks the limit only when nothing fits
    found, cost = search.run(time.monotonic() + 0.3, max_rounds=5)
    assert cost == plan_cost(g, found)
    if cost < FORBIDDEN:
        assert validate_plan(g, found) == []


def big_chain_graph(n: int, s: int, seed: int = 0) -> StrategyGraph:
    rng = np.random.default_rng(seed)
    costs = [rng.integers(0, 1000, size=s) for _ in range(n)]
    usages = [rng.integers(1, 100, size=s) for _ in range(n)]
    intervals = [(i, i + 5) for i in range(n)]
    edges = [(i, i + 1, rng.integers(0, 1000, size=(s, s))) for i in range(n - 1)]
    edges += [(i, i + 7, rng.integers(0, 1000, size=(s, s))) for i in range(0, n - 7, 3)]
    return StrategyGraph.build(costs, usages, intervals, edges, usage_limit=5 * 70)


def test_solve_keeps_its_time_limit_on_a_large_graph():
    g = big_chain_graph(3000, 12)
    t = time.monotonic()
    result = solve(g, SolverConfig(max_time_in_seconds=3.0, num_workers=2))
    assert time.monotonic() - t < 3.0 + 0.5
    assert result.assignment is not None and validate_plan(g, result.assignment) == []


def test_least_usage_start_ties_follow_the_strategy_a_joined_node_already_took() -> None:
    """A carried value and its result (an equality between nodes) use the same memory under every strategy: the
    start puts the later one where the earlier one is, even where the later one's other edge prefers otherwise."""
    equal = [[0, FORBIDDEN], [FORBIDDEN, 0]]
    g = StrategyGraph.build(
        node_costs=[[0, 0], [0, 0], [0, 0]],
        node_usages=[[5, 5], [5, 5], [1, 1]],
        intervals=[(0, 3), (0, 3), (1, 2)],
        edges=[(0, 1, equal), (1, 2, [[5, 5], [0, 0]])],
        usage_limit=100,
    )
    start = LocalSearch(g, 0).start()
    assert start[0] == start[1]
