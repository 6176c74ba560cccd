"""A donated step's update ops run as soon as XLA's scheduler can run them (`early_updates`), copy insertion copies
the donated weight a backward dot reads (`donated_copies`), values of constants alone are computed first
(`constants_first`) and the combiner walks XLA's post order (`post_order`), on tiny hand-written programs. The
memory figures against XLA are in tests/xla/test_donated_updates_memory.py."""

from __future__ import annotations

from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.constants_first import constants_first_positions, constants_only
from autoshard.planner.xla_model.donated_copies import outside_donated_buffers
from autoshard.planner.xla_model.early_updates import early_update_positions, update_ops
from autoshard.planner.xla_model.memory_accounting import (
    _donated_arguments, plan_donated_copies, plan_liveness,
)
from autoshard.planner.xla_model.post_order import post_order
from autoshard.sharding import Mesh
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config
from costmodel.memory import LiveValue

#: a momentum step: the weight's gradient, then a backward dot reading the weight (the input's gradient, not an
#: ancestor of the weight's new value), then the momentum and the weight updated in place
MOMENTUM = """
func.func @main(%w: tensor<512x512xf32> {tf.aliasing_output = 0 : i32}, %m: tensor<512x512xf32> {tf.aliasing_output = 1 : i32}, %x: tensor<64x512xf32>) -> (tensor<512x512xf32>, tensor<512x512xf32>, tensor<64x512xf32>) {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x512xf32>, tensor<512x512xf32>) -> tensor<64x512xf32>
  %g = stablehlo.dot_general %x, %y, contracting_dims = [0] x [0] : (tensor<64x512xf32>, tensor<64x512xf32>) -> tensor<512x512xf32>
  %d = stablehlo.dot_general %y, %w, contracting_dims = [1] x [1] : (tensor<64x512xf32>, tensor<512x512xf32>) -> tensor<64x512xf32>
  %e = stablehlo.tanh %d : tensor<64x512xf32>
  %c = stablehlo.constant dense<0.9> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<512x512xf32>
  %mm = stablehlo.multiply %cb, %m : tensor<512x512xf32>
  %m1 = stablehlo.add %mm, %g : tensor<512x512xf32>
  %w1 = stablehlo.subtract %w, %m1 : tensor<512x512xf32>
  return %w1, %m1, %e : tensor<512x512xf32>, tensor<512x512xf32>, tensor<64x512xf32>
}
"""


#: zeros written late in the program, and two results whose cones XLA walks one after the other
ZEROS_LATE = """
func.func @main(%x: tensor<64x512xf32>, %y: tensor<64x512xf32>) -> (tensor<64x512xf32>, tensor<64x512xf32>) {
  %a = stablehlo.tanh %x : tensor<64x512xf32>
  %b = stablehlo.exponential %y : tensor<64x512xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<64x512xf32>
  %s = stablehlo.add %a, %z : tensor<64x512xf32>
  return %b, %s : tensor<64x512xf32>, tensor<64x512xf32>
}
"""


MESH = Mesh.from_sizes([("data", 8)])


def _graph(text: str = MOMENTUM):
    model = PlanCostModel(resolve_config("data=8", "h100-8"))
    graph = build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(model.config), "mesh", model,
                             PlanOptions()).graph
    return graph, model.backend


def _op(graph, label: str) -> int:
    return next(n.index for n in graph.nodes if n.label == label)


def test_the_momentum_is_updated_right_after_the_gradient_and_the_weight_after_its_last_reader():
    graph, _ = _graph()
    donors = _donated_arguments(graph)
    ops = update_ops(graph, donors)
    add, subtract = _op(graph, "stablehlo.add"), _op(graph, "stablehlo.subtract")
    assert {add, subtract, _op(graph, "stablehlo.multiply")} <= ops
    assert _op(graph, "stablehlo.tanh") not in ops  # feeds a result that is not donated
    positions = [n.position for n in graph.nodes]
    moved = early_update_positions(graph, donors, positions, positions)
    _forward, gradient, backward = sorted((n.index for n in graph.nodes if n.label == "stablehlo.dot_general"),
                                          key=positions.__getitem__)
    assert moved[add] == positions[gradient] < positions[add]
    assert moved[subtract] == positions[backward] < positions[subtract]  # after the weight's other reader


def test_the_weight_a_backward_dot_reads_is_copied_and_its_buffer_reused():
    graph, backend = _graph()
    assignment = [0] * len(graph.nodes)
    (copy,) = plan_donated_copies(graph, assignment, plan_liveness(graph, assignment, MESH, backend))
    assert graph.nodes[copy.argument].label == "%arg0"  # the weight; the momentum is read by its update only
    inside = LiveValue("fits", 1024, copy.free_from, copy.free_until, kind="temporary")
    across = LiveValue("starts before", 1024, copy.free_from - 1, copy.free_until, kind="temporary")
    size = 512 * 512 * 4
    assert outside_donated_buffers([inside, across], [(size, copy.free_from, copy.free_until)]) == [across]


def test_values_of_constants_alone_are_computed_at_the_start():
    graph, _ = _graph(ZEROS_LATE)
    zeros = _op(graph, "stablehlo.broadcast_in_dim")
    assert {zeros, next(n.index for n in graph.nodes if n.kind == "constant")} <= constants_only(graph)
    assert _op(graph, "stablehlo.tanh") not in constants_only(graph)  # reads an argument
    positions = [n.position for n in graph.nodes]
    assert constants_first_positions(graph, positions) == {zeros: 0}


def test_xla_walks_each_results_cone_in_turn():
    graph, _ = _graph(ZEROS_LATE)
    order = post_order(graph)
    tanh, exp, add = (_op(graph, f"stablehlo.{name}") for name in ("tanh", "exponential", "add"))
    assert order[exp] < order[tanh] < order[add]  # the first result's cone first, though written later


#: a tied embedding's gradient: the rows' gradients scattered into zeros, added to the head's gradient
SCATTER_INTO_ZEROS_ADDED = """
func.func @main(%i: tensor<64x1xi32>, %u: tensor<64x512xf32>, %h: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<512x512xf32>
  %t = stablehlo.tanh %h : tensor<512x512xf32>
  %s = "stablehlo.scatter"(%z, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %a = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }) : (tensor<512x512xf32>, tensor<64x1xi32>, tensor<64x512xf32>) -> tensor<512x512xf32>
  %r = stablehlo.add %t, %s : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
"""


def test_zeros_scattered_into_are_written_at_the_start_unless_the_scatter_is_folded_into_its_add():
    # seen on XLA:CPU, jaxlib 0.10: a tied embedding's gradient scattered into zeros and added to the head's is
    # scattered into the head's gradient (no zeros); where the add reads the scatter resharded (a Gemma-shaped step
    # on 8x8) XLA writes the zeros among the first instructions and scatters into them
    graph, backend = _graph(SCATTER_INTO_ZEROS_ADDED)
    scatter, add = graph.nodes[_op(graph, "stablehlo.scatter")], graph.nodes[_op(graph, "stablehlo.add")]
    alike = [0] * len(graph.nodes)  # every node replicated: the add reads the scatter as written
    folded = plan_liveness(graph, alike, MESH, backend)
    assert (scatter.index, 0) in folded.fused and scatter.index not in folded.hoisted
    resharded = list(alike)
    resharded[scatter.index] = next(i for i, s in enumerate(scatter.strategies) if s.outputs[0].all_axes()
                                    and not add.strategies[0].inputs[1].all_axes())
    apart = plan_liveness(graph, resharded, MESH, backend)
    assert (scatter.index, 0) not in apart.fused and apart.hoisted[scatter.index] == 0
