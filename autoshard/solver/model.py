"""Build the CP-SAT model of a `ModelInstance`: variables, constraints, objective, and a hint."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from autoshard.solver.constraints import edges, exactly_one, memory
from autoshard.solver import objective
from autoshard.solver.model_instance import ModelInstance
from autoshard.solver.variables import StrategyVars


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
