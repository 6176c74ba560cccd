"""The exact reduction when its deadline stops it early: ties (one allowed pair per strategy) are reduced first."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import now
from autoshard.solver.exact_reduction import reduce_graph
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph


def _chain_then_tie(chain: int) -> StrategyGraph:
    """A chain of `chain` nodes (non-separable edges), then an argument tied to its result (equal strategies or
    forbidden) whose result also reads the chain's end: the last nodes in node order, as a planner builds them."""
    rng = np.random.default_rng(0)
    costs = [rng.integers(0, 50, size=3) for _ in range(chain + 2)]
    edges = [(i, i + 1, rng.integers(0, 40, size=(3, 3))) for i in range(chain - 1)]
    argument, result = chain, chain + 1
    tie = np.where(np.eye(3, dtype=bool), 0, FORBIDDEN)
    edges += [(argument, result, tie), (chain - 1, result, rng.integers(0, 40, size=(3, 3)))]
    return StrategyGraph.build(costs, edges=edges)


def test_a_reduction_stopped_early_has_removed_the_ties_first() -> None:
    graph = _chain_then_tie(500)
    reduction = reduce_graph(graph, deadline=now() - 1.0)  # stops at its first deadline check
    assert reduction.reduced.num_nodes > 100  # stopped early: most of the chain is left
    assert not any((e.costs >= FORBIDDEN).any() for e in reduction.reduced.edges)
    assert 501 not in reduction.reduced_to_original  # the tied result is folded into its argument


def test_the_early_stop_stays_exact() -> None:
    graph = _chain_then_tie(500)
    early, full = reduce_graph(graph, deadline=now() - 1.0), reduce_graph(graph)
    best = full.expand([int(np.argmin(c)) for c in full.reduced.node_costs])
    assert best[500] == best[501]
    assignment = early.expand(early.restrict(best))
    assert assignment == best
