"""The memory the solver holds under the budget is the memory the plan's report states: on the zoo's plans the
solver's peak (node-local usages over their intervals, plus what every plan holds) equals `plan_memory`'s total,
except where a transient buffer the solver does not see (a dot operand's transposed copy, a reshard's staging)
is live at the peak."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.xla_model.memory_accounting import fixed_bytes
from autoshard.solver.validate import peak_usage

REPO = Path(__file__).resolve().parents[2]
MESHES = ("data=2,model=4", "data=2,model=2,seq=2")
#: plans whose peak has a transient: the node-local limit is below the report there (by 0.7% and 3.8%)
TRANSIENT_AT_PEAK = pytest.mark.xfail(strict=True, reason="a dot operand's transposed copy (and on 2x4 a reshard "
                                      "buffer) is live at the peak; the solver's node-local limit does not see it")
CASES = [pytest.param(model, mesh, marks=TRANSIENT_AT_PEAK if model == "gpt_train_step" else ())
         for model in ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers") for mesh in MESHES]


@pytest.mark.parametrize(("model", "mesh"), CASES)
def test_the_solver_holds_the_memory_the_report_states(model, mesh):
    plan = autoshard.plan((REPO / "examples" / f"{model}.mlir").read_text(), mesh=mesh, time_limit=2, seed=0,
                          num_workers=1)
    model = PlanCostModel(plan.config)
    problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None)
    solver = peak_usage(problem, plan.assignment)[0] + fixed_bytes(plan.graph, plan.mesh, model.backend)
    assert solver == plan.cost.memory.total_bytes
