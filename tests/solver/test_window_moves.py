"""Window moves by variable elimination, the contracted view of bijection groups, and the window searches."""

import time

import numpy as np
import pytest

from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost, validate_plan
from autoshard.solver.window_dp import eliminate, window_move
from autoshard.solver.window_search import lagrangian_window_search, repair, window_search

from solver_graphs import brute_force, random_graph


def series_parallel(seed: int, n: int = 7, max_s: int = 3) -> StrategyGraph:
    """A random graph of treewidth <= 2: each new node joins one or two ends of an existing edge."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, max_s + 1, size=n)
    costs = [rng.integers(0, 60, size=s) for s in sizes]
    pairs = [(0, 1)]
    edges = [(0, 1, rng.integers(0, 60, size=(sizes[0], sizes[1])))]
    for v in range(2, n):
        a, b = pairs[int(rng.integers(len(pairs)))]
        for u in (a, b) if rng.random() < 0.7 else (a,):
            edges.append((u, v, rng.integers(0, 60, size=(sizes[u], sizes[v]))))
            pairs.append((u, v))
    return StrategyGraph.build(costs, edges=edges)


@pytest.mark.parametrize("seed", range(10))
def test_one_window_over_a_series_parallel_graph_is_optimal(seed):
    g = series_parallel(seed)
    view = ContractedView(LocalSearch(g, seed))
    a = np.zeros(view.num_vars, dtype=np.int64)
    load = view.load(a)
    window_move(view, a, load, list(range(view.num_vars)))
    best, _ = brute_force(g)
    assert plan_cost(g, view.to_nodes(a)) == best


@pytest.mark.parametrize("seed", range(12))
def test_window_moves_never_break_the_limit_or_worsen(seed):
    g = random_graph(seed, n=8, memory=True, p_edge=0.6)
    search = LocalSearch(g, seed)
    view = ContractedView(search)
    start = search.start(None)
    if validate_plan(g, start):
        pytest.skip("no plan fits this limit")
    a = view.from_nodes(start)
    load = view.load(a)
    rng = np.random.default_rng(seed)
    cost = plan_cost(g, view.to_nodes(a))
    for _ in range(30):
        window = [int(x) for x in rng.choice(view.num_vars, size=int(rng.integers(1, view.num_vars + 1)), replace=False)]
        price = None if rng.random() < 0.5 else float(rng.uniform(0.1, 10))
        gain = window_move(view, a, load, window, rng, usage_price=price)
        nodes = view.to_nodes(a)
        assert validate_plan(g, nodes) == []
        assert np.array_equal(load, search.load(nodes))
        new_cost = plan_cost(g, nodes)
        assert new_cost == cost - gain and gain >= 0
        cost = new_cost


def test_contracted_view_moves_bijection_groups_whole():
    # 0-1-2 must match (bijections); 2 is cheapest on strategy 2, which single-node moves cannot reach
    match = np.where(np.eye(3, dtype=bool), 0, FORBIDDEN)
    g = StrategyGraph.build([[0, 5, 9], [0, 5, 9], [100, 100, 0], [0, 0, 0]],
                            edges=[(0, 1, match), (1, 2, match), (2, 3, np.arange(9).reshape(3, 3))])
    view = ContractedView(LocalSearch(g, 0))
    assert view.num_vars == 2
    a = view.from_nodes(np.zeros(4, dtype=np.int64))
    window_move(view, a, view.load(a), [0, 1])
    nodes = view.to_nodes(a)
    assert list(nodes[:3]) == [2, 2, 2] and plan_cost(g, nodes) == brute_force(g)[0]


@pytest.mark.parametrize("seed", range(6))
def test_window_searches_reach_the_optimum_of_small_graphs_within_the_limit(seed):
    g = random_graph(seed + 100, n=7, memory=True, p_edge=0.5)
    best, _ = brute_force(g)
    search = LocalSearch(g, seed)
    start = search.start(None)
    if best is None or validate_plan(g, start):
        pytest.skip("no plan fits this limit")
    view = ContractedView(search)
    rng = np.random.default_rng(seed)
    a, _ = window_search(view, view.from_nodes(start), time.monotonic() + 0.5, rng, patience=300)
    b, cost = lagrangian_window_search(view, a, time.monotonic() + 0.3, rng)
    nodes = view.to_nodes(b)
    assert validate_plan(g, nodes) == []
    assert plan_cost(g, nodes) == cost
    assert cost >= best
    assert cost <= plan_cost(g, view.to_nodes(a))


@pytest.mark.parametrize("seed", range(8))
def test_repair_brings_usage_under_the_limit_when_a_plan_fits(seed):
    g = random_graph(seed + 200, n=8, memory=True, p_edge=0.5)
    search = LocalSearch(g, seed)
    if validate_plan(g, search.start(None)):
        pytest.skip("no plan fits this limit")
    view = ContractedView(search)
    rng = np.random.default_rng(seed)
    a = np.array([rng.integers(len(u)) for u in view.unary], dtype=np.int64)
    load = view.load(a)
    before = view.cost(a)
    change = [0]
    assert repair(view, a, load, cost_change=change)
    assert np.array_equal(load, search.load(view.to_nodes(a)))
    assert load.max() <= g.usage_limit
    assert view.cost(a) == before + change[0]


def test_elimination_never_builds_a_table_with_more_axes_than_numpy_allows():
    # a hub joined to 70 single-strategy nodes: eliminating the hub first would need a table with 71 axes
    leaves = 70
    unary = [np.array([5, 0], dtype=np.int64)] + [np.array([0], dtype=np.int64) for _ in range(leaves)]
    edges = {(0, k): np.array([[0], [k % 3]], dtype=np.int64) for k in range(1, leaves + 1)}
    values = eliminate(unary, edges, [0] * (leaves + 1))
    hub_costs = [5 + 0, 0 + sum(k % 3 for k in range(1, leaves + 1))]
    assert values[0] == int(np.argmin(hub_costs))
    assert values[1:] == [0] * leaves
