"""Pair pieces (`StrategyGraph.pair_pieces`): a usage depending on two nodes' strategies counts wherever the graph's
usage does: in the profile and its floor, the exact reduction, the local search's moves, the CP-SAT model, the tied
graph and the whole search (against enumeration)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from autoshard.solver.config import SolverConfig
from autoshard.solver.solve import solve
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.tied_nodes import tie_nodes
from autoshard.solver.validate import usage_floor, usage_profile

from solver_graphs import (assert_local_search_keeps_within_the_limit, assert_reduction_keeps_optimum, brute_force,
                           random_graph)

FAST = dict(max_time_in_seconds=10.0, num_workers=2, heuristic_fraction=0.01)


def with_pair_pieces(graph: StrategyGraph, seed: int, equal_sizes: bool = False) -> StrategyGraph:
    """`graph` with a random pair piece on about a third of its node pairs (zero on a random diagonal-like share of
    entries, as a reshard buffer is where two shardings agree), its limit a little above the least usage any plan
    holds at its busiest time point (so that the pieces bind)."""
    rng = np.random.default_rng(seed)
    pairs = []
    n = graph.num_nodes
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.35:
                m = rng.integers(0, 9, size=(graph.num_strategies(u), graph.num_strategies(v)))
                m[rng.random(m.shape) < 0.4] = 0
                lo = int(rng.integers(0, 10))
                pairs.append((u, v, m, (lo, lo + int(rng.integers(1, 4)))))
    out = StrategyGraph.build(graph.node_costs, graph.node_usages, graph.intervals,
                              [(e.u, e.v, e.costs) for e in graph.edges], pair_pieces=pairs)
    return dataclasses.replace(out, usage_limit=int(usage_floor(out).max(initial=0)) + int(rng.integers(0, 6)))


def test_a_pair_piece_counts_its_entry_for_both_strategies_over_its_interval():
    g = StrategyGraph.build([[0, 0], [0, 0, 0]], [[1, 1], [0, 0, 0]], [(0, 2), (0, 0)],
                            pair_pieces=[(0, 1, [[0, 4, 6], [3, 0, 2]], (1, 3))])
    assert usage_profile(g, [0, 0]).tolist() == [1, 1, 0]
    assert usage_profile(g, [0, 2]).tolist() == [1, 7, 6]
    assert usage_profile(g, [1, 0]).tolist() == [1, 4, 3]
    assert usage_floor(g).tolist() == [1, 1, 0]


def test_a_pair_piece_must_match_its_nodes():
    with pytest.raises(ValueError, match="shape"):
        StrategyGraph.build([[0, 0], [0]], pair_pieces=[(0, 1, [[1, 2]], (0, 1))])
    with pytest.raises(ValueError, match="joins nodes"):
        StrategyGraph.build([[0, 0], [0]], pair_pieces=[(0, 0, [[1, 2], [3, 4]], (0, 1))])


@pytest.mark.parametrize("seed", range(10))
def test_the_reduction_keeps_the_optimum_with_pair_pieces(seed):
    assert_reduction_keeps_optimum(with_pair_pieces(random_graph(600 + seed, n=7, memory=True, p_edge=0.35), seed))


@pytest.mark.parametrize("seed", range(10))
def test_local_search_moves_keep_pair_pieces_within_the_limit(seed):
    assert_local_search_keeps_within_the_limit(with_pair_pieces(random_graph(700 + seed, n=9, memory=True), seed), seed)


@pytest.mark.parametrize("lns", [False, True])
@pytest.mark.parametrize("seed", range(8))
def test_the_search_finds_the_best_plan_within_the_limit_with_pair_pieces(seed, lns):
    g = with_pair_pieces(random_graph(800 + seed, n=7, memory=True, p_edge=0.4), seed)
    best, _ = brute_force(g)
    result = solve(g, SolverConfig(**FAST, force_lns=lns))
    if best is None:
        assert result.assignment is None
        return
    assert result.assignment is not None and result.cost == best
    assert int(usage_profile(g, result.assignment).max(initial=0)) <= g.usage_limit


def test_a_pair_piece_between_tied_nodes_holds_its_diagonal_and_one_to_another_node_stays_a_pair():
    g = StrategyGraph.build([[0, 0], [0, 0], [0, 0, 0]], pair_pieces=[(0, 1, [[5, 1], [2, 7]], (0, 2)),
                                                                      (1, 2, [[0, 3, 4], [1, 0, 6]], (1, 3))])
    tied = tie_nodes(g, [(0, 1)])
    assert len(tied.graph.pair_pieces) == 1
    for plan in ([0, 0, 0], [1, 1, 2], [0, 0, 1]):
        assert usage_profile(tied.graph, tied.restrict(plan)).tolist() == usage_profile(g, plan).tolist()
