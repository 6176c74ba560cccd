"""Window phase: iterated exact window moves on the contracted view (see `window_search`), from the incumbent;
after a Lagrangian phase, Lagrangian window moves from its best plan, priced as the phase left off."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import now
from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.lagrangian_relaxation import LagrangianOutcome
from autoshard.solver.pairwise import PENALTY
from autoshard.solver.schedule import (
    WINDOW_FIRST_SHARE,
    WINDOW_FIRST_SHARE_MEMORY,
    WINDOW_FRESH_SHARE,
    WINDOW_PROBE_SHARE,
    WINDOW_ROUND_S,
    WINDOW_ROUND_SECONDS_PER_VAR,
)
from autoshard.solver.state import SearchState
from autoshard.solver.stats import Skipped, WindowReport
from autoshard.solver.window_search import lagrangian_window_search, repair, window_search

#: after a Lagrangian phase: descents probed from its plan (each `schedule.WINDOW_PROBE_SHARE` of the time)
PROBES = 3
#: seconds between two offers of the window search's best plan to the incumbent (expanding one costs a scan)
OFFER_INTERVAL_S = 0.5
#: largest view (variables) whose search restarts from fresh starts between rounds
MAX_RESTART_VARS = 5000


class _Offers:
    """The window search's improvements, offered to the incumbent at most every `OFFER_INTERVAL_S`."""

    def __init__(self, state: SearchState, view: ContractedView):
        self.state, self.view = state, view
        self.last = now()
        self.pending: list[np.ndarray] = []

    def __call__(self, best_vars: np.ndarray, _cost: int) -> None:
        self.pending[:] = [best_vars]
        t = now()
        if t - self.last > OFFER_INTERVAL_S:
            self.last = t
            self.flush()

    def flush(self) -> None:
        if self.pending:
            assignment = self.view.to_nodes(self.pending.pop())
            self.state.incumbent.offer(assignment, self.state.search.cost(assignment), "window")


def run(state: SearchState, until: float) -> WindowReport:
    """Window moves until `until`; the report's seconds and cost are the caller's to fill."""
    report = WindowReport()
    state.stats.windows = report
    view = state.view()
    inc, red = state.incumbent, state.red
    if inc.best is None or red.num_nodes == 0:
        return report
    start = view.from_nodes(inc.best)
    load = view.load(start)
    if red.usage_limit is not None and len(load) and load.max() > red.usage_limit and not repair(view, start, load):
        report.skipped = Skipped.NO_START_WITHIN_LIMIT
        return report
    offers = _Offers(state, view)
    rng = np.random.default_rng(state.config.random_seed)
    memory_bound = red.usage_limit is not None and bool(view.mem_vars.any())
    lagrangian = state.lagrangian
    if memory_bound and lagrangian is not None and lagrangian.prices is not None:
        report.probe_costs = _from_lagrangian(state, view, lagrangian, start, until, rng, offers)
        report.rounds = 1
    else:
        report.rounds = _rounds(state, view, start, memory_bound, until, rng, offers)
    offers.flush()
    return report


def _from_lagrangian(state: SearchState, view: ContractedView, lagrangian: LagrangianOutcome, start: np.ndarray,
                     until: float, rng: np.random.Generator, offers: _Offers) -> list[int]:
    """Lagrangian window moves from the Lagrangian phase's best plan, with its multipliers: `PROBES` short probes
    with their own random draws, then the best probe goes on with the multipliers it ended with. Returns the
    probes' costs (original terms)."""
    # the phase's best plan, even when the incumbent is cheaper, lies where its multipliers led; from there a
    # descent either finds a deep basin within seconds or settles in a shallow one, depending on its draws
    begin = start if lagrangian.best is None else lagrangian.best
    probe_s = WINDOW_PROBE_SHARE * (until - now())
    probes = []
    for k in range(PROBES):
        ended: list[np.ndarray] = []
        probe_rng = np.random.default_rng([state.config.random_seed, k])
        found, cost = lagrangian_window_search(view, begin, now() + probe_s, probe_rng, offers,
                                               prices=lagrangian.prices, final_prices=ended)
        probes.append((cost, k, found, ended[0] if ended else lagrangian.prices))
    _, _, found, prices = min(probes, key=lambda p: (p[0], p[1]))
    lagrangian_window_search(view, found, until, rng, offers, prices=prices)
    return [p[0] + state.reduction.cost_offset for p in probes]


def _rounds(state: SearchState, view: ContractedView, start: np.ndarray, memory_bound: bool, until: float,
            rng: np.random.Generator, offers: _Offers) -> int:
    """A descent from the incumbent, then rounds until `until`: on small graphs short rounds alternating fresh
    starts and the best; on large graphs, and graphs whose basins the Lagrangian phase already explored globally,
    one long round from the best (its multipliers keep their state). Returns the rounds run."""
    nv = view.num_vars
    first_until = now() + (WINDOW_FIRST_SHARE_MEMORY if memory_bound else WINDOW_FIRST_SHARE) * (until - now())
    best, best_cost = window_search(view, start, first_until, rng, offers, patience=400 + 40 * nv)
    lag = state.stats.lagrangian
    restarts = nv <= MAX_RESTART_VARS and not (lag is not None and lag.steps)
    shortest, longest = WINDOW_ROUND_S
    round_s = min(longest, max(shortest, WINDOW_ROUND_SECONDS_PER_VAR * nv)) if restarts else float("inf")
    rounds = 0
    least_usage = view.from_nodes(state.search.start(None))
    while now() < until - 0.05:
        rounds += 1
        end = min(until, now() + round_s)
        fresh = restarts and rounds % 2 == 1
        if fresh and memory_bound and rounds % 4 == 3:
            # a Lagrangian descent from a random plan (over the limit at first): it reaches basins that the
            # descents from the least-usage start never enter
            found, cost = lagrangian_window_search(view, best, end, rng, offers, start=_random_vars(view, rng))
        else:
            begin, begin_cost = best, best_cost
            if fresh:  # a new descent from the least-usage start (the windows' randomness makes it differ)
                begin, begin_cost = window_search(view, least_usage, now() + WINDOW_FRESH_SHARE * (end - now()), rng)
                if begin_cost < best_cost:
                    best, best_cost = begin, begin_cost
                    offers(best, best_cost)
            if memory_bound:
                found, cost = lagrangian_window_search(view, begin, end, rng, offers)
            else:
                found, cost = window_search(view, begin, end, rng, patience=400 + 40 * nv)
        if cost < best_cost:
            best, best_cost = found, cost
            offers(best, best_cost)
    return rounds


def _random_vars(view: ContractedView, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random strategy per variable among those without a forbidden cost of their own."""
    out = np.zeros(view.num_vars, dtype=np.int64)
    for v, u in enumerate(view.unary):
        ok = np.flatnonzero(u < PENALTY)
        out[v] = int(rng.choice(ok)) if len(ok) else int(np.argmin(u))
    return out
