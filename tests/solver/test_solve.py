import dataclasses
import time

import pytest
from ortools.sat.python import cp_model

from autoshard.solver.cp_sat.build_model import build_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.solve import FEASIBLE, INFEASIBLE, OPTIMAL, SolverConfig, solve
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost, validate_plan

from solver_graphs import assert_reduction_keeps_optimum, brute_force, random_graph, with_pieces

FAST = dict(max_time_in_seconds=10.0, num_workers=2, heuristic_fraction=0.01)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("memory", [False, True, "pieces"])
def test_optimal_against_enumeration(seed, memory):
    g = with_pieces(random_graph(seed, memory=True), seed) if memory == "pieces" else random_graph(seed, memory=memory)
    best, _ = brute_force(g)
    result = solve(g, SolverConfig(**FAST))
    if best is None:
        assert result.status == INFEASIBLE
        return
    assert result.status == OPTIMAL
    assert result.cost == best == plan_cost(g, result.assignment)
    assert validate_plan(g, result.assignment) == []
    assert result.best_bound == best


@pytest.mark.parametrize("seed", range(6))
def test_optimal_without_reduction_and_with_forbidden(seed):
    g = random_graph(100 + seed, memory=seed % 2 == 0, forbidden=0.25)
    best, _ = brute_force(g)
    result = solve(g, SolverConfig(reduce=False, **FAST))
    if best is None:
        assert result.status == INFEASIBLE
    else:
        assert result.cost == best
        assert validate_plan(g, result.assignment) == []  # no forbidden entry chosen


@pytest.mark.parametrize("seed", range(10))
def test_reduction_preserves_optimum(seed):
    assert_reduction_keeps_optimum(random_graph(200 + seed, n=7, memory=seed % 2 == 1, p_edge=0.35))


def test_lns_matches_optimum_on_small_graph():
    for seed in range(7, 40):
        g = random_graph(seed, n=8, memory=True)
        best, _ = brute_force(g)
        if best is not None:
            break
    result = solve(g, SolverConfig(force_lns=True, lns_window=4, max_time_in_seconds=3.0, num_workers=2))
    assert result.cost is not None and result.cost >= best
    assert validate_plan(g, result.assignment) == []


def test_model_objective_equals_plan_cost_and_hint_is_feasible():
    for seed in range(11, 60):
        g = random_graph(seed, n=8, memory=True)
        if brute_force(g)[0] is not None:
            break
    search = LocalSearch(g, 0)
    hint, hint_cost = search.run(deadline=time.monotonic() + 0.2)
    assert hint_cost == plan_cost(g, hint)
    assert validate_plan(g, hint) == []
    built = build_model(ModelInstance(g), hint=list(hint))
    solver = cp_model.CpSolver()
    solver.parameters.fix_variables_to_their_hinted_value = True
    solver.parameters.num_workers = 1
    assert solver.Solve(built.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert int(solver.ObjectiveValue()) + built.objective_offset == hint_cost
    free = cp_model.CpSolver()
    free.parameters.num_workers = 2
    assert free.Solve(built.model) == cp_model.OPTIMAL
    chosen = built.vars.extract(free)
    assert int(free.ObjectiveValue()) + built.objective_offset == plan_cost(g, chosen)


def test_forbidden_entries_are_respected():
    g = StrategyGraph.build(
        [[0, 5], [FORBIDDEN, 1, 2]],
        edges=[(0, 1, [[0, FORBIDDEN, 0], [0, 0, 0]])],
    )
    result = solve(g, SolverConfig(**FAST))
    assert result.assignment == [0, 2] and result.cost == 2


def test_tiny_infeasible_memory():
    g = StrategyGraph.build([[1, 2], [1, 2]], [[5, 6], [5, 7]], [(0, 2), (1, 3)], usage_limit=9)
    result = solve(g, SolverConfig(**FAST))
    assert result.status == INFEASIBLE and result.assignment is None
    assert result.explanation


def test_a_least_usage_over_the_limit_ends_the_search_at_once():
    """Every plan holds at least each node's least usage: over the limit somewhere, the search proves no plan fits
    before any phase runs (a large graph would otherwise search until its time limit)."""
    graph = random_graph(0, 400, 6)
    least = sum(int(u.min()) for u in graph.node_usages)
    limited = dataclasses.replace(graph, intervals=tuple((0, 1) for _ in range(graph.num_nodes)),
                                  usage_limit=least - 1)
    result = solve(limited, SolverConfig(max_time_in_seconds=30.0, deterministic=True, num_workers=2))
    assert result.status == INFEASIBLE and result.assignment is None
    assert "every plan holds at least" in result.explanation
    assert result.stats.work_clock_s < 0.1


def test_all_strategies_forbidden_is_infeasible():
    g = StrategyGraph.build([[FORBIDDEN, FORBIDDEN], [0]], edges=[(0, 1, [[0], [0]])])
    result = solve(g, SolverConfig(**FAST))
    assert result.status == INFEASIBLE


def test_a_gap_limit_ends_the_search_once_the_plan_is_proven_that_close() -> None:
    graph = random_graph(0, 200, 6)
    config = SolverConfig(max_time_in_seconds=2.0, deterministic=True, num_workers=2)
    full = solve(graph, config)
    limited = solve(graph, dataclasses.replace(config, relative_gap_limit=0.3))
    assert full.status == FEASIBLE and full.gap > 0  # not proven optimal: the search ran to its limit
    assert limited.gap <= 0.3 and limited.status == FEASIBLE  # settled, not proven optimal
    assert limited.stats.work_clock_s < 0.75 * full.stats.work_clock_s
    assert plan_cost(graph, limited.assignment) == limited.cost
