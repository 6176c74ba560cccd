"""Peak live memory from a liveness order, and the planner's accounting
of a plan's buffers the way XLA lays them out (arguments and outputs all step, fusion, buffer reuse, layout
copies, reshard staging, donation), with the solver's node-local limit never above it."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner.memory_accounting import plan_memory, reshard_buffer_bytes
from autoshard.planner.plan_graph import TensorInfo
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.solver.validate import peak_usage
from autoshard.planner.pricing import PlanCostModel
from costmodel.memory import LiveValue, live_bytes_timeline, step_memory


def test_peak_live_memory_by_hand():
    # op 0: a = f(w)   op 1: b = g(a)   op 2: c = h(a, b)   op 3: return c
    values = [
        LiveValue("w", 100, -1, 0, kind="parameter"),
        LiveValue("a", 10, 0, 2),
        LiveValue("b", 20, 1, 2),
        LiveValue("t", 1000, 1, 1, kind="temporary"),  # scratch of op 1 only
        LiveValue("c", 5, 2, 3, kind="output"),
    ]
    # the output is held all step (XLA allocates result buffers for the whole program), the parameter too
    assert live_bytes_timeline(values, 4) == [115, 1135, 135, 105]
    step = step_memory(values, 4)
    assert (step.argument_bytes, step.output_bytes, step.temporary_bytes, step.peak_index) == (100, 5, 1030, 1)
    assert step.total_bytes == 1135


def test_parameters_live_throughout_and_num_ops_inferred():
    values = [LiveValue("p", 7, 5, 5, kind="parameter"), LiveValue("x", 3, 0, 2)]
    assert live_bytes_timeline(values) == [10, 10, 10]
    assert step_memory([LiveValue("p", 7, -1, -1, kind="parameter")]).total_bytes == 7


def test_bad_values():
    with pytest.raises(ValueError, match="before its definition"):
        LiveValue("x", 1, 3, 2)
    with pytest.raises(ValueError, match="kind 'weights'"):
        LiveValue("x", 1, 0, 0, kind="weights")
    with pytest.raises(ValueError, match="negative size"):
        LiveValue("x", -1, 0, 0)


def test_outputs_are_held_before_their_definition():
    # a result written at the last op still has its buffer from the start: it adds to the early peak
    values = [LiveValue("x", 10, 0, 1), LiveValue("y", 7, 3, 3, kind="output")]
    assert live_bytes_timeline(values, 4) == [17, 17, 7, 7]
    assert step_memory(values, 4).total_bytes == 17


# -- the planner's accounting on small modules (one device: every byte is known by hand) ------------------------

F32_64x64 = 64 * 64 * 4


def _module(body: str, args: str = "%arg0: tensor<64x64xf32>") -> str:
    return f"""module @m {{
  func.func public @main({args}) -> tensor<64x64xf32> {{
{body}
  }}
}}"""


def _memory(text: str, mesh: str = "x=1", **kw):
    plan = autoshard.plan(text, mesh=mesh, time_limit=2, num_workers=1, **kw)
    return plan, plan.cost.memory


def test_arguments_and_outputs_all_step_no_copy_of_a_returned_value():
    plan, m = _memory(_module("    %0 = stablehlo.add %arg0, %arg0 : tensor<64x64xf32>\n"
                              "    return %0 : tensor<64x64xf32>"))
    assert (m.argument_bytes, m.output_bytes, m.temporary_bytes) == (F32_64x64, F32_64x64, 0)
    assert plan.cost.peak_memory_bytes == m.total_bytes == 2 * F32_64x64
    assert plan.report()["cost"]["memory"]["total_bytes"] == m.total_bytes
    assert m.note.startswith("estimate, not a bound") and "may be low" not in m.note  # nothing settled here


def test_a_donated_argument_holds_the_result():
    text = _module("    %0 = stablehlo.add %arg0, %arg0 : tensor<64x64xf32>\n    return %0 : tensor<64x64xf32>",
                   args="%arg0: tensor<64x64xf32> {tf.aliasing_output = 0 : i32}")
    _, m = _memory(text)
    # no output buffer of its own; the value is counted as a temporary until the end (XLA may write in place)
    assert (m.argument_bytes, m.output_bytes, m.temporary_bytes) == (F32_64x64, 0, F32_64x64)


def test_fused_broadcast_and_elementwise_chain_hold_no_buffer():
    body = """    %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<64x64xf32>
    %1 = stablehlo.add %arg0, %b : tensor<64x64xf32>
    %2 = stablehlo.multiply %1, %b : tensor<64x64xf32>
    %3 = stablehlo.tanh %2 : tensor<64x64xf32>
    %4 = stablehlo.dot_general %3, %arg0, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    return %4 : tensor<64x64xf32>"""
    _, m = _memory(_module(body, args="%arg0: tensor<64x64xf32>, %arg1: tensor<64xf32>"))
    # the broadcast (read twice), the add and the multiply run inside tanh's loop: only tanh's result (the dot's
    # operand) is a buffer; written out, the broadcast would sit beside the add's result
    assert (m.argument_bytes, m.output_bytes, m.temporary_bytes) == (F32_64x64 + 256, F32_64x64, F32_64x64)


def test_elementwise_result_takes_over_its_dying_operand():
    body = """    %1 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %2 = stablehlo.tanh %1 : tensor<64x64xf32>
    %3 = stablehlo.dot_general %2, %arg0, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    return %3 : tensor<64x64xf32>"""
    _, m = _memory(_module(body))
    assert m.temporary_bytes == F32_64x64  # not 2x: tanh writes into the first dot's buffer


def test_transposed_dot_operand_is_copied():
    def temps(contracting: str) -> int:
        body = f"""    %1 = stablehlo.dot_general %arg0, %arg0, contracting_dims = {contracting} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    return %1 : tensor<64x64xf32>"""
        return _memory(_module(body))[1].temporary_bytes
    assert temps("[1] x [0]") == 0 and temps("[1] x [1]") == 0  # lhs contracts its trailing dim
    assert temps("[0] x [0]") == F32_64x64  # lhs contracts its leading dim: a transposed copy


def test_reshard_staging():
    mesh = Mesh.from_sizes({"a": 2, "b": 4})
    info = TensorInfo((8, 64), "f32")
    a, b = AxisRef("a"), AxisRef("b")
    rep = TensorSharding("mesh", (DimSharding(), DimSharding()))
    row_a = TensorSharding("mesh", (DimSharding((a,)), DimSharding()))
    col_b = TensorSharding("mesh", (DimSharding(), DimSharding((b,))))
    full = 8 * 64 * 4
    assert reshard_buffer_bytes(info, rep, col_b, mesh) == full // 4  # a local slice writes the target only
    assert reshard_buffer_bytes(info, row_a, rep, mesh) == full  # gathered along the outer dimension
    # gathered along the inner dimension: staged source, gathered result, copy back
    assert reshard_buffer_bytes(info, col_b, rep, mesh) == full // 4 + 2 * full


def test_solver_limit_never_above_the_accounting_and_budget_holds():
    text = (REPO / "examples" / "transformer_block.mlir").read_text()
    plan, m = _memory(text, mesh="data=2,model=4")
    problem = build_strategy_graph(plan.graph, PlanCostModel(plan.config).edge_cost_table(), plan.mesh, None)
    assert peak_usage(problem, plan.assignment)[0] <= m.total_bytes  # the solver's figure is a part of it
    # a budget the first search's plan meets node-locally but not with its reshard/settle/copy buffers
    budget = int(0.9 * m.total_bytes)
    tight, tm = _memory(text, mesh="data=2,model=4", memory_budget=budget)
    assert tm.total_bytes <= budget == tight.cost.memory_budget_bytes
    assert tight.cost.peak_memory_bytes == tm.total_bytes
    assert tight.solver.extra["memory_searches"] >= 2

REPO = Path(__file__).resolve().parents[2]


def test_combined_all_reduces_delay_their_readers():
    from autoshard.planner.memory_accounting import combined_positions
    from autoshard.planner.plan_graph import NodeStrategy, PlanEdge, PlanGraph, PlanNode, Settle

    settle = NodeStrategy((), (), settle=Settle("all_reduce", (AxisRef("a"),)))
    plain = NodeStrategy((), ())
    graph = PlanGraph()
    for label, position, strategy in [("s1", 0, settle), ("r1", 1, plain), ("s2", 2, settle), ("s3", 3, settle),
                                      ("r3", 4, plain)]:
        graph.add_node(PlanNode(0, "op", label, [], [], strategies=[strategy], position=position))
    graph.edges += [PlanEdge(0, 0, 1, 0), PlanEdge(2, 0, 3, 0), PlanEdge(3, 0, 4, 0)]
    graph.num_positions = 5
    # s1 and s2 are independent: one all-reduce at s2, so s1's reader r1 waits for it; s3 reads s2: its own
    assert combined_positions(graph, [0] * 5) == [2, 2, 2, 3, 4]
