"""Usage limit: at every binding time point, the chosen usages of the live usage terms (plus background) fit the
limit; the terms of one node live at a time point add up into one usage per strategy; a pair piece live there adds
a variable at least its entry for the two nodes' strategies (one linear bound per row, enforced by the row's
literal)."""

from __future__ import annotations

import numpy as np

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars
from autoshard.solver.strategy_graph import PairPiece, StrategyGraph, UsageTerm


def _live_terms(g: StrategyGraph) -> list[tuple[int, UsageTerm]]:
    """Every non-empty usage term with its node, in node order."""
    return [(i, term) for i in range(g.num_nodes) for term in g.usage_terms(i) if term[1] > term[0]]


def _live_pairs(g: StrategyGraph) -> list[PairPiece]:
    """Every non-empty pair piece with a non-zero entry."""
    return [p for p in g.pair_pieces if p.interval[1] > p.interval[0] and p.usages.size and p.usages.max() > 0]


def _pair_usage(model: cp_model.CpModel, vars: StrategyVars, piece: PairPiece, name: str
                ) -> tuple[int, cp_model.IntVar | None, int]:
    """The least usage of `piece` over the allowed pairs, a variable at least the chosen pair's usage above it (None
    when every allowed pair holds the least) and that variable's upper bound."""
    pu, pv = vars.pick[piece.u], vars.pick[piece.v]
    rows = [i for i, x in enumerate(pu) if x is not None]
    cols = [j for j, x in enumerate(pv) if x is not None]
    if not rows or not cols:
        return 0, None, 0
    allowed = piece.usages[np.ix_(rows, cols)]
    low, top = int(allowed.min()), int(allowed.max())
    if top == low:
        return low, None, 0
    z = model.NewIntVar(0, top - low, name)
    for i in rows:
        extra = piece.usages[i, cols] - low
        nz = np.flatnonzero(extra)
        if len(nz):
            model.Add(z >= cp_model.LinearExpr.WeightedSum([pv[cols[j]] for j in nz],
                                                           [int(extra[j]) for j in nz])).OnlyEnforceIf(pu[i])
    return low, z, top - low


def critical_times(instance: ModelInstance) -> list[int]:
    """Term starts whose live set is not contained in a later start's live set and that can exceed the limit."""
    g = instance.graph
    if g.usage_limit is None:
        return []
    tmax = g.time_span()
    if instance.base_load is not None:
        tmax = max(tmax, len(instance.base_load))
    top = np.zeros(tmax + 1, dtype=np.int64)
    ends = np.zeros(tmax + 2, dtype=np.int64)
    starts = set()
    spans = [term for _, term in _live_terms(g)] + [(*p.interval, p.usages) for p in _live_pairs(g)]
    for lo, hi, usages in spans:
        top[lo] += int(usages.max())
        top[hi] -= int(usages.max())
        ends[hi] += 1
        starts.add(lo)
    load = np.cumsum(top)[:tmax]
    if instance.base_load is not None:
        load[: len(instance.base_load)] += instance.base_load[:tmax]
    if instance.base_load is not None:
        # the background changes inside live intervals: check each constant-live-set segment at its busiest time
        points = sorted({p for lo, hi, _ in spans for p in (lo, hi)})
        out = []
        for p, q in zip(points, points[1:]):
            t = p + int(np.argmax(load[p:q]))
            if load[t] > g.usage_limit:
                out.append(t)
        return out
    end_prefix = np.cumsum(ends)
    order = sorted(starts)
    out = []
    for a, t in enumerate(order):
        nxt = order[a + 1] if a + 1 < len(order) else tmax + 1
        # a later start with no end in between sees a superset of live nodes
        if a + 1 < len(order) and end_prefix[nxt] - end_prefix[t] == 0:
            continue
        if load[t] > g.usage_limit:
            out.append(t)
    return out


def build(instance: ModelInstance, model: cp_model.CpModel, vars: StrategyVars) -> None:
    g = instance.graph
    times = critical_times(instance)
    if not times:
        return
    times_arr = np.array(times)
    live: dict[int, dict[int, np.ndarray]] = {t: {} for t in times}  # per time: node -> its live terms' usages
    for i, (lo, hi, usages) in _live_terms(g):
        a, b = np.searchsorted(times_arr, lo), np.searchsorted(times_arr, hi)
        for t in times_arr[a:b]:
            at = live[int(t)]
            at[i] = at[i] + usages if i in at else usages
    pairs_at: dict[int, list[int]] = {t: [] for t in times}  # per time: the pair pieces live there
    pairs = _live_pairs(g)
    for k, p in enumerate(pairs):
        a, b = np.searchsorted(times_arr, p.interval[0]), np.searchsorted(times_arr, p.interval[1])
        for t in times_arr[a:b]:
            pairs_at[int(t)].append(k)
    pair_usage: dict[int, tuple[int, cp_model.IntVar | None, int]] = {}
    for t in times:
        base = int(instance.base_load[t]) if instance.base_load is not None and t < len(instance.base_load) else 0
        lits, coefs = [], []
        pair_vars, pair_top = [], 0
        for k in pairs_at[t]:
            if k not in pair_usage:
                pair_usage[k] = _pair_usage(model, vars, pairs[k], f"pair_usage_{pairs[k].u}_{pairs[k].v}_{k}")
            low, z, top = pair_usage[k]
            base += low
            if z is not None:
                pair_vars.append(z)
                pair_top += top
        for i, us in live[t].items():
            allowed = [s for s, x in enumerate(vars.pick[i]) if x is not None]
            low = int(min(us[s] for s in allowed)) if allowed else 0
            base += low
            for s in allowed:
                extra = int(us[s]) - low
                if extra:
                    lits.append(vars.pick[i][s])
                    coefs.append(extra)
        room = g.usage_limit - base
        if room < 0:
            model.AddBoolOr([]).WithName(f"usage_floor_exceeds_limit_t{t}")
        elif sum(coefs) + pair_top > room:
            model.Add(cp_model.LinearExpr.WeightedSum(lits + pair_vars, coefs + [1] * len(pair_vars)) <= room
                      ).WithName(f"usage_t{t}")
