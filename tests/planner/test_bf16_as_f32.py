"""A backend computing bf16 in f32 (XLA:CPU, `XlaBackend.computes_bf16_as_f32`): the plan graph states every value
an op computes as f32 and keeps the step's bf16 arguments and results; a dot reading a bf16 argument reads an f32
copy converted at the step's start, which the report and the solver hold; reshards move bf16 values as f32."""

from __future__ import annotations

import autoshard
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.xla_model.backend import CPU, GPU, TPU
from autoshard.planner.xla_model.memory_accounting import fixed_bytes, plan_live_values, plan_liveness, plan_memory
from autoshard.solver.validate import peak_usage

BF16_STEP = """
func.func @main(%x: tensor<64x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = stablehlo.multiply %x, %x : tensor<64x64xbf16>
  %1 = stablehlo.exponential %0 : tensor<64x64xbf16>
  %2 = stablehlo.sine %1 : tensor<64x64xbf16>
  %3 = stablehlo.dot_general %2, %w, contracting_dims = [1] x [0] : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %3 : tensor<64x64xbf16>
}
"""


def test_the_facts_say_which_backends_compute_bf16_in_f32():
    assert CPU.computes_bf16_as_f32.value and not GPU.computes_bf16_as_f32.value
    assert TPU.computes_bf16_as_f32.value == CPU.computes_bf16_as_f32.value  # every TPU fact is assumed like cpu's


def test_ops_compute_in_f32_and_the_arguments_and_results_stay_bf16():
    graph = autoshard.plan(BF16_STEP, mesh="data=2", time_limit=2).graph
    types = {(n.kind, t.dtype) for n in graph.nodes for t in (*n.inputs, *n.outputs) if t is not None}
    assert types == {(NodeKind.ARGUMENT, "bf16"), (NodeKind.RESULT, "bf16"), (NodeKind.OP, "f32")}
    assert graph.moves_bf16_as_f32
    weight_edge = next(e for e in graph.edges if graph.nodes[e.producer].label == "%arg1")
    assert graph.moved(weight_edge.producer, weight_edge.out_port).dtype == "f32"


def test_a_dot_reading_a_bf16_argument_reads_an_f32_copy_written_at_the_start_which_the_solver_holds_too():
    plan = autoshard.plan(BF16_STEP, mesh="data=2", time_limit=2)
    graph = plan.graph
    assignment = [0] * len(graph.nodes)  # everything replicated: the dot reads the weight as it is
    model = PlanCostModel(plan.config)
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, plan.mesh, model.backend))
    dot = next(n.position for n in graph.nodes if n.label == "stablehlo.dot_general")
    copies = [(v.size_bytes, v.def_index, v.last_use_index) for v in values if v.name == "%arg1 resharded"]
    assert copies == [(64 * 64 * 4, 0, 2 * dot)]
    assert not [v for v in values if v.name == "%arg0 resharded"]  # an elementwise reader converts inside its loop
    report = plan_memory(graph, assignment, plan.mesh, model.backend).total_bytes
    problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None,
                                   reshard_pairs=True, around=assignment)
    assert peak_usage(problem, assignment)[0] + fixed_bytes(graph, plan.mesh, model.backend) == report
