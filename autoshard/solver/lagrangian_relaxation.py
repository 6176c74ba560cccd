"""Lagrangian relaxation of the usage limit, each relaxed problem solved by min-sum diffusion.

Pricing usage at every time point t by a multiplier ``lam[t] >= 0`` turns the limit into costs: a variable live
over [lo, hi) pays its usage times ``sum(lam[lo:hi])``, and ``min_x cost(x) + sum_t lam[t] (load_t(x) - limit)``
is at most the constrained optimum. Min-sum diffusion (see `dual_bound`) bounds that relaxed problem from below,
so ``reparametrized sum - limit * sum(lam)`` is a lower bound on every plan that fits the limit.

The multipliers follow the usage of the relaxation's rounding: a time point over the limit gets dearer, one under
it cheaper. The diffusion is warm-started across steps (a price change only adds to node terms), and each step's
rounding (greedy, each variable's cheapest strategy given the ones already picked) is a plan; one over the limit by
a little is repaired (`window_search.repair`). Unlike window moves, the diffusion sees the whole graph at once, so
it finds plans that differ from the incumbent in hundreds of coordinated choices. The same idea, with an exact
weighted-CSP solver in place of the diffusion, is in the IOPDDL entry "Soft Constraints, Strong Solutions"
(penalties on usage, tuned per node).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.dual_bound import (
    as_bound,
    diffusion_sweep,
    reparametrized_sum,
)
from autoshard.solver.pairwise import PENALTY, pair_incidence
from autoshard.solver.window_search import first_time_price, next_time_prices, repair
from autoshard.solver.work_rates import ROUNDING_SECONDS_PER_VAR, ROUNDING_WORK_PER_VAR, sweep_wall_seconds

#: diffusion sweeps between two multiplier updates
SWEEPS_PER_STEP = 5
#: roundings whose peak usage exceeds the limit by at most this factor are repaired
REPAIR_RATIO = 1.5


@dataclass(frozen=True)
class LagrangianOutcome:
    """The best bound (None if no step finished), steps run, and the best fitting plan found (view variables).

    `last` is the last step's rounding (it need not fit the limit) and `prices` the multipliers per time point it
    was priced with: a start for a search that keeps pricing usage (`window_search.lagrangian_window_search`)."""

    bound: int | None
    steps: int
    best: np.ndarray | None
    best_cost: int | None
    last: np.ndarray | None = None
    prices: np.ndarray | None = None


def step_seconds(view: ContractedView) -> float:
    """Estimated seconds of one multiplier step (its diffusion sweeps and its rounding) on `view`."""
    entries = sum(inc.matrix.size for incs in view.incident for inc in incs) // 2 + sum(len(u) for u in view.unary)
    incidences = sum(len(incs) for incs in view.incident)
    sweep = sweep_wall_seconds(entries, incidences)
    return SWEEPS_PER_STEP * sweep + ROUNDING_SECONDS_PER_VAR * view.num_vars


def lagrangian_diffusion(
    view: ContractedView,
    deadline: float,
    on_plan: Callable[[np.ndarray, int], None] | None = None,
    target: int | None = None,
) -> LagrangianOutcome:
    """Run multiplier steps until `deadline` (monotonic seconds), or until the bound reaches the cost of the best
    plan found or `target` (a known plan's cost: then that plan is optimal). Reports each better fitting plan to
    `on_plan` (view variables, cost). Returns the best bound on plans within the usage limit and the best plan."""
    if view.limit is None or view.num_vars == 0:
        return LagrangianOutcome(None, 0, None, None)
    unary = [u.astype(np.float64) for u in view.unary]
    pairs = [(v, inc) for v, incs in enumerate(view.incident) for inc in incs if inc.other > v]
    mats = [inc.matrix.astype(np.float64) for _, inc in pairs]
    ends = [(v, inc.other) for v, inc in pairs]
    incident = pair_incidence(ends, len(unary))
    order = [v for v in range(view.num_vars) if incident[v]]
    mem = [(v, lo, hi, us.astype(np.float64)) for v, items in enumerate(view.mem) for lo, hi, us in items]
    limit = view.limit
    load_len = len(view.load(np.zeros(view.num_vars, dtype=np.int64)))
    lam = np.zeros(load_len, dtype=np.float64)
    lam0 = first_time_price(view)
    best, best_cost, bound = None, None, None
    steps = 0
    a = None
    while now() < deadline:
        began = now()
        for k in range(SWEEPS_PER_STEP):
            diffusion_sweep(unary, mats, incident, order if k % 2 == 0 else order[::-1], deadline)
        steps += 1
        value = as_bound(reparametrized_sum(unary, mats) - limit * float(lam.sum()))
        bound = value if bound is None else max(bound, value)
        a = _greedy_rounding(unary, mats, incident, ends)
        charge(ROUNDING_WORK_PER_VAR * view.num_vars)
        load = view.load(a)
        # a repair may take as long as the step's sweeps (on large graphs it can otherwise take far longer)
        plan = _fitting(view, a, load, now() + max(0.25, now() - began))
        if plan is not None and (best_cost is None or plan[1] < best_cost):
            best, best_cost = plan
            if on_plan:
                on_plan(best, best_cost)
        known = min((c for c in (target, best_cost) if c is not None), default=None)
        if known is not None and bound >= known:
            break
        # a time point that stays under the limit returns to free
        new = next_time_prices(lam, load / limit, lam0, free_below=lam0 * 1e-3)
        prefix = np.concatenate([[0.0], np.cumsum(new - lam)])
        lam = new
        for v, lo, hi, us in mem:
            w = prefix[hi] - prefix[lo]
            if w:
                unary[v] += us * w
    return LagrangianOutcome(bound, steps, best, best_cost, a, lam)


def _greedy_rounding(unary: list[np.ndarray], mats: list[np.ndarray], incident: list[list[tuple[int, int]]],
                     ends: list[tuple[int, int]]) -> np.ndarray:
    """Each variable in turn takes its cheapest reparametrized strategy given the neighbours already picked."""
    a = np.full(len(unary), -1, dtype=np.int64)
    for v in range(len(unary)):
        total = unary[v].copy()
        for k, side in incident[v]:
            other = ends[k][1 - side]
            if a[other] >= 0:
                total += mats[k][:, a[other]] if side == 0 else mats[k][a[other], :]
        a[v] = int(np.argmin(total))
    return a


def _fitting(view: ContractedView, a: np.ndarray, load: np.ndarray, until: float) -> tuple[np.ndarray, int] | None:
    """(`a` or its repair, cost) when it avoids forbidden choices and fits, or is repaired to fit by `until`; else
    None."""
    cost = view.cost(a)
    if cost >= PENALTY:
        return None
    peak = int(load.max()) if len(load) else 0
    if peak <= view.limit:
        return a, cost
    if peak > REPAIR_RATIO * view.limit:
        return None
    trial, trial_load, change = a.copy(), load.copy(), [0]
    if not repair(view, trial, trial_load, max_steps=500, cost_change=change, deadline=until):
        return None
    cost += change[0]
    return (trial, cost) if cost < PENALTY else None
