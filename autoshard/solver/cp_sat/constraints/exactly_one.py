"""Every node picks exactly one allowed strategy."""

from __future__ import annotations

from autoshard.solver.cp_sat.lazy_cp_model import cp_model
from autoshard.solver.cp_sat.model_instance import ModelInstance
from autoshard.solver.cp_sat.variables import StrategyVars


def build(instance: ModelInstance, model: cp_model.CpModel, vars: StrategyVars) -> None:
    for i in range(instance.graph.num_nodes):
        lits = vars.literals(i)
        if not lits:
            model.AddBoolOr([]).WithName(f"no_allowed_strategy_n{i}")  # infeasible, by design
        else:
            model.AddExactlyOne(lits).WithName(f"exactly_one_n{i}")
