"""A budget no plan fits says how much the least plan needs: the least the solver's usage can be plus what every
plan holds (`fixed_bytes`), set against the budget, not against the solver's limit (the budget less those bytes)."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.errors import InfeasibleError
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.xla_model.memory_accounting import fixed_bytes
from autoshard.solver.validate import least_peak_usage

MLP = str(Path(__file__).resolve().parents[2] / "examples" / "mlp.mlir")
MESH = "data=2,model=4"


def _failure(budget: int) -> InfeasibleError:
    with pytest.raises(InfeasibleError) as failure:
        autoshard.plan(MLP, mesh=MESH, memory_budget=budget, time_limit=2, num_workers=1)
    return failure.value


def test_the_least_a_plan_needs_counts_what_every_plan_holds():
    plan = autoshard.plan(MLP, mesh=MESH, time_limit=2, num_workers=1)
    model = PlanCostModel(plan.config)
    fixed = fixed_bytes(plan.graph, plan.mesh, model.backend)
    floor, _ = least_peak_usage(build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend,
                                                     None))
    assert fixed > 0
    least = floor + fixed
    assert _failure(1).needed_bytes == least
    # over the solver's usage floor, under the least once the fixed bytes are counted: still proven too small
    near = _failure(least - 1)
    assert near.needed_bytes == least and near.needed_proven
    assert "too small" in near.message
