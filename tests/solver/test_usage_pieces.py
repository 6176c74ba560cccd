"""Usage pieces (`StrategyGraph.pieces`): a node's extra usage over an interval of its own counts wherever the
graph's usage does: in the profile, the exact reduction, the local search's moves and its start (the whole search
against enumeration: `test_solve.test_optimal_against_enumeration`)."""

from __future__ import annotations


import numpy as np
import pytest

from autoshard.solver.config import SolverConfig
from autoshard.solver.exact_reduction import Reduction
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.phases.heuristic import _repaired_least_usage_start
from autoshard.solver.solve import solve
from autoshard.solver.state import Incumbent, SearchState
from autoshard.solver.stats import SolveStats
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.validate import usage_floor, usage_profile, validate_plan

from solver_graphs import (assert_local_search_keeps_within_the_limit, assert_reduction_keeps_optimum,
                           random_graph, with_pieces)

FAST = dict(max_time_in_seconds=10.0, num_workers=2, heuristic_fraction=0.01)


def test_a_piece_counts_over_its_own_interval():
    g = StrategyGraph.build([[0, 0]], [[5, 1]], [(0, 3)], pieces=[(0, [0, 7], (2, 4))])
    assert usage_profile(g, [0]).tolist() == [5, 5, 5, 0]
    assert usage_profile(g, [1]).tolist() == [1, 1, 8, 7]
    assert usage_floor(g).tolist() == [1, 1, 5, 0]  # per segment: the least of 5 | 1, 5 | 8, 0 | 7


@pytest.mark.parametrize("seed", range(10))
def test_the_reduction_keeps_the_optimum_with_pieces(seed):
    assert_reduction_keeps_optimum(with_pieces(random_graph(400 + seed, n=7, memory=True, p_edge=0.35), seed))


@pytest.mark.parametrize("seed", range(10))
def test_local_search_moves_keep_pieces_within_the_limit(seed):
    assert_local_search_keeps_within_the_limit(with_pieces(random_graph(500 + seed, n=10, memory=True), seed), seed)


#: node 0 takes 1 then 8 (strategy 0) or 6 then 0 (strategy 1); node 1 takes 5 or 9; limit 10: the least-peak start
#: (strategy 1, strategy 0) holds 11, the plan (0, 0) fits
CONFLICT = StrategyGraph.build([[0, 0], [0, 0]], [[1, 6], [5, 9]], [(0, 2), (0, 2)], usage_limit=10,
                               pieces=[(0, [8, 0], (2, 3))])


def test_a_least_usage_start_over_the_limit_is_repaired_when_a_plan_fits():
    search = LocalSearch(CONFLICT)
    assert usage_profile(CONFLICT, search.start(None)).max() > 10
    identity = Reduction(CONFLICT, CONFLICT, [0, 1], [np.arange(2), np.arange(2)], 0)
    state = SearchState(SolverConfig(), identity, Incumbent(identity, None, 0.0), search, SolveStats(),
                        solve_sub=None)
    start = _repaired_least_usage_start(state, float("inf"))
    assert start is not None and validate_plan(CONFLICT, start) == []
    assert solve(CONFLICT, SolverConfig(**FAST)).assignment == [0, 0]


def test_the_least_usage_proof_counts_a_node_s_pieces_with_its_own_usage():
    """Strategy 0 holds less of its own but more with its piece: the least usage at [0, 2) is strategy 1's 2."""
    g = StrategyGraph.build([[0, 5]], [[1, 2]], [(0, 2)], usage_limit=5, pieces=[(0, [9, 0], (0, 2))])
    assert usage_floor(g).tolist() == [2, 2]
    assert solve(g, SolverConfig(**FAST)).assignment == [1]
