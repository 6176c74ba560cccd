"""Objective: node costs (with edge row/column parts folded in) plus the residual edge cost variables."""

from __future__ import annotations

import numpy as np

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars
from autoshard.solver.strategy_graph import FORBIDDEN


def folded_node_costs(instance: ModelInstance, residuals) -> tuple[list[np.ndarray], int]:
    """Node costs plus each edge's row/column parts, shifted to a zero minimum; returns (costs, constant)."""
    g = instance.graph
    costs = [c.astype(np.int64).copy() for c in g.node_costs]
    for k, row, col, _r in residuals:
        e = g.edges[k]
        if e.u == e.v:
            costs[e.u] = costs[e.u] + np.diagonal(e.costs)
            continue
        costs[e.u] = costs[e.u] + row
        costs[e.v] = costs[e.v] + col
    constant = 0
    for i, c in enumerate(costs):
        ok = c < FORBIDDEN
        low = int(c[ok].min()) if ok.any() else 0
        costs[i] = np.where(ok, c - low, FORBIDDEN)
        constant += low
    return costs, constant


def build(instance: ModelInstance, model: cp_model.CpModel, vars: StrategyVars, residuals) -> int:
    """Set the objective; returns the constant to add to the model's objective value for the true cost."""
    costs, constant = folded_node_costs(instance, residuals)
    lits, coefs = [], []
    for i, c in enumerate(costs):
        for s, x in enumerate(vars.pick[i]):
            if x is not None and c[s]:
                lits.append(x)
                coefs.append(int(c[s]))
    for y in vars.edge_cost.values():
        lits.append(y)
        coefs.append(1)
    model.Minimize(cp_model.LinearExpr.WeightedSum(lits, coefs))
    return constant
