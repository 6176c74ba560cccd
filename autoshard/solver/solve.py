"""`solve(graph, config) -> SolveResult`: reduction, heuristic incumbent, then CP-SAT (whole model or LNS)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from autoshard.solver.clock import charge, counting, now, overran, work_clock
from autoshard.solver.contracted import ContractedView
from autoshard.solver.dual_bound import Diffusion, DualBound, sweep_seconds
from autoshard.solver.heuristic import PENALTY, LocalSearch
from autoshard.solver.instance import FORBIDDEN, Edge, StrategyGraph
from autoshard.solver.lagrangian import (
    SWEEPS_PER_STEP,
    LagrangianOutcome,
    lagrangian_diffusion,
    step_seconds,
)
from autoshard.solver.model import build_model
from autoshard.solver.model_instance import ModelInstance
from autoshard.solver.reduce import Reduction, reduce_graph
from autoshard.solver.repeats import find_repeated_blocks, fold
from autoshard.solver.validate import plan_cost, validate_plan
from autoshard.solver.window_search import (
    lagrangian_window_search,
    repair,
    window_search,
)
from autoshard.solver.work_rates import (
    BUILD_SECONDS_PER_TERM,
    CP_SECONDS_PER_DETERMINISTIC_SECOND,
    LNS_ROUND_WORK_PER_NODE,
    REPEAT_FIND_SECONDS_PER_ELEMENT,
    REPEAT_FIND_WORK_PER_ELEMENT,
    RESERVE_SECONDS,
    RESERVE_SECONDS_PER_ELEMENT,
    SEARCH_SETUP_WORK,
    SWEEP_SECONDS_PER_INCIDENCE,
    VIEW_SECONDS_PER_NODE,
    VIEW_SETUP_WORK,
)

OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN = "OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"


@dataclass(frozen=True)
class SolverConfig:
    """Search settings. Defaults suit a 2-core machine: more workers than cores, a fixed seed."""

    max_time_in_seconds: float = 60.0
    num_workers: int = 8
    random_seed: int = 0
    log_search_progress: bool = False
    #: run the exact reductions first
    reduce: bool = True
    #: share of the time given to the heuristic before CP-SAT starts
    heuristic_fraction: float = 0.1
    #: largest model (edge residual entries + memory terms) solved as one CP-SAT model; larger ones use LNS
    max_monolithic_terms: int = 1_500_000
    #: nodes per large-neighbourhood-search window
    lns_window: int = 600
    #: repeatable for a fixed seed regardless of machine load: every phase stops on counted work instead of wall
    #: time (see `clock`) and CP-SAT runs interleaved on its deterministic time; the time limit is then close to
    #: wall seconds on a quiet machine, longer on a loaded one (capped at WALL_CAP_FACTOR times it). The planner
    #: sets it; `solve-iopddl` (contest timeouts) does not
    deterministic: bool = False
    #: use large-neighbourhood search even when the whole model is small enough
    force_lns: bool = False
    #: share of the time the exact reductions may take at most (they stop early, still exact)
    reduce_fraction: float = 0.3
    #: largest reduced graph whose heuristic starts from a Lagrangian relaxation of the usage limit
    lagrangian_max_nodes: int = 5000
    #: share of the time after the heuristic given to the whole CP-SAT model before LNS windows take over
    monolithic_fraction: float = 0.5
    #: share of the time after the first phases given to the window search on graphs too large for one CP-SAT
    #: model (the rest goes to CP-SAT windows); smaller graphs give it all the time left
    window_fraction: float = 0.85
    #: largest share of the time the min-sum diffusion bound may take before the search (0: skip it); it proves
    #: optimality where the relaxation is tight and its rounding is a start for the search
    dual_fraction: float = 0.35
    #: largest share of the time the Lagrangian relaxation of the usage limit may take when the limit binds (0:
    #: skip it); its roundings are plans that differ from the incumbent in many coordinated choices, its bound
    #: the only strong one on memory-bound graphs
    lagrangian_fraction: float = 0.4
    #: largest share of the time given to repeated layers (see `repeats`) on graphs too large for the diffusion
    #: bound: a bound from one diffusion per kind of layer, and the best plan that treats every copy of a layer
    #: alike (0: skip it)
    repeat_fraction: float = 0.6
    #: seconds the caller will spend on a bound of its own afterwards unless the solver proves one (the planner's
    #: spanning-forest bound); the repeat phase, when it runs, takes them instead and says so in the statistics
    #: (`fallback_bound_used`), so that the caller can skip its own
    fallback_bound_s: float = 0.0


@dataclass(frozen=True)
class Progress:
    """One progress report: best cost so far, best proven bound (None if unknown), seconds since start."""

    cost: int
    bound: int | None
    elapsed_s: float
    phase: str
    #: the incumbent in original node order, computed on demand (e.g. by a watchdog when time runs out)
    expand: Callable[[], list[int]] | None = field(default=None, repr=False, compare=False)


@dataclass
class SolveResult:
    """The best assignment found (original node order), its cost, and how good it is known to be."""

    assignment: list[int] | None
    cost: int | None
    status: str
    best_bound: int | None
    gap: float | None
    wall_time_s: float
    stats: dict = field(default_factory=dict)
    explanation: str | None = None


class _Tracker:
    def __init__(self, reduction: Reduction, on_progress, t0: float):
        self.reduction = reduction
        self.on_progress = on_progress
        self.t0 = t0
        self.best: np.ndarray | None = None
        self.best_cost: int | None = None  # in reduced terms
        self.bound: int | None = None

    def offer(self, assignment, cost: int, phase: str) -> bool:
        if self.best_cost is None or cost < self.best_cost:
            self.best = np.asarray(assignment, dtype=np.int64).copy()
            self.best_cost = int(cost)
            if self.on_progress:
                bound = None if self.bound is None else self.bound + self.reduction.cost_offset
                snapshot = [int(x) for x in self.best]
                self.on_progress(
                    Progress(
                        self.best_cost + self.reduction.cost_offset, bound, now() - self.t0, phase,
                        lambda: self.reduction.expand(snapshot),
                    )
                )
            return True
        return False


class _Callback(cp_model.CpSolverSolutionCallback):
    def __init__(self, built, tracker: _Tracker, phase: str, lift: Callable[[list[int]], tuple[np.ndarray, int]]):
        super().__init__()
        self.built, self.tracker, self.phase, self.lift = built, tracker, phase, lift

    def on_solution_callback(self) -> None:
        local = self.built.vars.extract(self)
        full, cost = self.lift(local, int(round(self.ObjectiveValue())) + self.built.objective_offset)
        self.tracker.offer(full, cost, self.phase)


def _cp_params(config: SolverConfig, time_limit: float, workers: int | None = None) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit)
    solver.parameters.num_workers = workers or config.num_workers
    solver.parameters.random_seed = config.random_seed
    solver.parameters.log_search_progress = config.log_search_progress
    if config.deterministic:
        solver.parameters.interleave_search = True
        solver.parameters.max_deterministic_time = max(0.01, time_limit) / CP_SECONDS_PER_DETERMINISTIC_SECOND
        solver.parameters.max_time_in_seconds = WALL_CAP_FACTOR * max(0.01, time_limit) + 5.0
    return solver


def _run_cp(solver: cp_model.CpSolver, model: cp_model.CpModel, callback=None):
    """Solve and count CP-SAT's deterministic time on the solver clock (a no-op on wall time)."""
    code = solver.Solve(model, callback) if callback is not None else solver.Solve(model)
    charge(CP_SECONDS_PER_DETERMINISTIC_SECOND * solver.response_proto.deterministic_time)
    return code


#: in deterministic mode, the wall-clock cap on a solve, as a multiple of its time limit (plus 10 s)
WALL_CAP_FACTOR = 3.0


def setup_work_seconds(graph: StrategyGraph, rates: tuple[float, float, float]) -> float:
    """Work-clock seconds of a set-up that reads every node, edge and matrix entry of `graph` once (0 when no work
    clock runs: nothing to charge)."""
    if not counting():
        return 0.0
    per_node, per_edge, per_entry = rates
    entries = sum(e.costs.size for e in graph.edges) + sum(len(c) for c in graph.node_costs)
    return per_node * graph.num_nodes + per_edge * len(graph.edges) + per_entry * entries


def model_terms(graph: StrategyGraph) -> int:
    return sum(int(np.count_nonzero(e.costs)) for e in graph.edges) + sum(len(c) for c in graph.node_costs)


def solve(
    graph: StrategyGraph,
    config: SolverConfig = SolverConfig(),
    on_progress: Callable[[Progress], None] | None = None,
    starts: Sequence[Sequence[int]] = (),
) -> SolveResult:
    """Minimize the total cost of `graph` within `config.max_time_in_seconds`; always returns the best found.

    `starts` are assignments (original node order) the caller knows, e.g. a plan that honours every hard
    constraint: the best valid one is the first incumbent and the local search descends from it.
    Every phase (reduction, heuristic, model build, CP-SAT, expansion and checking) counts against the time limit.
    With `config.deterministic` the limit counts work, not wall seconds, and the result is repeatable.
    """
    started = time.monotonic()
    if config.deterministic:
        with work_clock(WALL_CAP_FACTOR * max(0.05, config.max_time_in_seconds) + 10.0):
            began = now()
            result = _solve(graph, config, on_progress, starts)
            result.stats["work_clock_overran"] = overran()
            result.stats["work_clock_s"] = round(now() - began, 3)  # the work counted, in work-clock seconds
    else:
        result = _solve(graph, config, on_progress, starts)
    result.wall_time_s = time.monotonic() - started
    return result


def _solve(graph: StrategyGraph, config: SolverConfig, on_progress: Callable[[Progress], None] | None,
           starts: Sequence[Sequence[int]]) -> SolveResult:
    t0 = now()
    budget = max(0.05, config.max_time_in_seconds)
    # keep a reserve for expanding and checking the answer (linear in the graph size)
    reserve = min(0.1 * budget, RESERVE_SECONDS + RESERVE_SECONDS_PER_ELEMENT * (graph.num_nodes + len(graph.edges)))
    deadline = t0 + budget - reserve
    stats: dict = {}
    if config.reduce:
        reduction = reduce_graph(graph, deadline=t0 + config.reduce_fraction * budget)
    else:
        reduction = Reduction(
            graph, graph, list(range(graph.num_nodes)), [np.arange(len(c)) for c in graph.node_costs], 0
        )
    stats["reduction"] = reduction.summary()
    stats["reduce_s"] = round(now() - t0, 3)
    if reduction.infeasible_reason:
        return SolveResult(None, None, INFEASIBLE, None, None, now() - t0, stats, reduction.infeasible_reason)
    red = reduction.reduced
    tracker = _Tracker(reduction, on_progress, t0)
    t = now()
    search = LocalSearch(red, config.random_seed)
    charge(setup_work_seconds(red, SEARCH_SETUP_WORK))
    terms = model_terms(red)
    stats["model_terms"] = terms
    use_lns = config.force_lns or terms > config.max_monolithic_terms
    remaining = deadline - now()
    small = red.num_nodes <= config.lagrangian_max_nodes
    # on large graphs the exact window moves (and their Lagrangian variant for the usage limit) improve far faster
    # than the node and tree moves: the heuristic only settles a first incumbent there
    share = max(config.heuristic_fraction, 0.15 if use_lns else 0.08) if small else 0.03
    heur_deadline = now() + max(0.05, remaining * share)
    started = now()
    lagrangian_until = started + 0.6 * (heur_deadline - started) if small else None
    start = _best_start(reduction, search, starts, tracker)
    dual_fraction = config.dual_fraction
    if config.repeat_fraction > 0 and _wall_sweep_seconds(red) * MIN_DUAL_SWEEPS > dual_fraction * remaining:
        # the diffusion bound will not get far: the repeated layers give a plan and a bound of their own instead
        phase_end = now() + config.repeat_fraction * remaining + config.fallback_bound_s
        start = _repeat_phase(red, config, search, tracker, phase_end, stats, start)
        if "repeat_bound" in stats:
            dual_fraction = 0.0
            deadline += config.fallback_bound_s  # the phase took the caller's bound time: the rest keeps its own
            heur_deadline += config.fallback_bound_s
            stats["fallback_bound_used"] = True
    diffusion = None  # the dual phase's, resumed after the window search when it had not converged
    if dual_fraction > 0:
        start, diffusion = _dual_phase(red, search, tracker, now() + dual_fraction * remaining, stats, start)
    search.run(heur_deadline, start=start, on_improve=lambda a, c: tracker.offer(a, c, "heuristic"),
               lagrangian_until=lagrangian_until, max_rounds=None if small else 1)  # fmt: skip
    stats["heuristic_s"] = round(now() - t, 3)
    stats["heuristic_cost"] = None if tracker.best_cost is None else tracker.best_cost + reduction.cost_offset
    views: list[ContractedView] = []  # built once, when a phase needs it (seconds on 10^5 nodes)

    def view() -> ContractedView:
        if not views:
            views.append(ContractedView(search))
            charge(setup_work_seconds(red, VIEW_SETUP_WORK))
        return views[0]

    status = UNKNOWN
    lagrangian = None
    if _optimal(search, tracker):
        status = OPTIMAL
    elif config.lagrangian_fraction > 0 and _memory_bound(search, stats):
        lagrangian = _lagrangian_phase(red, view, tracker,
                                       now() + config.lagrangian_fraction * (deadline - now()), stats)
    if _optimal(search, tracker):
        status = OPTIMAL  # a valid incumbent meets the bound: nothing left to search
    if not use_lns and status != OPTIMAL:
        # a short whole-model run settles easy problems (and gives a bound)
        status = _solve_monolithic(red, config, tracker, deadline, stats, share=0.2)
    # the window phase first builds a contracted view of the whole graph (seconds on 10^5 nodes): skip it when that
    # set-up alone would overrun the deadline
    view_setup_s = VIEW_SECONDS_PER_NODE * red.num_nodes
    if status not in (OPTIMAL, INFEASIBLE) and now() < deadline - 0.5 - 2 * view_setup_s:
        t = now()
        # CP-SAT windows only pay off on large graphs (their windows can trade memory between many nodes)
        share = config.window_fraction if use_lns else 1.0
        resumable = diffusion is not None and not diffusion.converged
        # an unconverged diffusion gets half of the window time back once the windows have had theirs
        window_until = t + share * (deadline - t) * (0.5 if resumable else 1.0)
        _solve_windows(red, config, tracker, search, view(), window_until, stats, lagrangian)
        stats["window_s"] = round(now() - t, 3)
        stats["window_cost"] = None if tracker.best_cost is None else tracker.best_cost + reduction.cost_offset
        if resumable and not _optimal(search, tracker):
            resumed = now()
            _adopt_dual(diffusion.run(t + share * (deadline - t), target=tracker.best_cost), search, tracker, stats)
            stats["dual_s"] = round(stats["dual_s"] + now() - resumed, 3)
            if _optimal(search, tracker):
                status = OPTIMAL
    if status not in (OPTIMAL, INFEASIBLE) and now() < deadline - 0.5:
        # CP-SAT windows can trade memory between many nodes at once
        _solve_lns(red, config, tracker, search, deadline, stats)
    wall = now() - t0
    if tracker.best is None:
        return SolveResult(None, None, status if status == INFEASIBLE else UNKNOWN, None, None, wall, stats,
                           "the usage limit or forbidden choices admit no plan" if status == INFEASIBLE else None)
    assignment = reduction.expand([int(s) for s in tracker.best])
    problems = validate_plan(graph, assignment)
    cost = plan_cost(graph, assignment)
    wall = now() - t0
    if problems:
        stats["problems"] = problems[:5]
        return SolveResult(None, None, INFEASIBLE if status == INFEASIBLE else UNKNOWN, None, None, wall, stats,
                           "no valid plan found; the best attempt breaks: " + "; ".join(problems[:3]))
    bound = None if tracker.bound is None else tracker.bound + reduction.cost_offset
    if status != OPTIMAL:
        status = FEASIBLE
    if bound is not None and bound >= cost:
        status = OPTIMAL
    gap = None if bound is None else (cost - bound) / max(1, abs(cost))
    return SolveResult(assignment, cost, status, bound, gap, wall, stats)


#: least share of the graph's nodes in repeated blocks for the repeat phase to run
MIN_REPEATED_SHARE = 0.5


def _wall_sweep_seconds(red: StrategyGraph) -> float:
    """Estimated wall seconds of a diffusion sweep, counting the per-edge overhead `sweep_seconds` leaves out
    (measured: 0.4 s a sweep on GPT 8 layers 2x2x2, 1.3 s on 96 layers 2x4)."""
    return sweep_seconds(red) + 2 * SWEEP_SECONDS_PER_INCIDENCE * len(red.edges)


def _repeat_phase(red: StrategyGraph, config: SolverConfig, search: LocalSearch, tracker: _Tracker, until: float,
                  stats: dict, start: np.ndarray | None) -> np.ndarray | None:
    """Repeated layers (see `repeats`), found on the original graph (a reduction stopped early treats copies
    unevenly): the best plan giving every copy of a block the same choices becomes an incumbent (and the returned
    start when it is), and a bound on each kind of block gives one on the whole."""
    t = now()
    graph, reduction = tracker.reduction.original, tracker.reduction
    elements = graph.num_nodes + len(graph.edges)
    if REPEAT_FIND_SECONDS_PER_ELEMENT * elements > 0.75 * (until - t):
        stats["repeat_s"] = "skipped (graph too large for its share of the time)"
        return start
    blocks = find_repeated_blocks(graph)
    charge(REPEAT_FIND_WORK_PER_ELEMENT * elements)
    if blocks is None or blocks.repeated_nodes < MIN_REPEATED_SHARE * graph.num_nodes:
        stats["repeat_s"] = "skipped (no repeated layers)"
        return start
    folded = fold(graph, blocks)
    stats["repeat_blocks"] = sum(len(c.members) for c in blocks.classes)
    stats["repeat_folded_nodes"] = folded.num_nodes

    def sub_solve(sub: StrategyGraph, seconds: float) -> SolveResult:
        sub_config = dataclasses.replace(config, max_time_in_seconds=max(0.05, seconds), repeat_fraction=0.0)
        return _solve(sub, sub_config, None, ())

    # first the bound (nothing else proves one on these graphs): the min-sum diffusion bound of each class's block,
    # in 65% of the phase, its time in proportion to the block's matrix entries
    bound_until = now() + 0.65 * (until - now())
    sizes = [sweep_seconds(c.graph) for c in blocks.classes]
    left = sum(sizes)
    bounds: list[int] = []
    for cls, size in zip(blocks.classes, sizes):
        share = size / left if left > 0 else 1.0
        left -= size
        bounds.append(Diffusion(cls.graph).run(now() + share * (bound_until - now())).bound)
    bound = blocks.bound(graph, bounds)
    stats["repeat_bound"] = bound
    bound -= reduction.cost_offset
    tracker.bound = bound if tracker.bound is None else max(tracker.bound, bound)
    # then the plan: the folded problem gets the rest of the phase
    result = sub_solve(folded, until - now())
    stats["repeat_folded_status"] = result.status
    if result.assignment is not None:
        plan = reduction.restrict([int(x) for x in blocks.unfold(graph.num_nodes, result.assignment)])
        stats["repeat_plan_kept"] = plan is not None  # a reduction may have dropped one of its choices
        if plan is not None:
            plan = np.asarray(plan, dtype=np.int64)
            cost = search.cost(plan)
            if cost < FORBIDDEN and _fits(search, plan) and tracker.offer(plan, cost, "repeats"):
                start = plan
    stats["repeat_s"] = round(now() - t, 3)
    return start


#: fewest diffusion sweeps worth running (its bound rises over tens of sweeps)
MIN_DUAL_SWEEPS = 8


def _dual_phase(red: StrategyGraph, search: LocalSearch, tracker: _Tracker, until: float, stats: dict,
                start: np.ndarray | None) -> tuple[np.ndarray | None, Diffusion | None]:
    """Min-sum diffusion on the reduced graph (see `_adopt_dual`); returns the start for the search (the better of
    `start` and the rounding) and the diffusion, to be resumed later (None when skipped)."""
    t = now()
    if sweep_seconds(red) * MIN_DUAL_SWEEPS > until - t:
        stats["dual_s"] = "skipped (graph too large for its share of the time)"
        return start, None
    ceiling = None if tracker.best_cost is None else tracker.best_cost + 1
    diffusion = Diffusion(red, ceiling=ceiling)
    rounded = _adopt_dual(diffusion.run(until, target=tracker.best_cost), search, tracker, stats)
    stats["dual_s"] = round(now() - t, 3)
    return (start if rounded is None else rounded), diffusion


def _adopt_dual(dual: DualBound, search: LocalSearch, tracker: _Tracker, stats: dict) -> np.ndarray | None:
    """The diffusion's bound becomes the tracker's, its rounding an incumbent when it is valid and cheaper (then
    returned)."""
    tracker.bound = dual.bound if tracker.bound is None else max(tracker.bound, dual.bound)
    stats["dual_sweeps"] = dual.sweeps
    if dual.rounded is None:
        return None
    rounded = np.asarray(dual.rounded, dtype=np.int64)
    cost = search.cost(rounded)
    stats["dual_rounding_fits"] = _fits(search, rounded)
    if cost < FORBIDDEN and stats["dual_rounding_fits"] and tracker.offer(rounded, cost, "dual"):
        return rounded
    return None


#: fewest multiplier steps worth running in the Lagrangian phase (its plans get good after tens of steps)
MIN_LAGRANGIAN_STEPS = 10


def _memory_bound(search: LocalSearch, stats: dict) -> bool:
    """Whether the usage limit may bind: some node's choice changes its usage, and the diffusion phase (when it
    ran) did not already find its cheapest plan within the limit."""
    return search.limit is not None and bool(search.mem_nodes.any()) and not stats.get("dual_rounding_fits", False)


def _optimal(search: LocalSearch, tracker: _Tracker) -> bool:
    """Whether the incumbent is valid and meets the proven bound."""
    return (tracker.bound is not None and tracker.best_cost is not None and tracker.best_cost <= tracker.bound
            and _fits(search, tracker.best))


def _lagrangian_phase(red: StrategyGraph, view: Callable[[], ContractedView], tracker: _Tracker, until: float,
                      stats: dict) -> LagrangianOutcome | None:
    """The Lagrangian relaxation of the usage limit (see `lagrangian`): its plans are offered as incumbents, its
    bound raises the tracker's. Skipped (None) when too few multiplier steps would fit before `until`."""
    t = now()
    # a step sweeps the contracted view, at most as large as the graph: skip before building the view
    if sweep_seconds(red) * SWEEPS_PER_STEP * MIN_LAGRANGIAN_STEPS > 2 * (until - now()):
        stats["lagrangian_s"] = "skipped (graph too large for its share of the time)"
        return None
    contracted = view()
    if step_seconds(contracted) * MIN_LAGRANGIAN_STEPS > until - now():
        stats["lagrangian_s"] = "skipped (graph too large for its share of the time)"
        return None

    def offer(a: np.ndarray, _cost: int) -> None:
        nodes = contracted.to_nodes(a)
        tracker.offer(nodes, contracted.search.cost(nodes), "lagrangian")

    outcome = lagrangian_diffusion(contracted, until, on_plan=offer, target=tracker.best_cost)
    if outcome.bound is not None:
        tracker.bound = outcome.bound if tracker.bound is None else max(tracker.bound, outcome.bound)
    stats["lagrangian_s"] = round(now() - t, 3)
    stats["lagrangian_steps"] = outcome.steps
    stats["lagrangian_cost"] = None if outcome.best_cost is None else outcome.best_cost + tracker.reduction.cost_offset
    return outcome


def _fits(search: LocalSearch, assignment: np.ndarray) -> bool:
    """Whether `assignment` (reduced terms) keeps within the usage limit at every time."""
    return search.limit is None or not len(assignment) or int(search.load(assignment).max()) <= search.limit


def _best_start(reduction: Reduction, search: LocalSearch, starts: Sequence[Sequence[int]], tracker: _Tracker
                ) -> np.ndarray | None:
    """The cheapest valid caller start in reduced terms (offered as the first incumbent), or None."""
    best, best_cost = None, None
    for start in starts:
        reduced = reduction.restrict(start)
        if reduced is None:
            continue
        candidate = np.asarray(reduced, dtype=np.int64)
        cost = search.cost(candidate)
        if cost < FORBIDDEN and _fits(search, candidate) and (best_cost is None or cost < best_cost):
            best, best_cost = candidate, cost
    if best is not None:
        tracker.offer(best, best_cost, "start")
    return best


#: after a Lagrangian phase: descents probed from its plan, each with this share of the window search's time
PROBES = 3
PROBE_SHARE = 0.03



def _solve_windows(red: StrategyGraph, config: SolverConfig, tracker: _Tracker, search: LocalSearch,
                   view: ContractedView, deadline: float, stats: dict,
                   lagrangian: LagrangianOutcome | None = None) -> None:
    """Iterated exact window moves on the contracted view (see `window_search`), from the incumbent; after a
    Lagrangian phase, Lagrangian window moves from its best plan, priced as the phase left off."""
    if tracker.best is None or red.num_nodes == 0:
        return
    start = view.from_nodes(tracker.best)
    load = view.load(start)
    if red.usage_limit is not None and len(load) and load.max() > red.usage_limit and not repair(view, start, load):
        stats["window_status"] = "no start within the usage limit"
        return
    last_offer = [now()]
    pending: list = []

    def offer(best_vars: np.ndarray, _cost: int) -> None:
        pending[:] = [best_vars]
        t = now()
        if t - last_offer[0] > 0.5:
            last_offer[0] = t
            flush()

    def flush() -> None:
        if pending:
            assignment = view.to_nodes(pending.pop())
            tracker.offer(assignment, search.cost(assignment), "window")

    rng = np.random.default_rng(config.random_seed)
    nv = view.num_vars
    memory_bound = red.usage_limit is not None and bool(view.mem_vars.any())
    if memory_bound and lagrangian is not None and lagrangian.prices is not None:
        # the phase's best plan, even when the incumbent is cheaper, lies where its multipliers led: descending
        # from there with those multipliers beats descending from the incumbent with fresh ones (IOPDDL N: 202e9
        # against 227e9; the phase's plan cost 431e9, the incumbent 398e9)
        begin = start if lagrangian.best is None else lagrangian.best
        # from there, a descent either finds a deep basin within seconds or settles in a shallow one, depending on
        # its random draws (IOPDDL M: 50.1e9 or 52.9-53.9e9): short probes with their own draws first, then the
        # best probe goes on with the multipliers it ended with
        probe_s = PROBE_SHARE * (deadline - now())
        probes = []
        for k in range(PROBES):
            ended: list[np.ndarray] = []
            probe_rng = np.random.default_rng([config.random_seed, k])
            found, cost = lagrangian_window_search(view, begin, now() + probe_s, probe_rng, offer,
                                                   prices=lagrangian.prices, final_prices=ended)
            probes.append((cost, k, found, ended[0] if ended else lagrangian.prices))
        _, _, found, prices = min(probes, key=lambda p: (p[0], p[1]))
        lagrangian_window_search(view, found, deadline, rng, offer, prices=prices)
        stats["window_rounds"] = 1
        stats["window_probe_costs"] = [p[0] + tracker.reduction.cost_offset for p in probes]
        flush()
        return
    # first descend from the incumbent; then rounds from fresh random starts (small graphs) or from the best
    first_until = now() + (0.1 if memory_bound else 0.5) * (deadline - now())
    best, best_cost = window_search(view, start, first_until, rng, offer, patience=400 + 40 * nv)
    # small graphs: short rounds alternating fresh starts and the best; large graphs, and graphs whose basins the
    # Lagrangian phase already explored globally: one long round from the best (its multipliers keep their state)
    restarts = nv <= 5000 and not stats.get("lagrangian_steps")
    round_s = min(20.0, max(3.0, 0.015 * nv)) if restarts else float("inf")
    rounds = 0
    least_usage = view.from_nodes(search.start(None))
    while now() < deadline - 0.05:
        rounds += 1
        end = min(deadline, now() + round_s)
        fresh = restarts and rounds % 2 == 1
        if fresh and memory_bound and rounds % 4 == 3:
            # a Lagrangian descent from a random plan (over the limit at first): it reaches basins that the
            # descents from the least-usage start never enter
            found, cost = lagrangian_window_search(view, best, end, rng, offer, start=_random_vars(view, rng))
        else:
            begin, begin_cost = best, best_cost
            if fresh:  # a new descent from the least-usage start (the windows' randomness makes it differ)
                begin, begin_cost = window_search(view, least_usage, now() + 0.5 * (end - now()), rng)
                if begin_cost < best_cost:
                    best, best_cost = begin, begin_cost
                    offer(best, best_cost)
            if memory_bound:
                found, cost = lagrangian_window_search(view, begin, end, rng, offer)
            else:
                found, cost = window_search(view, begin, end, rng, patience=400 + 40 * nv)
        if cost < best_cost:
            best, best_cost = found, cost
            offer(best, best_cost)
    stats["window_rounds"] = rounds
    flush()


def _random_vars(view: ContractedView, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random strategy per variable among those without a forbidden cost of their own."""
    out = np.zeros(view.num_vars, dtype=np.int64)
    for v, u in enumerate(view.unary):
        ok = np.flatnonzero(u < PENALTY)
        out[v] = int(rng.choice(ok)) if len(ok) else int(np.argmin(u))
    return out


def _solve_monolithic(red: StrategyGraph, config: SolverConfig, tracker: _Tracker, deadline: float, stats: dict,
                      share: float | None = None) -> str:
    """The whole reduced problem as one CP-SAT model, hinted with the incumbent; UNKNOWN when there is no time."""
    remaining = deadline - now()
    if model_terms(red) * BUILD_SECONDS_PER_TERM > 0.5 * remaining:
        stats["cp_status"] = "skipped (no time to build the model)"
        return UNKNOWN
    instance = ModelInstance(red)
    t = now()
    built = build_model(instance, hint=None if tracker.best is None else list(tracker.best))
    charge(BUILD_SECONDS_PER_TERM * model_terms(red))
    stats["build_s"] = round(now() - t, 3)
    if deadline - now() < 0.05:
        stats["cp_status"] = "skipped (out of time after the build)"
        return UNKNOWN
    left = deadline - now()
    # leave the rest to LNS windows, unless too little would be left for them
    fraction = config.monolithic_fraction if share is None else share
    limit = left if left * (1 - fraction) < 3.0 else left * fraction
    solver = _cp_params(config, limit)
    cb = _Callback(built, tracker, "cp-sat", lambda a, c: (np.asarray(a), c))
    code = _run_cp(solver, built.model, cb)
    stats["cp_status"] = solver.StatusName(code)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        tracker.offer(built.vars.extract(solver), int(round(solver.ObjectiveValue())) + built.objective_offset, "cp-sat")
        cp_bound = int(np.ceil(solver.BestObjectiveBound() - 1e-6)) + built.objective_offset
        tracker.bound = cp_bound if tracker.bound is None else max(tracker.bound, cp_bound)
        return OPTIMAL if code == cp_model.OPTIMAL else FEASIBLE
    if code == cp_model.INFEASIBLE:
        return INFEASIBLE
    return UNKNOWN


def _window_graph(red: StrategyGraph, search: LocalSearch, window: list[int], current: np.ndarray, load: np.ndarray):
    """The subproblem over `window` with every other node fixed at `current`; returns (instance, hint).

    Costs are the search's penalized ones: a forbidden entry costs PENALTY, so a window can also reduce the number
    of forbidden choices when it cannot remove all of them.
    """
    pos = {u: k for k, u in enumerate(window)}
    costs, edges_in = [], []
    for u in window:
        vec = search.unary[u].copy()
        for inc in search.incident[u]:
            if inc.other not in pos:
                vec = vec + inc.matrix[:, current[inc.other]]
            elif inc.other > u:
                edges_in.append(Edge(pos[u], pos[inc.other], inc.matrix))
        costs.append(np.minimum(vec, FORBIDDEN - 1))
    base = None
    if red.usage_limit is not None:
        base = load.copy()
        for u in window:
            lo, hi = red.intervals[u]
            if hi > lo:
                base[lo:hi] -= red.node_usages[u][current[u]]
    sub = StrategyGraph(
        tuple(costs), tuple(red.node_usages[u] for u in window), tuple(red.intervals[u] for u in window),
        tuple(edges_in), red.usage_limit,
    )
    return ModelInstance(sub, base), [int(current[u]) for u in window]


def _violating_nodes(search: LocalSearch, current: np.ndarray) -> list[int]:
    """Nodes whose current strategy, or an incident edge entry, is forbidden (priced at PENALTY by the search)."""
    out = []
    for u in range(len(current)):
        if search.unary[u][current[u]] >= PENALTY or any(
            inc.matrix[current[u], current[inc.other]] >= PENALTY for inc in search.incident[u]
        ):
            out.append(u)
    return out


def _expensive_nodes(red: StrategyGraph, search: LocalSearch, current: np.ndarray, rng, top: int = 16) -> list[int]:
    """Both ends of one of the `top` edges (or nodes) costing most in `current`, picked at random."""
    scored = []
    for u in range(red.num_nodes):
        scored.append((int(search.unary[u][current[u]]), u, u))
        for inc in search.incident[u]:
            if inc.other > u:
                scored.append((int(inc.matrix[current[u], current[inc.other]]), u, inc.other))
    scored.sort(reverse=True)
    _, a, b = scored[int(rng.integers(min(top, len(scored))))]
    return [a] if a == b else [a, b]


#: bijection groups larger than this never enter an LNS window
MAX_WINDOW_GROUP = 64


def _grow_window(search: LocalSearch, seeds: list[int], max_nodes: int, max_terms: int) -> list[int]:
    """Breadth-first ball around `seeds` up to `max_nodes` nodes or `max_terms` model terms."""
    seen: list[int] = []
    mark: set[int] = set()
    terms = 0

    def add(v: int) -> None:
        nonlocal terms
        group = [v] if search.cluster_of[v] < 0 else [int(x) for x in search.clusters[search.cluster_of[v]][0]]
        if len(group) > MAX_WINDOW_GROUP:
            return  # a large group stays fixed (its members cannot move alone); group moves handle it
        for w in group:  # a bijection group enters whole: its members can only move together
            if w not in mark:
                mark.add(w)
                seen.append(w)
                terms += len(search.unary[w]) + sum(inc.matrix.size for inc in search.incident[w])

    for v in seeds:
        add(v)
    if not seen:  # every seed belongs to a large group: start from its neighbours instead
        for v in seeds:
            for inc in search.incident[v]:
                add(inc.other)
        if not seen:
            seen, mark = [seeds[0]], {seeds[0]}
    k = 0
    while k < len(seen) and len(seen) < max_nodes and terms < max_terms:
        for inc in search.incident[seen[k]]:
            if inc.other not in mark:
                add(inc.other)
                if len(seen) >= max_nodes or terms >= max_terms:
                    break
        k += 1
    return sorted(seen)


def _solve_lns(red, config, tracker, search: LocalSearch, deadline, stats) -> None:
    """Large-neighbourhood search: re-solve windows (graph balls around random nodes, around forbidden choices and
    around the peak-usage time, program-order ranges) by CP-SAT, each followed by tree moves around it."""
    n = red.num_nodes
    if n == 0 or tracker.best is None:
        return
    current = tracker.best.copy()
    load = search.load(current)
    pcost = search.penalized_cost(current)
    rng = np.random.default_rng(config.random_seed)
    rounds = improved = 0
    width = min(config.lns_window, n, 80)  # adapted: grows while windows solve to optimality, shrinks otherwise
    start = 0
    mem_idx = np.flatnonzero(search.mem_nodes)
    sizes = [len(m) for m, _ in search.clusters]
    movable = [
        u for u in range(n)
        if search.incident[u] and (search.cluster_of[u] < 0 or sizes[search.cluster_of[u]] <= MAX_WINDOW_GROUP)
    ]
    connected = movable or [u for u in range(n) if search.incident[u]] or list(range(n))
    movable_mask = np.zeros(n, dtype=bool)
    movable_mask[connected] = True
    while now() < deadline - 0.3:
        rounds += 1
        kind = 3 if rounds % 2 else (rounds // 2) % 3  # every other window around the costliest choices
        broken = _violating_nodes(search, current) if pcost >= PENALTY else []
        if broken:
            seeds = [int(rng.choice(broken))]
        elif kind == 1 and len(mem_idx) and red.usage_limit is not None:
            t_peak = int(rng.choice(np.flatnonzero(load >= load.max() - (load.max() >> 6))))
            live = [int(i) for i in mem_idx if red.intervals[i][0] <= t_peak < red.intervals[i][1] and movable_mask[i]]
            seeds = [int(x) for x in rng.choice(live, size=min(len(live), 8), replace=False)] if live else [int(rng.choice(connected))]
        elif kind == 3:
            seeds = _expensive_nodes(red, search, current, rng)
        elif kind == 2:
            quarter = max(1, int(width) // 4)
            seeds = list(range(start, min(n, start + quarter)))
            start = start + max(1, quarter // 2) if start + quarter < n else 0
        else:
            seeds = [int(rng.choice(connected))]
        window = _grow_window(search, seeds, int(width), 150_000)
        instance, hint = _window_graph(red, search, window, current, load)
        charge(LNS_ROUND_WORK_PER_NODE * n)  # a round's scans of the whole graph (the work clock's estimate)
        budget = min(deadline - now() - 0.2, max(2.0, 0.04 * config.max_time_in_seconds))
        if budget <= 0.05:
            break
        if model_terms(instance.graph) * BUILD_SECONDS_PER_TERM > 0.5 * budget:
            width = max(20, width * 0.7)  # too big to build in time: try a smaller window
            continue
        built = build_model(instance, hint)
        charge(BUILD_SECONDS_PER_TERM * model_terms(instance.graph))
        budget = min(budget, deadline - now() - 0.1)
        if budget <= 0.05:
            break
        solver = _cp_params(config, budget)
        code = _run_cp(solver, built.model)
        trial = current.copy()
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            trial[window] = built.vars.extract(solver)
        if code == cp_model.OPTIMAL:
            width = min(config.lns_window, n, width * 1.25)
        elif np.array_equal(trial, current):
            width = max(20, width * 0.8)
        before = pcost
        if not np.array_equal(trial, current):
            trial_cost = search.penalized_cost(trial)
            if trial_cost < pcost:
                current, pcost = trial, trial_cost
                load = search.load(current)
        if now() > deadline - 0.3:
            if pcost < before:
                tracker.offer(current, search.cost(current), "lns")
            break
        search.tree_sweep(current, load, deadline - 0.3, size=32, roots=window)
        search.descend(current, load, deadline - 0.3, nodes=window)
        pcost = search.penalized_cost(current)
        if config.log_search_progress:
            print(f"lns round {rounds}: kind {kind} window {len(window)} {solver.StatusName(code)} "
                  f"{before} -> {pcost}", flush=True)
        if pcost < before:
            improved += 1
            tracker.offer(current, search.cost(current), "lns")
    stats["lns_rounds"] = rounds
    stats["lns_improved"] = improved
