"""Usage limit: at every binding time point, the chosen usages of the live usage terms (plus background) fit the
limit; the terms of one node live at a time point add up into one usage per strategy."""

from __future__ import annotations

import numpy as np
from ortools.sat.python import cp_model

from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars
from autoshard.solver.strategy_graph import StrategyGraph, UsageTerm


def _live_terms(g: StrategyGraph) -> list[tuple[int, UsageTerm]]:
    """Every non-empty usage term with its node, in node order."""
    return [(i, term) for i in range(g.num_nodes) for term in g.usage_terms(i) if term[1] > term[0]]


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
    terms = _live_terms(g)
    for _, (lo, hi, usages) in terms:
        top[lo] += int(usages.max())
        top[hi] -= int(usages.max())
        ends[hi] += 1
        starts.add(lo)
    load = np.cumsum(top)[:tmax]
    if instance.base_load is not None:
        load[: len(instance.base_load)] += instance.base_load[:tmax]
    if instance.base_load is not None:
        # the background changes inside live intervals: check each constant-live-set segment at its busiest time
        points = sorted({p for _, (lo, hi, _) in terms for p in (lo, hi)})
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
    for t in times:
        base = int(instance.base_load[t]) if instance.base_load is not None and t < len(instance.base_load) else 0
        lits, coefs = [], []
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
        elif sum(coefs) > room:
            model.Add(cp_model.LinearExpr.WeightedSum(lits, coefs) <= room).WithName(f"usage_t{t}")
