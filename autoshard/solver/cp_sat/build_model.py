"""Build the CP-SAT model of a `ModelInstance`: variables, constraints, objective, and a hint; and its size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

import autoshard.solver.cp_sat.objective as objective
from autoshard.solver.cp_sat.constraints import edges, exactly_one, memory
from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars
from autoshard.solver.strategy_graph import StrategyGraph


@dataclass
class BuiltModel:
    model: cp_model.CpModel
    vars: StrategyVars
    #: true cost = objective value + objective_offset
    objective_offset: int


def build_model(instance: ModelInstance, hint: Sequence[int] | None = None) -> BuiltModel:
    """The complete CP-SAT model; `hint` (one strategy per node) becomes the solution hint."""
    model = cp_model.CpModel()
    vars = StrategyVars.build(instance.graph, model)
    residuals = instance.residual_edges()
    exactly_one.build(instance, model, vars)
    edges.build(instance, model, vars, residuals)
    memory.build(instance, model, vars)
    offset = objective.build(instance, model, vars, residuals)
    if hint is not None:
        add_hint(instance, model, vars, hint, residuals)
    return BuiltModel(model, vars, offset)


def add_hint(instance: ModelInstance, model: cp_model.CpModel, vars: StrategyVars, hint: Sequence[int], residuals) -> None:
    g = instance.graph
    for i, row in enumerate(vars.pick):
        for s, x in enumerate(row):
            if x is not None:
                model.AddHint(x, s == hint[i])
    for k, _row, _col, r in residuals:
        if k in vars.edge_cost:
            e = g.edges[k]
            model.AddHint(vars.edge_cost[k], int(r[hint[e.u], hint[e.v]]))


def model_terms(graph: StrategyGraph) -> int:
    """Terms of the CP-SAT model of `graph`: nonzero edge entries plus node costs."""
    return sum(int(np.count_nonzero(e.costs)) for e in graph.edges) + sum(len(c) for c in graph.node_costs)
