"""XLA folds a transposed matrix into the dots without batch dims that read it (`transpose_folding`): the transpose
has no buffer when every reader folds it, on tiny hand-written programs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.backend import Fact
from autoshard.planner.xla_model.memory_accounting import GraphLiveness
from autoshard.planner.xla_model.transpose_folding import folded_transposes
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config

#: a tied LM head: the embedding transposed for the logits' dot and read again by the input gradient's dot
TIED_HEAD = """
func.func @main(%x: tensor<64x128xf32>, %e: tensor<512x128xf32>, %g: tensor<64x512xf32>) -> (tensor<64x512xf32>, tensor<64x128xf32>) {
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<512x128xf32>) -> tensor<128x512xf32>
  %l = stablehlo.dot_general %x, %t, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x512xf32>) -> tensor<64x512xf32>
  %d = stablehlo.dot_general %g, %t, contracting_dims = [1] x [1] : (tensor<64x512xf32>, tensor<128x512xf32>) -> tensor<64x128xf32>
  return %l, %d : tensor<64x512xf32>, tensor<64x128xf32>
}
"""

#: the transposed matrix is also read by an elementwise op
TRANSPOSE_ALSO_SCALED = """
func.func @main(%x: tensor<64x128xf32>, %e: tensor<512x128xf32>) -> (tensor<64x512xf32>, tensor<128x512xf32>) {
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<512x128xf32>) -> tensor<128x512xf32>
  %l = stablehlo.dot_general %x, %t, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x512xf32>) -> tensor<64x512xf32>
  %s = stablehlo.add %t, %t : tensor<128x512xf32>
  return %l, %s : tensor<64x512xf32>, tensor<128x512xf32>
}
"""

#: a batched dot reading a transpose of its rhs's last two dims: XLA lays a batched dot's operands out row-major
BATCHED = """
func.func @main(%x: tensor<4x64x128xf32>, %w: tensor<4x512x128xf32>) -> tensor<4x64x512xf32> {
  %t = stablehlo.transpose %w, dims = [0, 2, 1] : (tensor<4x512x128xf32>) -> tensor<4x128x512xf32>
  %l = stablehlo.dot_general %x, %t, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x64x128xf32>, tensor<4x128x512xf32>) -> tensor<4x64x512xf32>
  return %l : tensor<4x64x512xf32>
}
"""


def _graph(text: str):
    model = PlanCostModel(resolve_config("data=8", "h100-8"))
    graph = build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(model.config), "mesh", model,
                             PlanOptions()).graph
    return graph, model.backend


def _transpose(graph) -> int:
    return next(n.index for n in graph.nodes if n.label == "stablehlo.transpose")


def test_a_transpose_every_dot_reader_folds_has_no_buffer():
    graph, backend = _graph(TIED_HEAD)
    t = _transpose(graph)
    assert folded_transposes(graph) == {t}
    assert (t, 0) in GraphLiveness.of(graph, backend).fused


@pytest.mark.parametrize("text", [TRANSPOSE_ALSO_SCALED, BATCHED], ids=["also_elementwise", "batched_dot"])
def test_a_transpose_another_reader_takes_is_computed(text):
    graph, backend = _graph(text)
    assert not folded_transposes(graph)
    assert (_transpose(graph), 0) not in GraphLiveness.of(graph, backend).fused


def test_a_backend_that_does_not_fold_keeps_the_transpose():
    graph, backend = _graph(TIED_HEAD)
    backend = replace(backend, name="no folding", dot_transpose_folding=Fact(False, "test"))
    assert (_transpose(graph), 0) not in GraphLiveness.of(graph, backend).fused
