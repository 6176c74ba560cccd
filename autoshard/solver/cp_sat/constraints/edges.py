"""Edge costs: forbidden strategy pairs as clauses, the residual cost as an enforced lower bound per row."""

from __future__ import annotations

import numpy as np

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars
from autoshard.solver.strategy_graph import FORBIDDEN


def build(instance: ModelInstance, model: cp_model.CpModel, vars: StrategyVars, residuals=None) -> None:
    """Add `vars.edge_cost[k]` >= residual cost of edge k for the chosen pair; forbid forbidden pairs."""
    g = instance.graph
    for k, _row, _col, r in residuals if residuals is not None else instance.residual_edges():
        e = g.edges[k]
        u, v, mat = e.u, e.v, r
        if u == v:
            continue  # self loops are folded into node costs by the objective
        if mat.shape[0] > mat.shape[1]:  # enforce on the side with fewer strategies
            u, v, mat = v, u, mat.T
        pu, pv = vars.pick[u], vars.pick[v]
        allowed_top = np.where(mat < FORBIDDEN, mat, 0).max(initial=0)
        y = None
        if allowed_top > 0:
            y = model.NewIntVar(0, int(allowed_top), f"edge_cost_e{k}")
            vars.edge_cost[k] = y
        for i in range(mat.shape[0]):
            xi = pu[i]
            if xi is None:
                continue
            rowv = mat[i]
            bad = np.flatnonzero(rowv >= FORBIDDEN)
            for j in bad:
                if pv[j] is not None:
                    model.AddBoolOr([xi.Not(), pv[j].Not()])
            if y is None:
                continue
            nz = np.flatnonzero((rowv > 0) & (rowv < FORBIDDEN))
            terms = [(pv[j], int(rowv[j])) for j in nz if pv[j] is not None]
            if terms:
                model.Add(y >= cp_model.LinearExpr.WeightedSum([t[0] for t in terms], [t[1] for t in terms])).OnlyEnforceIf(xi)
