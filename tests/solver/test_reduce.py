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


def _ladder(rungs: int) -> StrategyGraph:
    """Two rails of `rungs` nodes each, rung i linking the rails' i-th nodes (degree 3: no node is eliminated), every
    node and edge alike, 4 strategies a node, the last dominated by the first: the rungs check the same profiles."""
    rng = np.random.default_rng(1)
    costs, rail, rung = rng.integers(0, 30, 4), rng.integers(0, 20, (4, 4)), rng.integers(0, 20, (4, 4))
    costs[3] = costs[0] + 1
    for matrix in (rail, rung):
        matrix[3, :] = matrix[0, :] + 1
        matrix[:, 3] = matrix[:, 0] + 1
    edges = [(side * rungs + i, side * rungs + i + 1, rail) for side in (0, 1) for i in range(rungs - 1)]
    edges += [(i, rungs + i, rung) for i in range(rungs)]
    return StrategyGraph.build([costs] * (2 * rungs), edges=edges)


def test_each_distinct_dominance_profile_is_compared_once(monkeypatch) -> None:
    """The copies of a repeated layer reduce as if every profile were compared anew."""
    from autoshard.solver import exact_reduction

    graph = _ladder(12)
    compared: list[int] = []
    removed = exact_reduction._removed
    monkeypatch.setattr(exact_reduction, "_removed", lambda prof: compared.append(1) or removed(prof))
    remembered = reduce_graph(graph)
    checks_remembered = len(compared)

    class Forgetful(dict):
        def get(self, key, default=None):
            return default

    make = exact_reduction._Reducer.__init__

    def forgetting(self, g):
        make(self, g)
        self.removed_by_profile = Forgetful()

    monkeypatch.setattr(exact_reduction._Reducer, "__init__", forgetting)
    compared.clear()
    anew = reduce_graph(graph)
    assert checks_remembered < len(compared)  # the rungs repeat profiles
    assert remembered.reduced_to_original == anew.reduced_to_original and remembered.cost_offset == anew.cost_offset
    assert all((a == b).all() for a, b in zip(remembered.strategy_maps, anew.strategy_maps))
    assert all((a == b).all() for a, b in zip(remembered.reduced.node_costs, anew.reduced.node_costs))
    best = anew.expand([int(np.argmin(c)) for c in anew.reduced.node_costs])
    assert 3 not in best  # the dominated strategy is gone
