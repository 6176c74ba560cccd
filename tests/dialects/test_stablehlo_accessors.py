"""Typed accessors the op sharding rules and the interpreter read (plain Python values, not IR attributes)."""

from __future__ import annotations

from stablehlo_roundtrip import parse

from autoshard.dialects import chlo
from autoshard.dialects import stablehlo as shlo

TEXT = """
func.func @f(%x: tensor<2x4x8xf32>, %w: tensor<2x8x16xf32>, %img: tensor<1x9x9x4xf32>, %k: tensor<3x3x2x6xf32>,
             %i: tensor<3x1xi32>, %u: tensor<3x8xf32>, %s: tensor<i32>, %t: tensor<8x4xf32>) -> () {
  %0 = stablehlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  %1 = stablehlo.convolution(%img, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 0], [0, 1]], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x4x9x6xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %4 = stablehlo.slice %x [0:2, 1:4:2, 0:8] : (tensor<2x4x8xf32>) -> tensor<2x2x8xf32>
  %5 = "stablehlo.gather"(%t, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = true} : (tensor<8x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  %6 = "stablehlo.scatter"(%t, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %7 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %7 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x4xf32>, tensor<3x1xi32>, tensor<3x8xf32>) -> tensor<8x4xf32>
  %8 = stablehlo.transpose %t, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %9 = stablehlo.dynamic_slice %t, %s, %s, sizes = [2, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %10 = stablehlo.pad %t, %cst, low = [1, 0], high = [0, 2], interior = [1, 0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<16x6xf32>
  %11 = stablehlo.concatenate %t, %t, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
  %12 = stablehlo.iota dim = 1 : tensor<8x4xi32>
  %13 = stablehlo.compare LT, %t, %t, FLOAT : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
  %14:2 = chlo.top_k(%t, k = 2) : tensor<8x4xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)
  %15 = "stablehlo.all_gather"(%t) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<8x4xf32>) -> tensor<8x8xf32>
  %16 = stablehlo.custom_call @foo(%t) {backend_config = "cfg", api_version = 2 : i32} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return
}
"""


def _ops() -> dict[str, object]:
    ops: dict[str, object] = {}
    for op in parse(TEXT).walk():
        ops.setdefault(op.name, op)
    return ops


def test_dot_general_dimensions() -> None:
    dot = _ops()["stablehlo.dot_general"]
    assert isinstance(dot, shlo.DotGeneralOp)
    assert (dot.lhs_batching_dimensions, dot.rhs_batching_dimensions) == ((0,), (0,))
    assert (dot.lhs_contracting_dimensions, dot.rhs_contracting_dimensions) == ((2,), (1,))
    assert dot.precisions == ("DEFAULT", "HIGHEST")


def test_convolution_dimension_numbers_and_window() -> None:
    conv = _ops()["stablehlo.convolution"]
    dn = conv.dimension_numbers
    assert (dn.input_batch_dimension, dn.input_feature_dimension, dn.input_spatial_dimensions) == (0, 3, (1, 2))
    assert (dn.kernel_input_feature_dimension, dn.kernel_output_feature_dimension) == (2, 3)
    assert dn.kernel_spatial_dimensions == (0, 1) and dn.output_spatial_dimensions == (1, 2)
    assert conv.window_strides == (2, 1) and conv.padding == ((1, 0), (0, 1))
    assert conv.rhs_dilation == (2, 1) and conv.lhs_dilation == (1, 1) and conv.window_reversal == (False, False)
    assert (conv.feature_group_count, conv.batch_group_count) == (2, 1)


def test_reduce_broadcast_slice_and_shape_ops() -> None:
    ops = _ops()
    assert ops["stablehlo.reduce"].dimensions == (0, 2)
    assert ops["stablehlo.broadcast_in_dim"].broadcast_dimensions == (1,)
    sl = ops["stablehlo.slice"]
    assert (sl.start_indices, sl.limit_indices, sl.strides) == ((0, 1, 0), (2, 4, 8), (1, 2, 1))
    assert ops["stablehlo.transpose"].permutation == (1, 0)
    assert ops["stablehlo.dynamic_slice"].slice_sizes == (2, 4)
    pad = ops["stablehlo.pad"]
    assert (pad.edge_padding_low, pad.edge_padding_high, pad.interior_padding) == ((1, 0), (0, 2), (1, 0))
    assert ops["stablehlo.concatenate"].dimension == 1
    assert ops["stablehlo.iota"].iota_dimension == 1
    assert ops["stablehlo.compare"].direction == "LT"


def test_gather_and_scatter_dimension_numbers() -> None:
    ops = _ops()
    gather = ops["stablehlo.gather"]
    assert gather.offset_dims == (1,) and gather.collapsed_slice_dims == (0,) and gather.start_index_map == (0,)
    assert gather.index_vector_dim == 1 and gather.slice_sizes == (1, 4) and gather.indices_are_sorted
    assert gather.operand_batching_dims == ()
    scatter = ops["stablehlo.scatter"]
    assert scatter.update_window_dims == (1,) and scatter.inserted_window_dims == (0,)
    assert scatter.scatter_dims_to_operand_dims == (0,) and scatter.index_vector_dim == 1
    assert len(scatter.inputs) == 1 and len(scatter.updates) == 1 and not scatter.unique_indices


def test_collectives_custom_call_and_chlo() -> None:
    ops = _ops()
    gather = ops["stablehlo.all_gather"]
    assert gather.all_gather_dim == 1 and gather.replica_group_list == ((0, 1), (2, 3))
    call = ops["stablehlo.custom_call"]
    assert call.call_target_name == "foo" and call.backend_config_text == "cfg"
    top_k = ops["chlo.top_k"]
    assert isinstance(top_k, chlo.TopKOp) and top_k.k == 2


def test_attribute_dict_entries_become_properties() -> None:
    gather = _ops()["stablehlo.gather"]
    assert "dimension_numbers" in gather.properties and "dimension_numbers" not in gather.attributes
