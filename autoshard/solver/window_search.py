"""Iterated local search over exact window moves on the contracted view (bijection groups as single variables).

Each step re-solves a random breadth-first ball of variables by `window_dp.window_move`: mostly exactly under
per-node slack shares, sometimes with a price on usage near the limit (so windows can trade memory between their
nodes), and, once the search stalls, with noisy costs and a small allowed loss (a kick). The best assignment seen is
kept; after a long stall the search returns to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.pairwise import PENALTY
from autoshard.solver.window_dp import ball, window_move
from autoshard.solver.work_rates import REPAIR_WORK_PER_ENTRY, REPAIR_WORK_PER_LIVE_VAR


def _usage_price(view: ContractedView) -> float:
    """Cost per unit of usage that makes typical cost and usage differences comparable."""
    costs = [float(np.ptp(u[u < PENALTY])) for u in view.unary if (u < PENALTY).sum() > 1 and np.ptp(u[u < PENALTY])]
    usages = [float(np.ptp(us)) for m in view.mem for _, _, us in m if np.ptp(us)]
    if not costs or not usages:
        return 1.0
    return max(1e-12, float(np.median(costs)) / float(np.median(usages)))


#: multiplier growth while a time point is over the limit (times its overload, at most 4), and decay while under
PRICE_GROWTH, PRICE_DECAY = 1.3, 0.9


def next_time_prices(prices: np.ndarray, ratio: np.ndarray, first_price: float, free_below: float = 0.0) -> np.ndarray:
    """The multipliers after one step, from each time point's usage over the limit (`ratio`): dearer where it is
    over, cheaper elsewhere; prices below `free_below` become 0, and none exceeds 1e9 times `first_price` (a time
    point no plan can bring under the limit must not drive its price to infinity)."""
    over = ratio > 1
    new = np.where(over, np.maximum(prices * PRICE_GROWTH, first_price) * np.minimum(ratio, 4.0), prices * PRICE_DECAY)
    if free_below:
        new[new < free_below] = 0.0
    return np.minimum(new, first_price * 1e9)


def first_time_price(view: ContractedView) -> float:
    """A first multiplier on usage per time point: a few percent of the typical cost difference per unit of usage,
    spread over a typical live interval."""
    lengths = [hi - lo for m in view.mem for lo, hi, _ in m]
    return _usage_price(view) / max(1.0, float(np.median(lengths)) if lengths else 1.0) * 0.05


class _Seeds:
    """Variables a window may grow from: those with a neighbour and, half of the draws when there are any, lone
    ones with a choice (nodes whose only trade is cost against usage, left isolated by the reduction)."""

    def __init__(self, view: ContractedView):
        self.connected = [v for v in range(view.num_vars) if view.incident[v]]
        self.lone = [v for v in range(view.num_vars) if not view.incident[v] and len(view.unary[v]) > 1]
        if not self.connected and not self.lone:
            self.connected = list(range(view.num_vars))

    def draw(self, rng: np.random.Generator) -> int:
        pool = self.lone if self.lone and (not self.connected or rng.random() < 0.5) else self.connected
        return int(pool[int(rng.integers(len(pool)))])


def window_search(
    view: ContractedView,
    assignment: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    on_improve: Callable[[np.ndarray, int], None] | None = None,
    patience: int | None = None,
    max_size: int = 160,
) -> tuple[np.ndarray, int]:
    """Improve `assignment` (over the view's variables, fitting the usage limit) until `deadline`, or until
    `patience` steps pass without a new best. Returns the best assignment and its (penalized) cost."""
    a = assignment.copy()
    load = view.load(a)
    cur = view.cost(a)
    best, best_cost = a.copy(), cur
    nv = view.num_vars
    seeds = _Seeds(view)
    if nv == 0:
        return best, best_cost
    price = _usage_price(view) if view.limit is not None and view.mem_vars.any() else None
    top = max(2, min(nv, max_size))
    stall = 0
    since_best = 0
    while now() < deadline:
        if patience is not None and since_best > patience:
            break
        size = int(round(math.exp(rng.uniform(math.log(2), math.log(top + 1)))))
        window = ball(view, seeds.draw(rng), size, rng)
        r = rng.random()
        if stall > 60 and r < 0.25:
            gain = window_move(view, a, load, window, rng, noise=0.3, accept_worse=max(1, cur // 500))
            stall = 0
        elif price is not None and r < 0.45:
            gain = window_move(view, a, load, window, rng, usage_price=price * 10 ** rng.uniform(-3, 1))
        else:
            gain = window_move(view, a, load, window, rng)
        cur -= gain
        if cur < best_cost:
            best, best_cost = a.copy(), cur
            since_best = stall = 0
            if on_improve:
                on_improve(best, best_cost)
        else:
            since_best += 1
            if gain <= 0:
                stall += 1
            if since_best % 2000 == 1999:  # wandered off: go back to the best
                a[:] = best
                load = view.load(a)
                cur = best_cost
    return best, best_cost


def repair(view: ContractedView, a: np.ndarray, load: np.ndarray, max_steps: int = 10_000,
           cost_change: list[int] | None = None, deadline: float | None = None) -> bool:
    """Greedily lower usage where it exceeds the limit: at the peak time, switch the variable and strategy that
    give up usage there at the least cost increase per unit, until the plan fits. Returns whether it fits (False
    when `max_steps` switches or the `deadline` pass first).

    `cost_change`, when given (a one-element list), has the cost change of every applied switch added to it."""
    limit = view.limit
    if limit is None:
        return True
    owners = np.array([v for v in range(view.num_vars) for _ in view.mem[v]], dtype=np.int64)
    if not len(owners):
        return bool(load.max() <= limit)
    los = np.array([lo for m in view.mem for lo, _, _ in m], dtype=np.int64)
    his = np.array([hi for m in view.mem for _, hi, _ in m], dtype=np.int64)
    for _ in range(max_steps):
        t = int(np.argmax(load))
        over = int(load[t]) - limit
        if over <= 0:
            return True
        live = np.unique(owners[(los <= t) & (t < his)])
        charge(REPAIR_WORK_PER_ENTRY * len(owners) + REPAIR_WORK_PER_LIVE_VAR * len(live))
        if deadline is not None and now() >= deadline:
            return False
        best = None
        for v in live:
            v = int(v)
            cur = a[v]
            drop = np.zeros(len(view.unary[v]), dtype=np.int64)
            for lo, hi, us in view.mem[v]:
                if lo <= t < hi:
                    drop += us[cur] - us
            if not (drop > 0).any():
                continue
            vec = view.unary[v].astype(np.float64)
            for inc in view.incident[v]:
                vec = vec + inc.matrix[:, a[inc.other]]
            ratio = np.where(drop > 0, (vec - vec[cur]) / np.minimum(drop, over).clip(min=1), np.inf)
            s = int(np.argmin(ratio))
            if best is None or ratio[s] < best[0]:
                best = (float(ratio[s]), v, s)
        if best is None:
            return False
        if cost_change is not None:
            cost_change[0] += view.delta(a, {best[1]: best[2]})
        view.apply(best[1], best[2], a, load)
    return bool(load.max() <= limit)


def lagrangian_window_search(
    view: ContractedView,
    assignment: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    on_improve: Callable[[np.ndarray, int], None] | None = None,
    max_size: int = 160,
    start: np.ndarray | None = None,
    prices: np.ndarray | None = None,
    final_prices: list[np.ndarray] | None = None,
) -> tuple[np.ndarray, int]:
    """Window moves that ignore the usage limit but price usage at every time point by a multiplier that grows
    while the time point is over the limit and decays otherwise; keeps the best plan that fits the limit.

    `assignment` must fit the limit; the search starts there, or at `start` (which need not fit) when given.
    `prices`, when given, are the first multipliers (e.g. those `lagrangian_relaxation.lagrangian_diffusion` ended with), so
    the search does not have to find them again. Returns the best fitting assignment and its cost; `final_prices`,
    when given, receives the multipliers the search ended with (to go on from where it stopped).
    """
    limit = view.limit
    best, best_cost = assignment.copy(), view.cost(assignment)
    if limit is None or not view.mem_vars.any() or view.num_vars == 0:
        return best, best_cost
    a = (assignment if start is None else start).copy()
    load = view.load(a)
    nv = view.num_vars
    seeds = _Seeds(view)
    lam0 = first_time_price(view)
    lam = np.zeros(len(load), dtype=np.float64) if prices is None else prices.astype(np.float64)
    top = max(2, min(nv, max_size))
    epoch = 30
    cur = view.cost(a)
    small = nv <= 5000
    owners = np.array([v for v in range(nv) for _ in view.mem[v]], dtype=np.int64)
    los = np.array([lo for m in view.mem for lo, _, _ in m], dtype=np.int64)
    his = np.array([hi for m in view.mem for _, hi, _ in m], dtype=np.int64)
    hot: np.ndarray = np.zeros(0, dtype=np.int64)
    next_repair = now()
    while now() < deadline:
        prefix = np.concatenate([[0.0], np.cumsum(lam)])
        for _ in range(epoch):
            if now() > deadline:
                break
            size = int(round(math.exp(rng.uniform(math.log(2), math.log(top + 1)))))
            if len(hot) and rng.random() < 0.6:  # around a variable live where usage is over the limit
                t = int(hot[int(rng.integers(len(hot)))])
                live = owners[(los <= t) & (t < his)]
                seed = int(live[int(rng.integers(len(live)))]) if len(live) else seeds.draw(rng)
            else:
                seed = seeds.draw(rng)
            window = ball(view, seed, size, rng)
            gain = window_move(view, a, load, window, rng, time_prices=prefix)
            if not gain:
                continue
            cur -= gain
            if cur < best_cost and load.max() <= limit:
                best, best_cost = a.copy(), cur
                if on_improve:
                    on_improve(best, best_cost)
        ratio = load / limit
        over = ratio > 1
        hot = np.flatnonzero(over)
        if over.any() and ratio.max() <= 1.1 and (small or now() >= next_repair):
            # a near miss: repair it greedily and keep it when it is the best fitting plan so far (on large graphs
            # at most about once a second: copying the assignment and profile is linear in the graph)
            trial, trial_load = a.copy(), load.copy()
            change = [0]
            fits = repair(view, trial, trial_load, max_steps=200, cost_change=change)
            next_repair = now() + 1.0
            if fits:
                cost = cur + change[0]
                if cost < best_cost:
                    best, best_cost = trial, cost
                    if on_improve:
                        on_improve(best, best_cost)
        lam = next_time_prices(lam, ratio, lam0)
    if final_prices is not None:
        final_prices[:] = [lam]
    return best, best_cost
