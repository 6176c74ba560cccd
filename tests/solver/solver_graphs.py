"""Shared helpers: small random strategy graphs and exhaustive enumeration."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
from hypothesis import strategies as st

from autoshard.solver.exact_reduction import reduce_graph
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost, usage_floor, usage_profile, validate_plan


def random_graph(seed: int, n: int = 6, max_s: int = 3, p_edge: float = 0.45, memory: bool = False,
                 forbidden: float = 0.0, parallel: bool = True) -> StrategyGraph:
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, max_s + 1, size=n)
    costs = [rng.integers(0, 50, size=s) for s in sizes]
    usages = [rng.integers(0, 10, size=s) for s in sizes]
    intervals = []
    for _ in range(n):
        lo = int(rng.integers(0, 8))
        intervals.append((lo, lo + int(rng.integers(0, 6))))
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < p_edge:
                m = rng.integers(0, 40, size=(sizes[u], sizes[v]))
                if forbidden:
                    m = np.where(rng.random(m.shape) < forbidden, FORBIDDEN, m)
                edges.append((u, v, m) if rng.random() < 0.5 else (v, u, m.T))
                if parallel and rng.random() < 0.2:
                    edges.append((u, v, rng.integers(0, 10, size=(sizes[u], sizes[v]))))
    if forbidden:
        for c in costs:
            c[rng.random(len(c)) < forbidden / 2] = FORBIDDEN
    limit = None
    if memory:
        low = sum(int(u.min()) for u in usages)
        high = sum(int(u.max()) for u in usages)
        limit = int(rng.integers(low // 3, max(low // 3 + 1, high // 2 + 1)))
    return StrategyGraph.build(costs, usages, intervals, edges, limit)


def with_pieces(graph: StrategyGraph, seed: int) -> StrategyGraph:
    """`graph` with one or two random pieces on about half its nodes (some overlapping the node's own interval), its
    limit a little above the least usage any plan holds at its busiest time point (so that the pieces bind)."""
    rng = np.random.default_rng(seed)
    pieces = []
    for i in range(graph.num_nodes):
        for _ in range(int(rng.integers(1, 3)) if rng.random() < 0.6 else 0):
            lo = int(rng.integers(0, 10))
            pieces.append((i, rng.integers(0, 8, graph.num_strategies(i)), (lo, lo + int(rng.integers(1, 3)))))
    out = StrategyGraph.build(graph.node_costs, graph.node_usages, graph.intervals,
                              [(e.u, e.v, e.costs) for e in graph.edges], pieces=pieces)
    return dataclasses.replace(out, usage_limit=int(usage_floor(out).max(initial=0)) + int(rng.integers(0, 6)))


def brute_force(graph: StrategyGraph) -> tuple[int | None, list[int] | None]:
    """The optimal valid assignment by enumeration (None when there is none)."""
    best, best_a = None, None
    for a in itertools.product(*(range(graph.num_strategies(i)) for i in range(graph.num_nodes))):
        if validate_plan(graph, a):
            continue
        c = plan_cost(graph, a)
        if best is None or c < best:
            best, best_a = c, list(a)
    return best, best_a


def assert_reduction_keeps_optimum(graph: StrategyGraph) -> None:
    """The reduced graph's optimum (by enumeration), expanded, is the original's, and valid."""
    red = reduce_graph(graph)
    best, _ = brute_force(graph)
    rbest, ra = brute_force(red.reduced)
    if best is None:
        assert rbest is None or red.infeasible_reason
        return
    assert rbest + red.cost_offset == best
    expanded = red.expand(ra)
    assert plan_cost(graph, expanded) == best
    assert validate_plan(graph, expanded) == []


@st.composite
def strategy_graphs(draw, tree: bool, forbidden: bool = False) -> StrategyGraph:
    """Hypothesis strategy: up to 6 nodes of 1-3 strategies, a random tree or up to 8 random edges (parallel edges
    and self-loops included); `forbidden` makes a quarter of the edge entries FORBIDDEN."""
    n = draw(st.integers(1, 6))
    sizes = [draw(st.integers(1, 3)) for _ in range(n)]
    rng = np.random.default_rng(draw(st.integers(0, 2**31)))
    costs = [rng.integers(0, 20, s) for s in sizes]
    pairs = [(draw(st.integers(0, i - 1)), i) for i in range(1, n)] if tree else [
        (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))) for _ in range(draw(st.integers(0, 8)))]
    edges = []
    for u, v in pairs:
        m = rng.integers(0, 30, (sizes[u], sizes[v]))
        if forbidden:
            m = np.where(rng.random(m.shape) < 0.25, FORBIDDEN, m)
        edges.append((u, v, m))
    return StrategyGraph.build(costs, edges=edges)


def hard_memory_graph(seed: int, n: int = 400, s: int = 6) -> StrategyGraph:
    """A random sparse graph with a binding usage limit: too large for the search to finish in a second."""
    rng = np.random.default_rng(seed)
    costs = [rng.integers(0, 1000, s) for _ in range(n)]
    usages = [rng.integers(1, 100, s) for _ in range(n)]
    intervals = [(i // 4, i // 4 + int(rng.integers(1, 30))) for i in range(n)]
    edges = [(i, int(j), rng.integers(0, 1000, (s, s))) for i in range(1, n) for j in rng.integers(0, i, 2)]
    least = np.zeros(n // 4 + 31, dtype=np.int64)
    for (lo, hi), u in zip(intervals, usages):
        least[lo:hi] += u.min()
    limit = int(1.1 * least.max())  # 10% above the least-usage plan's peak, as in the IOPDDL instances
    return StrategyGraph.build(costs, usages, intervals, edges, limit)


def assert_local_search_keeps_within_the_limit(graph: StrategyGraph, seed: int) -> None:
    """From a plan that fits (by enumeration of usage alone; nothing to check when none does), the local search's
    moves keep every time point within the limit, and its usage profile is the graph's."""
    from autoshard.solver.local_search import LocalSearch

    _, feasible = brute_force(dataclasses.replace(graph, node_costs=tuple(np.zeros_like(c) for c in graph.node_costs),
                                                  edges=()))
    if feasible is None:
        return
    search = LocalSearch(graph, seed)
    best, _ = search.run(deadline=float("inf"), start=feasible, max_rounds=3)
    assert int(usage_profile(graph, best).max(initial=0)) <= graph.usage_limit
    assert search.load(best).tolist() == usage_profile(graph, best).tolist()
