"""Iterated local search over exact window moves on the contracted view (bijection groups as single variables).

Each step re-solves a random breadth-first ball of variables by `window_dp.window_move`: mostly exactly under
per-node slack shares, sometimes with a price on usage near the limit (so windows can trade memory between their
nodes), and, once the search stalls, with noisy costs and a small allowed loss (a kick). The best assignment seen is
kept; after a long stall the search returns to it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from autoshard.solver.contracted import ContractedView
from autoshard.solver.heuristic import PENALTY
from autoshard.solver.window_dp import ball, window_move


_DEBUG = False


def _usage_price(view: ContractedView) -> float:
    """Cost per unit of usage that makes typical cost and usage differences comparable."""
    costs = [float(np.ptp(u[u < PENALTY])) for u in view.unary if (u < PENALTY).sum() > 1 and np.ptp(u[u < PENALTY])]
    usages = [float(np.ptp(us)) for m in view.mem for _, _, us in m if np.ptp(us)]
    if not costs or not usages:
        return 1.0
    return max(1e-12, float(np.median(costs)) / float(np.median(usages)))


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
    seeds = [v for v in range(nv) if view.incident[v]] or list(range(nv))
    if nv == 0:
        return best, best_cost
    price = _usage_price(view) if view.limit is not None and view.mem_vars.any() else None
    top = max(2, min(nv, max_size))
    stall = 0
    since_best = 0
    while time.monotonic() < deadline:
        if patience is not None and since_best > patience:
            break
        size = int(round(math.exp(rng.uniform(math.log(2), math.log(top + 1)))))
        window = ball(view, int(seeds[int(rng.integers(len(seeds)))]), size, rng)
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


def lagrangian_window_search(
    view: ContractedView,
    assignment: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    on_improve: Callable[[np.ndarray, int], None] | None = None,
    max_size: int = 160,
) -> tuple[np.ndarray, int]:
    """Window moves that ignore the usage limit but price usage at every time point by a multiplier that grows
    while the time point is over the limit and decays otherwise; keeps the best plan that fits the limit.

    `assignment` must fit the limit. Returns the best fitting assignment and its cost.
    """
    limit = view.limit
    best, best_cost = assignment.copy(), view.cost(assignment)
    if limit is None or not view.mem_vars.any() or view.num_vars == 0:
        return best, best_cost
    base = view.unary
    a = assignment.copy()
    load = view.load(a)
    nv = view.num_vars
    seeds = [v for v in range(nv) if view.incident[v]] or list(range(nv))
    lengths = [hi - lo for m in view.mem for lo, hi, _ in m]
    lam0 = _usage_price(view) / max(1.0, float(np.median(lengths))) * 0.05
    lam = np.zeros(len(load), dtype=np.float64)
    top = max(2, min(nv, max_size))
    epoch = max(20, min(400, nv // 4))
    cur = best_cost
    try:
        view.limit = None
        while time.monotonic() < deadline:
            prefix = np.concatenate([[0.0], np.cumsum(lam)])
            eff = []
            for v in range(nv):
                extra = np.zeros(len(base[v]), dtype=np.float64)
                for lo, hi, us in view.mem[v]:
                    w = prefix[hi] - prefix[lo]
                    if w:
                        extra += (us - us.min()) * w
                eff.append(np.minimum(base[v] + np.minimum(extra, 1e17).astype(np.int64), 4 * PENALTY))
            view.unary = eff
            for _ in range(epoch):
                if time.monotonic() > deadline:
                    break
                size = int(round(math.exp(rng.uniform(math.log(2), math.log(top + 1)))))
                window = ball(view, int(seeds[int(rng.integers(len(seeds)))]), size, rng)
                moved: dict[int, int] = {}
                gain = window_move(view, a, load, window, rng, moved=moved)
                if gain <= 0:
                    continue
                for v, old in moved.items():  # the true change: the priced change less the usage prices
                    gain -= int(eff[v][a[v]] - base[v][a[v]]) - int(eff[v][old] - base[v][old])
                cur -= gain
                if cur < best_cost and load.max() <= limit:
                    best, best_cost = a.copy(), cur
                    if on_improve:
                        on_improve(best, best_cost)
            over = load > limit
            if _DEBUG:
                print(f"lagr: peak/limit {load.max() / limit:.4f} over {over.sum()} cost {view.cost(a)} lam {lam.max():.3g}")
            lam = np.where(over, np.maximum(lam * 1.5, lam0), lam * 0.85)
    finally:
        view.unary = base
        view.limit = limit
    return best, best_cost
