"""The solver's phases as the planner sees them: the forest-bound phase inside `solve`, the typed statistics and
their report keys, and the size of the solver's functions."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from solver_graphs import brute_force, random_graph, strategy_graphs

from autoshard.solver.phases import forest
from autoshard.solver.result import FEASIBLE, OPTIMAL, SolveResult
from autoshard.solver.solve import SolverConfig, solve
from autoshard.solver.spanning_forest_bound import forest_seconds
from autoshard.solver.stats import (
    DiffusionReport,
    LagrangianReport,
    MonolithicReport,
    RepeatReport,
    Skipped,
    SolveStats,
    WindowReport,
)
from autoshard.solver.strategy_graph import StrategyGraph

SOLVER = Path(__file__).resolve().parents[2] / "autoshard" / "solver"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(strategy_graphs(tree=True))
def test_forest_phase_gives_a_plan_without_bound_the_exact_bound_of_a_tree(graph: StrategyGraph) -> None:
    optimum, assignment = brute_force(graph)
    result = SolveResult(assignment, optimum + 7, FEASIBLE, None, None, 0.0)
    assert forest.wanted(result)
    report = forest.run(graph, result)
    assert report.bound == optimum == result.best_bound and result.stats.forest is report
    assert result.gap == pytest.approx(7 / max(1, optimum + 7))


def test_forest_phase_keeps_a_better_bound_and_skips_proven_or_tight_results() -> None:
    graph = random_graph(3)
    optimum, assignment = brute_force(graph)
    tight = SolveResult(assignment, optimum, FEASIBLE, optimum, 0.0, 0.0)
    assert not forest.wanted(tight)
    assert not forest.wanted(SolveResult(assignment, optimum, OPTIMAL, None, None, 0.0))
    took = SolveResult(assignment, optimum, FEASIBLE, None, None, 0.0, SolveStats(repeats=RepeatReport(bound=0)))
    took.stats.repeats.took_forest_time = True
    assert not forest.wanted(took)
    assert not forest.wanted(SolveResult(None, None, FEASIBLE, None, None, 0.0))
    better = SolveResult(assignment, optimum, FEASIBLE, optimum, None, 0.0)
    forest.run(graph, better)
    assert better.best_bound == optimum and better.gap is None  # not replaced: the forest's is no better


def test_forest_time_is_set_aside_only_when_it_matters() -> None:
    graph = random_graph(1, n=40, max_s=4, p_edge=0.3)
    estimate = forest_seconds(graph)
    assert forest.search_limit(graph, 1e9) == 1e9  # negligible: the search keeps all of it
    limit = estimate / 0.03  # the estimate is 3% of the limit
    assert forest.search_limit(graph, limit) == limit - estimate
    assert forest.search_limit(graph, estimate) == 0.5 * estimate  # at least half goes to the search


def test_solve_with_the_forest_bound_reports_a_bound() -> None:
    graph = random_graph(5, n=12, max_s=3)
    result = solve(graph, SolverConfig(max_time_in_seconds=2, num_workers=1, forest_bound=True))
    assert result.status in (OPTIMAL, FEASIBLE) and result.best_bound is not None
    assert result.best_bound <= brute_force(graph)[0] <= result.cost


def test_skipped_phases_are_reasons_and_keep_their_report_text() -> None:
    stats = SolveStats(
        diffusion=DiffusionReport(skipped=Skipped.NO_TIME),
        lagrangian=LagrangianReport(skipped=Skipped.NO_TIME),
        monolithic=MonolithicReport(skipped=Skipped.NO_TIME_TO_BUILD),
        repeats=RepeatReport(skipped=Skipped.NO_REPEATED_LAYERS),
        windows=WindowReport(skipped=Skipped.NO_START_WITHIN_LIMIT, seconds=0.5, cost=3),
    )
    out = stats.to_json()
    assert out["dual_s"] == "skipped (graph too large for its share of the time)"
    assert out["lagrangian_s"] == "skipped (graph too large for its share of the time)"
    assert out["cp_status"] == "skipped (no time to build the model)"
    assert out["repeat_s"] == "skipped (no repeated layers)"
    assert out["window_status"] == "no start within the usage limit"
    assert out["window_s"] == 0.5 and out["window_cost"] == 3
    assert "lagrangian_steps" not in out and "dual_sweeps" not in out


def test_solve_reports_each_phase_it_ran_in_typed_fields() -> None:
    graph = random_graph(2, n=10, max_s=3)
    result = solve(graph, SolverConfig(max_time_in_seconds=2, num_workers=1, deterministic=True))
    stats = result.stats
    assert stats.reduction is not None and isinstance(stats.reduction.summary, str)
    assert stats.heuristic is not None and stats.heuristic.cost is not None
    assert stats.work_clock_overran is False and stats.work_clock_s > 0
    out = stats.to_json()
    assert all(isinstance(v, (int, float, str, bool)) or v is None for v in out.values())
    assert {"reduction", "reduce_s", "work_clock_s", "work_clock_overran"} <= set(out)
    for report in (stats.diffusion, stats.lagrangian, stats.monolithic, stats.windows, stats.repeats):
        assert report is None or report.skipped is None or isinstance(report.skipped, Skipped)
    assert not math.isnan(out["reduce_s"])


def test_no_solver_function_is_longer_than_80_lines() -> None:
    long = []
    for path in sorted(SOLVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > 80:
                    long.append(f"{path.relative_to(SOLVER)}:{node.name} {length}")
    assert long == []
