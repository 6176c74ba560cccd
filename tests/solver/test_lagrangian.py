"""The Lagrangian relaxation of the usage limit: its bound never exceeds the constrained optimum, its plans fit."""

from __future__ import annotations

import time

import numpy as np
import pytest
from solver_graphs import brute_force, hard_memory_graph, random_graph

from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.lagrangian_relaxation import lagrangian_diffusion
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.solve import SolverConfig, solve
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.validate import plan_cost, validate_plan
from autoshard.solver.window_search import lagrangian_window_search, repair


def _run(graph: StrategyGraph, seconds: float = 0.5):
    view = ContractedView(LocalSearch(graph, 0))
    reported: list[tuple[np.ndarray, int]] = []
    outcome = lagrangian_diffusion(view, time.monotonic() + seconds, on_plan=lambda a, c: reported.append((a, c)))
    return view, outcome, reported


@pytest.mark.parametrize("seed", range(40))
def test_bound_and_plans_against_enumeration(seed: int) -> None:
    graph = random_graph(seed, n=6, max_s=3, memory=True, forbidden=0.1 if seed % 2 else 0.0)
    optimum, _ = brute_force(graph)
    view, outcome, reported = _run(graph)
    assert outcome.steps > 0
    if optimum is not None:
        assert outcome.bound is not None and outcome.bound <= optimum
    else:
        assert outcome.best is None
    for a, cost in reported:  # every reported plan is valid and priced right
        nodes = list(view.to_nodes(a))
        assert validate_plan(graph, nodes) == []
        assert plan_cost(graph, nodes) == cost >= optimum
    if reported:
        assert outcome.best_cost == reported[-1][1] == min(c for _, c in reported)


def test_binding_limit_gives_a_bound_above_the_unconstrained_optimum() -> None:
    """Three nodes live at once, each fast and big (cost 0, usage 10) or slow and small (cost 5, usage 1); the
    limit 21 allows two big ones. The unconstrained optimum (0) does not fit; the constrained one costs 5."""
    graph = StrategyGraph.build([[0, 5]] * 3, [[10, 1]] * 3, [(0, 1)] * 3,
                                edges=[(0, 1, np.zeros((2, 2), dtype=np.int64))], usage_limit=21)
    assert brute_force(graph)[0] == 5
    _, outcome, _ = _run(graph, seconds=1.0)
    assert outcome.best_cost == 5
    assert 0 < outcome.bound <= 5


def test_solve_runs_the_phase_when_the_limit_binds() -> None:
    graph = StrategyGraph.build([[0, 5]] * 3, [[10, 1]] * 3, [(0, 1)] * 3,
                                edges=[(0, 1, np.zeros((2, 2), dtype=np.int64))], usage_limit=21)
    result = solve(graph, SolverConfig(max_time_in_seconds=3, reduce=False, dual_fraction=0.0))
    assert result.cost == 5 and result.status == "OPTIMAL"
    assert result.stats.lagrangian.steps > 0


@pytest.mark.parametrize("seed", range(12))
def test_phase_hands_its_multipliers_to_the_window_search(seed: int) -> None:
    """The outcome carries one non-negative price per time point and the last rounding; a Lagrangian window
    search started from the phase's best plan with those prices returns a valid plan no worse than that start."""
    graph = random_graph(seed + 50, n=8, max_s=3, memory=True)
    if brute_force(graph)[0] is None:
        pytest.skip("no plan fits this limit")
    view, outcome, _ = _run(graph, seconds=0.3)
    horizon = len(view.load(np.zeros(view.num_vars, dtype=np.int64)))
    assert outcome.prices is not None and outcome.prices.shape == (horizon,) and (outcome.prices >= 0).all()
    assert outcome.last is not None and len(outcome.last) == view.num_vars
    if outcome.best is None:
        pytest.skip("no fitting plan in the time given")
    ended: list[np.ndarray] = []
    found, cost = lagrangian_window_search(view, outcome.best, time.monotonic() + 0.2, np.random.default_rng(seed),
                                           prices=outcome.prices, final_prices=ended)
    nodes = list(view.to_nodes(found))
    assert validate_plan(graph, nodes) == []
    assert plan_cost(graph, nodes) == cost <= outcome.best_cost
    # it hands on the multipliers it ended with, one non-negative price per time point, to go on from there
    assert len(ended) == 1 and ended[0].shape == (horizon,) and (ended[0] >= 0).all()


def test_window_search_after_the_phase_probes_then_goes_on_from_the_best_probe() -> None:
    """After the phase, short descents with their own draws are probed from its plan, and the best one goes on:
    the answer is valid and no worse than any probe."""
    graph = hard_memory_graph(0)
    result = solve(graph, SolverConfig(max_time_in_seconds=8, num_workers=2, dual_fraction=0.0, deterministic=True))
    assert result.stats.lagrangian.steps > 0
    probes = result.stats.windows.probe_costs
    assert len(probes) == 3
    assert validate_plan(graph, result.assignment) == []
    assert plan_cost(graph, result.assignment) == result.cost <= min(probes)


def test_repair_stops_at_its_deadline_without_changing_the_plan() -> None:
    graph = StrategyGraph.build([[0, 5]] * 3, [[10, 1]] * 3, [(0, 1)] * 3, edges=[], usage_limit=21)
    view = ContractedView(LocalSearch(graph, 0))
    a = np.zeros(view.num_vars, dtype=np.int64)  # all big: 30 > 21
    load = view.load(a)
    assert not repair(view, a, load, deadline=time.monotonic() - 1.0)
    assert (a == 0).all() and load.max() == 30
    assert repair(view, a, load)
    assert load.max() <= 21
