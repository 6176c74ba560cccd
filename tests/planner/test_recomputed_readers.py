"""A cheap value XLA writes out for a reader that cannot fuse it is computed again inside each reader that can, which
then reads its inputs (`memory_accounting._read_through_producers`): not by an op fused into a library fusion (a
reduction's `__ynn_fusion` reads it from memory), and also by the loop-fused readers of a recomputation merged with
it (after common-subexpression elimination both are one instruction)."""

from __future__ import annotations

import autoshard
from autoshard.planner.xla_model.backend import CPU
from autoshard.planner.xla_model.memory_accounting import node_interval, plan_liveness
from autoshard.sharding import Mesh

MESH = "data=2"

#: `%xh` (an RMSNorm's `x * rsqrt(...)`) is read by the weight multiply feeding a dot, and late by the product its
#: weight's gradient reduces (an unchecked LLaMA-shaped step)
READ_BY_A_REDUCTION = """
func.func @main(%x: tensor<64x64xf32>, %r: tensor<64x64xf32>, %w: tensor<64x64xf32>, %g: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64xf32>) {
  %xh = stablehlo.multiply %x, %r : tensor<64x64xf32>
  %y = stablehlo.multiply %xh, %w : tensor<64x64xf32>
  %d = stablehlo.dot_general %y, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %t = stablehlo.tanh %d : tensor<64x64xf32>
  %e = stablehlo.exponential %t : tensor<64x64xf32>
  %p = stablehlo.multiply %g, %xh : tensor<64x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  return %e, %s : tensor<64x64xf32>, tensor<64xf32>
}
"""

#: a LayerNorm's `x - mean` (`%c`), written for the reduction computing the variance, recomputed after the barrier
#: and read there by an elementwise op of the gradient (a GPT-NeoX-shaped step)
RECOMPUTED_CENTRED = """
func.func @main(%a: tensor<64x64xf32>, %m: tensor<64x64xf32>, %g: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<64x64xf32>) {
  %x = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = stablehlo.subtract %x, %m : tensor<64x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %v = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  %d = stablehlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %t = stablehlo.tanh %d : tensor<64x64xf32>
  %b:2 = stablehlo.optimization_barrier %x, %m : tensor<64x64xf32>, tensor<64x64xf32>
  %c2 = stablehlo.subtract %b#0, %b#1 : tensor<64x64xf32>
  %q = stablehlo.multiply %c2, %t : tensor<64x64xf32>
  %e = stablehlo.exponential %q : tensor<64x64xf32>
  return %v, %e : tensor<64xf32>, tensor<64x64xf32>
}
"""


def _liveness(text: str):
    graph = autoshard.plan(text, mesh=MESH, time_limit=2).graph
    return graph, plan_liveness(graph, [0] * len(graph.nodes), Mesh.parse(MESH), CPU)


def _op(graph, label: str, k: int = 0):
    return sorted((n for n in graph.nodes if n.label == label), key=lambda n: n.position)[k]


def test_a_value_an_op_in_a_reduction_s_library_fusion_reads_is_held_until_that_reduction():
    graph, liveness = _liveness(READ_BY_A_REDUCTION)
    xh, reduce = _op(graph, "stablehlo.multiply"), _op(graph, "stablehlo.reduce")
    assert (xh.index, 0) not in liveness.fused
    assert node_interval(xh, graph, liveness)[1] > reduce.position  # read from memory, not computed again


def test_a_recomputation_s_loop_fused_reader_computes_the_merged_value_again_from_its_inputs():
    graph, liveness = _liveness(RECOMPUTED_CENTRED)
    centred, x = _op(graph, "stablehlo.subtract"), _op(graph, "stablehlo.dot_general")
    product, reduce = _op(graph, "stablehlo.multiply"), _op(graph, "stablehlo.reduce")
    assert liveness.merged[_op(graph, "stablehlo.subtract", 1).index] == (centred.index, 0)
    # the product computes x - mean again from x, held until there; the written x - mean dies at the reduction
    assert node_interval(x, graph, liveness)[1] > product.position
    assert node_interval(centred, graph, liveness)[1] <= reduce.position + 1
