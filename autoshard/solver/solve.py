"""`solve(graph, config) -> SolveResult`: reduction, heuristic incumbent, then CP-SAT (whole model or LNS)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from autoshard.solver.heuristic import LocalSearch
from autoshard.solver.instance import FORBIDDEN, Edge, StrategyGraph
from autoshard.solver.model import build_model
from autoshard.solver.model_instance import ModelInstance
from autoshard.solver.reduce import Reduction, reduce_graph
from autoshard.solver.validate import plan_cost, validate_plan

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
    #: deterministic CP-SAT (interleaved search; repeatable for a fixed seed regardless of timing)
    deterministic: bool = False
    #: use large-neighbourhood search even when the whole model is small enough
    force_lns: bool = False


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
                        self.best_cost + self.reduction.cost_offset, bound, time.monotonic() - self.t0, phase,
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
        solver.parameters.num_workers = max(1, workers or config.num_workers)
    return solver


def model_terms(graph: StrategyGraph) -> int:
    return sum(int(np.count_nonzero(e.costs)) for e in graph.edges) + sum(len(c) for c in graph.node_costs)


def solve(
    graph: StrategyGraph,
    config: SolverConfig = SolverConfig(),
    on_progress: Callable[[Progress], None] | None = None,
) -> SolveResult:
    """Minimize the total cost of `graph` within `config.max_time_in_seconds`; always returns the best found."""
    t0 = time.monotonic()
    deadline = t0 + config.max_time_in_seconds
    stats: dict = {}
    if config.reduce:
        reduction = reduce_graph(graph)
    else:
        reduction = Reduction(
            graph, graph, list(range(graph.num_nodes)), [np.arange(len(c)) for c in graph.node_costs], 0
        )
    stats["reduction"] = reduction.summary()
    stats["reduce_s"] = round(time.monotonic() - t0, 3)
    if reduction.infeasible_reason:
        return SolveResult(None, None, INFEASIBLE, None, None, time.monotonic() - t0, stats, reduction.infeasible_reason)
    red = reduction.reduced
    tracker = _Tracker(reduction, on_progress, t0)
    search = LocalSearch(red, config.random_seed)
    remaining = deadline - time.monotonic()
    heur_deadline = time.monotonic() + max(0.05, remaining * config.heuristic_fraction)
    search.run(heur_deadline, on_improve=lambda a, c: tracker.offer(a, c, "heuristic"))
    stats["heuristic_cost"] = None if tracker.best_cost is None else tracker.best_cost + reduction.cost_offset
    status = UNKNOWN
    terms = model_terms(red)
    stats["model_terms"] = terms
    if config.force_lns or terms > config.max_monolithic_terms:
        _solve_lns(red, config, tracker, search, deadline, stats)
    else:
        status = _solve_monolithic(red, config, tracker, deadline, stats)
    wall = time.monotonic() - t0
    if tracker.best is None:
        return SolveResult(None, None, status if status == INFEASIBLE else UNKNOWN, None, None, wall, stats,
                           "the usage limit or forbidden choices admit no plan" if status == INFEASIBLE else None)
    assignment = reduction.expand([int(s) for s in tracker.best])
    problems = validate_plan(graph, assignment)
    cost = plan_cost(graph, assignment)
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


def _solve_monolithic(red: StrategyGraph, config: SolverConfig, tracker: _Tracker, deadline: float, stats: dict) -> str:
    instance = ModelInstance(red)
    t = time.monotonic()
    built = build_model(instance, hint=None if tracker.best is None else list(tracker.best))
    stats["build_s"] = round(time.monotonic() - t, 3)
    solver = _cp_params(config, deadline - time.monotonic())
    cb = _Callback(built, tracker, "cp-sat", lambda a, c: (np.asarray(a), c))
    code = solver.Solve(built.model, cb)
    stats["cp_status"] = solver.StatusName(code)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        tracker.offer(built.vars.extract(solver), int(round(solver.ObjectiveValue())) + built.objective_offset, "cp-sat")
        tracker.bound = int(np.ceil(solver.BestObjectiveBound() - 1e-6)) + built.objective_offset
        return OPTIMAL if code == cp_model.OPTIMAL else FEASIBLE
    if code == cp_model.INFEASIBLE:
        return INFEASIBLE
    return UNKNOWN


def _window_graph(red: StrategyGraph, search: LocalSearch, window: list[int], current: np.ndarray, load: np.ndarray):
    """The subproblem over `window` with every other node fixed at `current`; returns (instance, hint)."""
    pos = {u: k for k, u in enumerate(window)}
    costs, edges_in = [], []
    for u in window:
        vec = search.unary[u].copy()
        for inc in search.incident[u]:
            if inc.other not in pos:
                vec = vec + inc.matrix[:, current[inc.other]]
        costs.append(np.minimum(vec, 10**18))
    seen = set()
    for u in window:
        for inc in search.incident[u]:
            if inc.other in pos and inc.edge not in seen:
                seen.add(inc.edge)
                e = red.edges[inc.edge]
                edges_in.append(Edge(pos[e.u], pos[e.v], e.costs))
    base = load.copy()
    for u in window:
        lo, hi = red.intervals[u]
        if hi > lo:
            base[lo:hi] -= red.node_usages[u][current[u]]
    sub = StrategyGraph(
        tuple(costs), tuple(red.node_usages[u] for u in window), tuple(red.intervals[u] for u in window),
        tuple(edges_in), red.usage_limit,
    )
    return ModelInstance(sub, base if red.usage_limit is not None else None), [int(current[u]) for u in window]


def _forbidden_nodes(search: LocalSearch, current: np.ndarray) -> list[int]:
    """Nodes whose current strategy, or an incident edge entry, is forbidden."""
    out = []
    for u in range(len(current)):
        if search.unary[u][current[u]] >= FORBIDDEN or any(
            inc.matrix[current[u], current[inc.other]] >= FORBIDDEN for inc in search.incident[u]
        ):
            out.append(u)
    return out


def _solve_lns(red, config, tracker, search: LocalSearch, deadline, stats) -> None:
    """Large-neighbourhood search: re-solve windows of nodes (program-order ranges and graph balls) by CP-SAT."""
    n = red.num_nodes
    current = tracker.best.copy()
    cur_cost = search.cost(current)
    load = search.load(current)
    rng = np.random.default_rng(config.random_seed)
    rounds = improved = 0
    width = min(config.lns_window, n)
    start = 0
    while time.monotonic() < deadline - 0.5 and n:
        rounds += 1
        broken = _forbidden_nodes(search, current) if cur_cost >= FORBIDDEN else []
        if broken:  # repair forbidden choices first: re-solve around one of them
            window = sorted(search.ball(int(rng.choice(broken)), width))
        elif rounds % 2:
            window = list(range(start, min(n, start + width)))
            start = start + width // 2 if start + width < n else 0
        else:
            window = sorted(search.ball(int(rng.integers(n)), width))
        instance, hint = _window_graph(red, search, window, current, load)
        built = build_model(instance, hint)
        budget = min(deadline - time.monotonic() - 0.3, max(1.0, 0.02 * config.max_time_in_seconds))
        if budget <= 0.05:
            break
        solver = _cp_params(config, budget)
        code = solver.Solve(built.model)
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            local = built.vars.extract(solver)
            trial = current.copy()
            trial[window] = local
            trial_cost = search.cost(trial)
            if trial_cost < cur_cost:
                current, cur_cost = trial, trial_cost
                load = search.load(current)
                improved += 1
                search.descend(current, load, deadline, nodes=window)
                cur_cost = search.cost(current)
                tracker.offer(current, cur_cost, "lns")
    stats["lns_rounds"] = rounds
    stats["lns_improved"] = improved
