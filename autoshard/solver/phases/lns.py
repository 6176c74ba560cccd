"""LNS phase: large-neighbourhood search. Windows (graph balls around random nodes, around forbidden choices and
around the peak-usage time, program-order ranges) are re-solved by CP-SAT, each followed by tree moves around it.
Window costs are the search's penalized ones, so a window can also reduce the number of forbidden choices."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.cp_sat.build_model import build_model, model_terms
from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.solve_model import cp_solver, run_cp
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.pairwise import PENALTY
from autoshard.solver.schedule import LNS_MIN_WINDOW_S, LNS_WINDOW_SHARE
from autoshard.solver.state import SearchState
from autoshard.solver.stats import LnsReport
from autoshard.solver.strategy_graph import FORBIDDEN, Edge, PairPiece, StrategyGraph, UsagePiece
from autoshard.solver.work_rates import BUILD_SECONDS_PER_TERM, LNS_ROUND_WORK_PER_NODE

#: bijection groups larger than this never enter an LNS window
MAX_WINDOW_GROUP = 64
#: most model terms in one window
MAX_WINDOW_TERMS = 150_000
#: least and first window width (nodes); the width grows while windows solve to optimality, shrinks otherwise
MIN_WIDTH = 20
FIRST_WIDTH = 80
#: seconds before the deadline the phase stops (tree moves and the last offer fit in it)
END_MARGIN_S = 0.3


class _Windows:
    """Where the next window lies: seeds by kind (forbidden choices first), grown into a ball of `width` nodes."""

    def __init__(self, state: SearchState):
        red, search = state.red, state.search
        self.red, self.search = red, search
        self.rng = np.random.default_rng(state.config.random_seed)
        self.next_range = 0
        self.mem_idx = np.flatnonzero(search.mem_nodes)
        n = red.num_nodes
        sizes = [len(m) for m, _ in search.clusters]
        movable = [
            u for u in range(n)
            if search.incident[u] and (search.cluster_of[u] < 0 or sizes[search.cluster_of[u]] <= MAX_WINDOW_GROUP)
        ]
        self.connected = movable or [u for u in range(n) if search.incident[u]] or list(range(n))
        self.movable_mask = np.zeros(n, dtype=bool)
        self.movable_mask[self.connected] = True

    def seeds(self, kind: int, current: np.ndarray, pcost: int, load: np.ndarray, width: float) -> list[int]:
        red, search, rng = self.red, self.search, self.rng
        broken = _violating_nodes(search, current) if pcost >= PENALTY else []
        if broken:
            return [int(rng.choice(broken))]
        if kind == 1 and len(self.mem_idx) and red.usage_limit is not None:
            t_peak = int(rng.choice(np.flatnonzero(load >= load.max() - (load.max() >> 6))))
            live = [int(i) for i in self.mem_idx
                    if any(lo <= t_peak < hi for lo, hi, _ in search.mem[i]) and self.movable_mask[i]]
            if live:
                return [int(x) for x in rng.choice(live, size=min(len(live), 8), replace=False)]
            return [int(rng.choice(self.connected))]
        if kind == 3:
            return _expensive_nodes(red, search, current, rng)
        if kind == 2:
            n = red.num_nodes
            quarter = max(1, int(width) // 4)
            start = self.next_range
            self.next_range = start + max(1, quarter // 2) if start + quarter < n else 0
            return list(range(start, min(n, start + quarter)))
        return [int(rng.choice(self.connected))]


def run(state: SearchState, until: float) -> LnsReport:
    """Re-solve windows until `until`, offering each improvement to the incumbent."""
    red, search, config, inc = state.red, state.search, state.config, state.incumbent
    n = red.num_nodes
    report = LnsReport(0, 0)
    if n == 0 or inc.best is None:
        return report
    state.stats.lns = report
    current = inc.best.copy()
    load = search.load(current)
    pcost = search.penalized_cost(current)
    width = min(config.lns_window, n, FIRST_WIDTH)
    windows = _Windows(state)
    while now() < until - END_MARGIN_S:
        report.rounds += 1
        kind = 3 if report.rounds % 2 else (report.rounds // 2) % 3  # every other window around the costliest
        seeds = windows.seeds(kind, current, pcost, load, width)
        window = _grow_window(search, seeds, int(width), MAX_WINDOW_TERMS)
        instance, hint = _window_graph(red, search, window, current, load)
        charge(LNS_ROUND_WORK_PER_NODE * n)  # a round's scans of the whole graph (the work clock's estimate)
        budget = min(until - now() - 0.2, max(LNS_MIN_WINDOW_S, LNS_WINDOW_SHARE * config.max_time_in_seconds))
        if budget <= 0.05:
            break
        terms = model_terms(instance.graph)
        if terms * BUILD_SECONDS_PER_TERM > 0.5 * budget:
            width = max(MIN_WIDTH, width * 0.7)  # too big to build in time: try a smaller window
            continue
        trial, code, status = _solve_window(state, instance, terms, hint, window, current, budget, until)
        if trial is None:
            break
        if code == cp_model.OPTIMAL:
            width = min(config.lns_window, n, width * 1.25)
        elif np.array_equal(trial, current):
            width = max(MIN_WIDTH, width * 0.8)
        before = pcost
        if not np.array_equal(trial, current):
            trial_cost = search.penalized_cost(trial)
            if trial_cost < pcost:
                current, pcost = trial, trial_cost
                load = search.load(current)
        if now() > until - END_MARGIN_S:
            if pcost < before:
                inc.offer(current, search.cost(current), "lns")
            break
        search.tree_sweep(current, load, until - END_MARGIN_S, size=32, roots=window)
        search.descend(current, load, until - END_MARGIN_S, nodes=window)
        pcost = search.penalized_cost(current)
        if config.log_search_progress:
            print(f"lns round {report.rounds}: kind {kind} window {len(window)} {status} {before} -> {pcost}",
                  flush=True)
        if pcost < before:
            report.improved += 1
            inc.offer(current, search.cost(current), "lns")
    return report


def _solve_window(state: SearchState, instance: ModelInstance, terms: int, hint: list[int], window: list[int],
                  current: np.ndarray, budget: float, until: float):
    """Build and solve one window's model (`terms`: its `model_terms`); returns (the current plan with the window's solution, CP-SAT's code,
    its status name), or (None, None, None) when no time is left after the build."""
    built = build_model(instance, hint)
    charge(BUILD_SECONDS_PER_TERM * terms)
    budget = min(budget, until - now() - 0.1)
    if budget <= 0.05:
        return None, None, None
    solver = cp_solver(state.config, budget)
    code = run_cp(solver, built.model)
    trial = current.copy()
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        trial[window] = built.vars.extract(solver)
    return trial, code, solver.StatusName(code)


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
    pieces = [UsagePiece(k, usages, (lo, hi)) for k, u in enumerate(window) for lo, hi, usages in red.usage_terms(u)[1:]]
    pairs = []
    if red.usage_limit is not None:
        base = load.copy()
        for u in window:
            for lo, hi, usages in red.usage_terms(u):
                if hi > lo:
                    base[lo:hi] -= usages[current[u]]
        # a pair piece inside the window stays one; with one node outside, a usage piece of the other
        for p in red.pair_pieces:
            lo, hi = p.interval
            a, b = pos.get(p.u), pos.get(p.v)
            if hi <= lo or (a is None and b is None):
                continue
            base[lo:hi] -= p.usages[current[p.u], current[p.v]]
            if a is not None and b is not None:
                pairs.append(PairPiece(a, b, p.usages, p.interval))
            elif a is not None:
                pieces.append(UsagePiece(a, p.usages[:, current[p.v]], p.interval))
            else:
                pieces.append(UsagePiece(b, p.usages[current[p.u], :], p.interval))
    sub = StrategyGraph(
        tuple(costs), tuple(red.node_usages[u] for u in window), tuple(red.intervals[u] for u in window),
        tuple(edges_in), red.usage_limit, pieces=tuple(pieces), pair_pieces=tuple(pairs),
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
