"""The model of XLA's rules for conv nets on tiny hand-written programs: a convolution's canonicalized operands
(`conv_layout`), the ops XLA removes (`no_op_ops`), the producers a reduction's library fusion cannot take
(`library_reductions`) and the buffers and kernels of an expanded `select_and_scatter`
(`select_and_scatter_expansion`). Against XLA's compiled programs: tests/xla/test_conv_nets_vs_xla.py."""

from __future__ import annotations

from dataclasses import replace

from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.backend import CPU, Fact
from autoshard.planner.xla_model.conv_layout import canonicalized_ports
from autoshard.planner.xla_model.fusion_groups import plan_fusion
from autoshard.planner.xla_model.no_op_ops import is_no_op
from autoshard.planner.xla_model.select_and_scatter_expansion import Expansion
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config

#: the three convolutions of a conv layer's training step, as jax writes them: the forward one (NHWC, HWIO), the
#: input gradient (the kernel read as [spatial, output, input]) and the kernel gradient (the input's batch as its
#: feature dimension, the output gradient as its kernel)
CONVOLUTIONS = """
func.func @main(%x: tensor<8x16x16x4xf32>, %w: tensor<3x3x4x8xf32>, %g: tensor<8x16x16x8xf32>) -> (tensor<8x16x16x8xf32>, tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x16x16x8xf32>
  %dx = stablehlo.convolution(%g, %w) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x8xf32>, tensor<3x3x4x8xf32>) -> tensor<8x16x16x4xf32>
  %dw = stablehlo.convolution(%x, %g) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x4xf32>, tensor<8x16x16x8xf32>) -> tensor<3x3x4x8xf32>
  return %y, %dx, %dw : tensor<8x16x16x8xf32>, tensor<8x16x16x4xf32>, tensor<3x3x4x8xf32>
}
"""

#: jax's max pool gradient with `VALID` windows: a pad adding nothing, the select_and_scatter, a slice keeping all
POOL_GRADIENT = """
func.func @main(%x: tensor<8x16x16x4xf32>, %g: tensor<8x8x8x4xf32>) -> tensor<8x16x16x4xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = stablehlo.pad %x, %ninf, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<8x16x16x4xf32>, tensor<f32>) -> tensor<8x16x16x4xf32>
  %p1 = stablehlo.pad %x, %ninf, low = [0, 1, 1, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<8x16x16x4xf32>, tensor<f32>) -> tensor<8x17x17x4xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %s = "stablehlo.select_and_scatter"(%p, %g, %z) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<8x16x16x4xf32>, tensor<8x8x8x4xf32>, tensor<f32>) -> tensor<8x16x16x4xf32>
  %r = stablehlo.slice %s [0:8, 0:16, 0:16, 0:4] : (tensor<8x16x16x4xf32>) -> tensor<8x16x16x4xf32>
  %r1 = stablehlo.slice %p1 [0:8, 1:17, 1:17, 0:4] : (tensor<8x17x17x4xf32>) -> tensor<8x16x16x4xf32>
  %o = stablehlo.add %r, %r1 : tensor<8x16x16x4xf32>
  return %o : tensor<8x16x16x4xf32>
}
"""

#: a relu whose zero the gradient's select shares (one instruction after XLA's CSE), pooled by a mean: the
#: reduction's library fusion takes the maximum but not the zero read outside it
RELU_MEAN_AND_GRADIENT = """
func.func @main(%x: tensor<64x256xf32>, %g: tensor<64x256xf32>) -> (tensor<64xf32>, tensor<64x256xf32>) {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
  %r = stablehlo.maximum %x, %zb : tensor<64x256xf32>
  %s = stablehlo.reduce(%r init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %z2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %zb2 = stablehlo.broadcast_in_dim %z2, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
  %m = stablehlo.compare GT, %x, %zb2, FLOAT : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xi1>
  %d = stablehlo.select %m, %g, %zb2 : tensor<64x256xi1>, tensor<64x256xf32>
  return %s, %d : tensor<64xf32>, tensor<64x256xf32>
}
"""


def _graph(text: str):
    config = resolve_config("data=8", "h100-8")
    model = PlanCostModel(config)
    return build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(config), "mesh", model, PlanOptions()).graph, model


def test_the_gradient_convolutions_read_transposed_copies():
    graph, _ = _graph(CONVOLUTIONS)
    forward, data_gradient, kernel_gradient = (n for n in graph.nodes if n.label == "stablehlo.convolution")
    assert canonicalized_ports(forward) == []
    assert canonicalized_ports(data_gradient) == [1]  # the kernel as [spatial, input, output]
    assert canonicalized_ports(kernel_gradient) == [0, 1]  # both operands batch (then spatial) first


def test_the_copies_are_priced_where_the_backend_makes_them():
    graph, model = _graph(CONVOLUTIONS)
    fusion = plan_fusion(graph, model.backend)
    kernel_gradient = [n for n in graph.nodes if n.label == "stablehlo.convolution"][2]
    traffic = fusion.traffic[kernel_gradient.index]
    copies = 2 * (8 * 16 * 16 * 4 + 8 * 16 * 16 * 8) * 4  # each operand read and written again
    assert model.layout_copy_bytes(kernel_gradient, None, traffic) == copies
    model.backend = replace(CPU, convolution_operand_copies=Fact(False, "test"))
    assert model.layout_copy_bytes(kernel_gradient, None, traffic) == 0


def test_a_pad_adding_nothing_and_a_slice_keeping_all_are_removed():
    graph, model = _graph(POOL_GRADIENT)
    pads = [n for n in graph.nodes if n.label == "stablehlo.pad"]
    slices = [n for n in graph.nodes if n.label == "stablehlo.slice"]
    assert [is_no_op(n) for n in pads] == [True, False]
    assert [is_no_op(n) for n in slices] == [True, False]
    assert model.node_work(pads[0], 1.0).bytes_accessed == 0 and model.node_work(pads[1], 1.0).bytes_accessed > 0


def test_the_expanded_select_and_scatter_moves_the_bytes_of_its_kernels():
    graph, model = _graph(POOL_GRADIENT)
    node = next(n for n in graph.nodes if n.label == "stablehlo.select_and_scatter")
    operand, windows = 8 * 16 * 16 * 4, 8 * 8 * 8 * 4
    sizes = Expansion(operand, windows, 4, 4, 4)
    iotas, selected, indices = 4 * 4 * operand, (4 + 4 * 4) * windows, 4 * 4 * windows
    reduce_window = 4 * operand + iotas + selected
    assert sizes.kernel_bytes() == iotas + reduce_window + 2 * indices + 4 * operand + indices + 2 * 4 * windows
    assert model.node_work(node, 1.0).bytes_accessed == sizes.kernel_bytes()
    model.backend = replace(CPU, select_and_scatter_expanded=Fact(False, "test"))
    assert model.node_work(node, 1.0).bytes_accessed == (2 * operand + windows + 1) * 4  # operand, source, init, result


def test_a_shared_zero_read_by_a_reduction_is_written():
    graph, model = _graph(RELU_MEAN_AND_GRADIENT)
    fusion = plan_fusion(graph, model.backend)
    first_zero, maximum = (next(n for n in graph.nodes if n.label == label)
                           for label in ("stablehlo.broadcast_in_dim", "stablehlo.maximum"))
    assert fusion.traffic[maximum.index].writes == (None,)  # inside the reduction's fusion
    assert fusion.traffic[first_zero.index].writes == (("out", 0),)
    without = plan_fusion(graph, replace(CPU, library_reductions=Fact(False, "test")))
    assert without.traffic[first_zero.index].writes == (None,)
