"""`solve(graph, config) -> SolveResult`: the phases of the search (see `phases`) over one `SearchState`, their
deadlines set by a `Schedule`, what they did reported in a typed `SolveStats`."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

from autoshard.solver.clock import charge, now, overran, seconds_since, work_clock
from autoshard.solver.config import SolverConfig
from autoshard.solver.cp_sat.build_model import model_terms
from autoshard.solver.cp_sat.solve_model import WALL_CAP_FACTOR
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.phases import diffusion, forest, heuristic, lagrangian, lns, monolithic, reduction
from autoshard.solver.phases import repeated_layers, windows
from autoshard.solver.result import FEASIBLE, INFEASIBLE, OPTIMAL, UNKNOWN, Progress, SolveResult
from autoshard.solver.schedule import MONOLITHIC_SHARE, RESUMED_DUAL_SHARE, Schedule
from autoshard.solver.state import Incumbent, SearchState, setup_work_seconds
from autoshard.solver.stats import Skipped, SolveStats
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.tied_nodes import tie_nodes
from autoshard.solver.validate import least_peak_usage, plan_cost, validate_plan
from autoshard.solver.work_rates import SEARCH_SETUP_WORK

__all__ = ["FEASIBLE", "INFEASIBLE", "OPTIMAL", "UNKNOWN", "Progress", "SolveResult", "SolverConfig", "solve",
           "solve_tied"]


def solve(
    graph: StrategyGraph,
    config: SolverConfig = SolverConfig(),
    on_progress: Callable[[Progress], None] | None = None,
    starts: Sequence[Sequence[int]] = (),
) -> SolveResult:
    """Minimize the total cost of `graph` within `config.max_time_in_seconds`; always returns the best found.

    `starts` are assignments (original node order) the caller knows, e.g. a plan that honours every hard
    constraint: the best valid one is the first incumbent and the local search descends from it.
    Every phase (reduction, heuristic, model build, CP-SAT, expansion and checking, the forest bound when
    `config.forest_bound`) counts against the time limit.
    With `config.deterministic` the limit counts work, not wall seconds, and the result is repeatable.
    """
    started = time.monotonic()
    forest_s = 0.0
    if config.forest_bound:
        limit = config.max_time_in_seconds
        search_limit = forest.search_limit(graph, limit)
        if search_limit != limit:
            forest_s = limit - search_limit
            config = dataclasses.replace(config, max_time_in_seconds=search_limit)
    if config.deterministic:
        with work_clock(WALL_CAP_FACTOR * max(0.05, config.max_time_in_seconds) + 10.0):
            began = now()
            result = _solve(graph, config, on_progress, starts, forest_s)
            result.stats.work_clock_overran = overran()
            result.stats.work_clock_s = round(seconds_since(began), 3)  # the work counted, in work-clock seconds
    else:
        result = _solve(graph, config, on_progress, starts, forest_s)
    if config.forest_bound and forest.wanted(result):
        forest.run(graph, result)
    result.wall_time_s = time.monotonic() - started
    return result


def solve_tied(
    graph: StrategyGraph,
    ties: Sequence[tuple[int, int]],
    config: SolverConfig = SolverConfig(),
    on_progress: Callable[[Progress], None] | None = None,
    start: Sequence[int] | None = None,
) -> SolveResult:
    """`solve` over the plans of `graph` in which the nodes of each pair in `ties` take the same strategy index
    (`tied_nodes`): the search runs on the tied graph, the plan and progress reports come back in `graph`'s node
    order, and the bound holds for the tied plans. `start` is an assignment of `graph` (its groups take their
    first node's strategy)."""
    if not ties:
        return solve(graph, config, on_progress, [start] if start is not None else ())
    tied = tie_nodes(graph, ties)

    def expanded(p: Progress) -> None:
        expand = p.expand
        on_progress(dataclasses.replace(p, expand=None if expand is None else lambda: tied.expand(expand())))

    result = solve(tied.graph, config, expanded if on_progress is not None else None,
                   [tied.restrict(start)] if start is not None else ())
    if result.assignment is not None:
        result.assignment = tied.expand(result.assignment)
    return result


def _solve(graph: StrategyGraph, config: SolverConfig, on_progress: Callable[[Progress], None] | None,
           starts: Sequence[Sequence[int]], forest_s: float = 0.0) -> SolveResult:
    schedule = Schedule(config, graph, forest_s)
    stats = SolveStats()
    if graph.usage_limit is not None:
        least, at = least_peak_usage(graph)
        if least > graph.usage_limit:  # a proof: every plan holds at least this much there
            return SolveResult(None, None, INFEASIBLE, None, None, seconds_since(schedule.t0), stats,
                               f"every plan holds at least {least} at time point {at}, over the usage limit "
                               f"{graph.usage_limit}")
    # the repeat phase works on the reduced graph when the reduction reaches its fixpoint (given the time it is
    # expected to need, up to `fixpoint_until`); when it is not expected to, repeated layers are looked for first
    # on the original graph, where the phase then works, and the reduction (for the phases after it) gets a smaller
    # share
    blocks = None
    until = schedule.reduce_until()
    if config.repeat_fraction > 0:
        if reduction.reaches_fixpoint(graph, config, schedule.fixpoint_until()):
            until = schedule.fixpoint_until()  # never before `reduce_until()`
        else:
            blocks = repeated_layers.find(graph, False, schedule.repeat_find_until())
            until = schedule.reduce_until(isinstance(blocks, repeated_layers.Repeats))
    reduced, stats.reduction = reduction.run(graph, config, until, schedule.t0)
    if reduced.infeasible_reason:
        return SolveResult(None, None, INFEASIBLE, None, None, seconds_since(schedule.t0), stats,
                           reduced.infeasible_reason)
    if config.repeat_fraction > 0 and blocks is None:
        blocks = repeated_layers.find(reduced.reduced if reduced.complete else graph, reduced.complete,
                                      schedule.repeat_find_until())
    red = reduced.reduced
    incumbent = Incumbent(reduced, on_progress, schedule.t0)
    began = now()
    search = LocalSearch(red, config.random_seed)
    charge(setup_work_seconds(red, SEARCH_SETUP_WORK))
    stats.model_terms = model_terms(red)
    use_lns = config.force_lns or stats.model_terms > config.max_monolithic_terms
    small = red.num_nodes <= config.lagrangian_max_nodes
    schedule.start_search(small, use_lns)
    state = SearchState(config, reduced, incumbent, search, stats,
                        solve_sub=lambda sub, sub_config, sub_starts: _solve(sub, sub_config, None, sub_starts))
    heuristic.offer_starts(state, starts)
    _bound(state, schedule, blocks)
    if not state.settled():
        stats.heuristic = heuristic.run(state, schedule.heuristic_until, schedule.lagrangian_start_until, small, began)
    status = _improve(state, schedule, use_lns)
    return _result(graph, state, status, schedule.t0)


def _bound(state: SearchState, schedule: Schedule, blocks: repeated_layers.Repeats | Skipped | None) -> None:
    """The bound phases before the heuristic's descent: the repeated layers, on graphs that have them (their folded
    plan leads the search; when they prove a bound the diffusion is skipped), then the diffusion."""
    if blocks is not None:
        report = repeated_layers.run(state, blocks, schedule.repeat_until(), schedule.deadline)
        if report.bound is not None:
            schedule.give_forest_time()
            report.took_forest_time = True
    if schedule.dual_fraction > 0 and not state.settled():
        diffusion.run(state, schedule.dual_until())


def _improve(state: SearchState, schedule: Schedule, use_lns: bool) -> str:
    """The improving phases after the heuristic, each while no proof ends the search (`SearchState.settled`: of
    optimality, or of a gap within the limit): Lagrangian (when the usage limit binds), the whole CP-SAT model (small
    graphs), windows, LNS. Returns the status so far."""
    status = UNKNOWN
    if not state.settled() and state.config.lagrangian_fraction > 0 and state.memory_bound():
        lagrangian.run(state, schedule.lagrangian_until())
    if state.optimal():
        status = OPTIMAL  # a valid incumbent meets the bound: nothing left to search
    if not use_lns and not _ended(state, status):
        # a short whole-model run settles easy problems (and gives a bound)
        status = monolithic.run(state, schedule.deadline, MONOLITHIC_SHARE).outcome
    if not _ended(state, status) and schedule.windows_fit(state.red.num_nodes):
        status = _windows(state, schedule, use_lns, status)
    if not _ended(state, status) and repeated_layers.resumable(state) and schedule.lns_fits():
        # the whole graph's dual ascent (the windows did not resume it): half of what is left, LNS the rest
        repeated_layers.resume(state, now() + RESUMED_DUAL_SHARE * (schedule.deadline - now()))
        if state.optimal():
            status = OPTIMAL
    if not _ended(state, status) and schedule.lns_fits():
        lns.run(state, schedule.deadline)
    return status


def _ended(state: SearchState, status: str) -> bool:
    """Whether nothing is left to search: proven optimal or infeasible, or settled within the gap limit."""
    return status in (OPTIMAL, INFEASIBLE) or state.settled()


def _windows(state: SearchState, schedule: Schedule, use_lns: bool, status: str) -> str:
    """The window phase; an unconverged dual ascent (the diffusion phase's, else the repeat phase's) gets half of
    the window time back once the windows have had theirs. Returns the status (OPTIMAL when the resumed ascent
    proves the incumbent)."""
    t = now()
    share = schedule.window_share(use_lns)
    resumed = diffusion if diffusion.resumable(state) else repeated_layers if repeated_layers.resumable(state) else None
    report = windows.run(state, t + share * (schedule.deadline - t) * (0.5 if resumed else 1.0))
    report.seconds = round(seconds_since(t), 3)
    report.cost = state.incumbent.original_cost()
    if resumed is not None and not state.settled():
        resumed.resume(state, t + share * (schedule.deadline - t))
        if state.optimal():
            status = OPTIMAL
    return status


def _result(graph: StrategyGraph, state: SearchState, status: str, t0: float) -> SolveResult:
    """The incumbent expanded to `graph`'s nodes and checked, with its bound, gap and status."""
    inc, stats = state.incumbent, state.stats
    wall = seconds_since(t0)
    if inc.best is None:
        return SolveResult(None, None, status if status == INFEASIBLE else UNKNOWN, None, None, wall, stats,
                           "the usage limit or forbidden choices admit no plan" if status == INFEASIBLE else None)
    assignment = state.reduction.expand([int(s) for s in inc.best])
    problems = validate_plan(graph, assignment)
    cost = plan_cost(graph, assignment)
    wall = seconds_since(t0)
    if problems:
        stats.problems = problems[:5]
        return SolveResult(None, None, INFEASIBLE if status == INFEASIBLE else UNKNOWN, None, None, wall, stats,
                           "no valid plan found; the best attempt breaks: " + "; ".join(problems[:3]))
    bound = None if inc.bound is None else inc.bound + state.reduction.cost_offset
    if status != OPTIMAL:
        status = FEASIBLE
    if bound is not None and bound >= cost:
        status = OPTIMAL
    gap = None if bound is None else (cost - bound) / max(1, abs(cost))
    return SolveResult(assignment, cost, status, bound, gap, wall, stats)
