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
#: plans whose peak has a transient: the node-local limit is below the report there (gpt_train_step by 0.7% and
#: 3.8%; scan_layers by 256 bytes, 0.06%)
TRANSIENT_AT_PEAK = pytest.mark.xfail(strict=True, reason="a dot operand's copy (gpt_train_step: transposed, and on "
                                      "2x4 a reshard buffer; scan_layers: the carried activation read as a vector) "
                                      "is live at the peak; the solver's node-local limit does not see it")
CASES = [pytest.param(model, mesh, marks=TRANSIENT_AT_PEAK if model in ("gpt_train_step", "scan_layers") else ())
         for model in ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers") for mesh in MESHES]


@pytest.mark.parametrize(("model", "mesh"), CASES)
def test_the_solver_holds_the_memory_the_report_states(model, mesh):
    plan = autoshard.plan((REPO / "examples" / f"{model}.mlir").read_text(), mesh=mesh, time_limit=2, seed=0,
                          num_workers=1)
    model = PlanCostModel(plan.config)
    problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None)
    solver = peak_usage(problem, plan.assignment)[0] + fixed_bytes(plan.graph, plan.mesh, model.backend)
    assert solver == plan.cost.memory.total_bytes


def _transient(value) -> bool:
    """A buffer of the report's that no single node holds over its interval (a reshard, a copy, partial sums)."""
    return value.kind == "temporary" and value.name != "partition id"


#: the 2x4 plan partitions 132 of the 648 recomputed values otherwise than the forward values they repeat: XLA keeps
#: both (the recomputation hoisted beside the forward pass), the solver's view merges them as if alike
REPEATS_APART = pytest.mark.xfail(strict=True, reason="the plan partitions recomputed values otherwise than their "
                                  "forward values; the solver sees every repeat merged")


@pytest.mark.parametrize("mesh", ["data=8,model=8", pytest.param("data=2,model=4", marks=REPEATS_APART)])
def test_on_a_checkpointed_step_the_solver_holds_what_xla_keeps_from_forward_to_backward(mesh):
    """XLA:CPU merges `jax.checkpoint`'s recomputation with the forward pass: the forward values live until the
    backward reads them. The solver's node-local view holds them too (and the barriers' values as their operands'
    buffers), so at the report's peak it holds exactly the report's buffers less the transient ones."""
    pytest.importorskip("jax")
    import sys
    from dataclasses import replace

    import numpy as np

    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.planner.xla_model.memory_accounting import half_steps, plan_live_values, plan_liveness
    from autoshard.planner.xla_model.merged_values import merged_values
    from autoshard.solver.validate import usage_profile

    sys.path.insert(0, str(REPO / "examples"))
    import llm_steps

    shape = replace(llm_steps.shape_of("llama3-8b", layers=2, batch=16, seq=64, checkpoint=True),
                    hidden=128, heads=4, kv_heads=2, ffn=448, vocab=512)
    plan = autoshard.plan(llm_steps.export(shape), mesh=mesh, time_limit=2, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True))
    model = PlanCostModel(plan.config)
    graph, assignment = plan.graph, plan.assignment
    assert merged_values(graph, assignment) == merged_values(graph)  # every repeat partitioned like its forward value
    problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None)
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, model.backend))
    total = np.zeros(half_steps(graph) + 1, dtype=np.int64)
    transient = np.zeros_like(total)
    for v in values:
        if v.kind in ("parameter", "output"):
            total += v.size_bytes
        else:
            total[v.def_index:v.last_use_index + 1] += v.size_bytes
            if _transient(v):
                transient[v.def_index:v.last_use_index + 1] += v.size_bytes
    peak = int(total.argmax())
    assert total[peak] == plan.cost.memory.total_bytes
    solver = int(usage_profile(problem, assignment)[peak // 2]) + fixed_bytes(graph, plan.mesh, model.backend)
    assert solver == total[peak] - transient[peak], (solver, total[peak], transient[peak])
