"""XLA keeps a producer with more than one large operand out of a reader it cannot fuse into along every path
(`unfusible_producers`, `XlaBackend.globally_unfusible`), on tiny hand-written programs."""

from __future__ import annotations

from dataclasses import replace

from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.backend import BACKENDS, Fact
from autoshard.planner.xla_model.fusion_groups import plan_fusion
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config

#: `%a` (a product of two full-size values) is read by `negate` and by `add`, which also reads a dot of `negate`:
#: every reader fuses it, but not along the path through the dot
PRODUCT_READ_AROUND_A_DOT = """
func.func @main(%x: tensor<64x256xf32>, %y: tensor<64x256xf32>, %w: tensor<256x256xf32>) -> tensor<64x256xf32> {
  %a = stablehlo.multiply %x, %y : tensor<64x256xf32>
  %n = stablehlo.negate %a : tensor<64x256xf32>
  %d = stablehlo.dot_general %n, %w, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<64x256xf32>
  %c = stablehlo.add %a, %d : tensor<64x256xf32>
  return %c : tensor<64x256xf32>
}
"""

#: the same product read by `negate` and by `add`, which reads `negate` too: every path fuses
PRODUCT_READ_ALONG_FUSIBLE_PATHS = """
func.func @main(%x: tensor<64x256xf32>, %y: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %a = stablehlo.multiply %x, %y : tensor<64x256xf32>
  %n = stablehlo.negate %a : tensor<64x256xf32>
  %c = stablehlo.add %a, %n : tensor<64x256xf32>
  return %c : tensor<64x256xf32>
}
"""

#: around the dot, but `%a` has one large operand (the other a broadcast): duplicating it reads no more
UNARY_READ_AROUND_A_DOT = """
func.func @main(%x: tensor<64x256xf32>, %b: tensor<256xf32>, %w: tensor<256x256xf32>) -> tensor<64x256xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
  %a = stablehlo.multiply %x, %bb : tensor<64x256xf32>
  %n = stablehlo.negate %a : tensor<64x256xf32>
  %d = stablehlo.dot_general %n, %w, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<64x256xf32>
  %c = stablehlo.add %a, %d : tensor<64x256xf32>
  return %c : tensor<64x256xf32>
}
"""

#: `%a` is written for the dot, which reads it as it is, and read by `add`, which also reads the dot's result:
#: XLA writes it once and `add` reads that buffer (the residual stream's gradient add, read by the next layer's
#: projections and by the add of their gradient)
PRODUCT_READ_BY_A_DOT_AND_AROUND_IT = """
func.func @main(%x: tensor<64x256xf32>, %y: tensor<64x256xf32>, %w: tensor<256x256xf32>) -> tensor<64x256xf32> {
  %a = stablehlo.multiply %x, %y : tensor<64x256xf32>
  %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<64x256xf32>
  %c = stablehlo.add %a, %d : tensor<64x256xf32>
  return %c : tensor<64x256xf32>
}
"""

#: `%a` is written for the dot, which reads it through a bitcast to 2-D (two free dimensions), and read by
#: `negate` alone otherwise: XLA fuses it into the bitcast and into `negate` (the RMSNorm gradient's input, read
#: by the next projections' dots and computed again in each product reading it)
PRODUCT_READ_BY_A_FLATTENED_DOT = """
func.func @main(%x: tensor<8x64x256xf32>, %y: tensor<8x64x256xf32>, %w: tensor<256x256xf32>) -> (tensor<8x64x256xf32>, tensor<8x64x256xf32>) {
  %a = stablehlo.multiply %x, %y : tensor<8x64x256xf32>
  %d = stablehlo.dot_general %a, %w, contracting_dims = [2] x [0] : (tensor<8x64x256xf32>, tensor<256x256xf32>) -> tensor<8x64x256xf32>
  %n = stablehlo.negate %a : tensor<8x64x256xf32>
  return %d, %n : tensor<8x64x256xf32>, tensor<8x64x256xf32>
}
"""


def _fusion_and_product(text: str, globally_unfusible: bool = True):
    model = PlanCostModel(resolve_config("data=8", "h100-8"))
    graph = build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(model.config), "mesh", model,
                             PlanOptions()).graph
    backend = replace(model.backend, globally_unfusible=Fact(globally_unfusible, "test"))
    return plan_fusion(graph, backend), next(n for n in graph.nodes if n.label == "stablehlo.multiply")


def _product_written(text: str, globally_unfusible: bool = True) -> bool:
    """Whether the program's `multiply` writes its result (not computed inside its readers' loops)."""
    fusion, product = _fusion_and_product(text, globally_unfusible)
    return fusion.traffic[product.index].writes[0] is not None


def _product_written_once(text: str, globally_unfusible: bool = True) -> bool:
    """Whether the program's `multiply`, written for a reader that cannot compute it, is read from that buffer by
    every other reader too (`FusionPlan.written_once`)."""
    fusion, product = _fusion_and_product(text, globally_unfusible)
    assert fusion.traffic[product.index].writes[0] is not None  # written for the dot either way
    return product.index in fusion.written_once


def test_a_product_read_around_a_dot_is_written_not_duplicated():
    assert _product_written(PRODUCT_READ_AROUND_A_DOT)


def test_a_product_fusible_along_every_path_is_duplicated_into_its_readers():
    assert not _product_written(PRODUCT_READ_ALONG_FUSIBLE_PATHS)


def test_an_effectively_unary_producer_is_duplicated_around_a_dot():
    assert not _product_written(UNARY_READ_AROUND_A_DOT)


def test_a_backend_without_the_rule_duplicates_the_product():
    assert not _product_written(PRODUCT_READ_AROUND_A_DOT, globally_unfusible=False)


def test_a_product_written_for_a_dot_and_read_around_it_is_not_computed_again():
    assert _product_written_once(PRODUCT_READ_BY_A_DOT_AND_AROUND_IT)


def test_a_product_a_dot_reads_through_a_bitcast_is_computed_again_by_its_fusing_readers():
    assert not _product_written_once(PRODUCT_READ_BY_A_FLATTENED_DOT)


def test_a_backend_without_the_rule_computes_a_written_product_again_in_its_readers():
    assert not _product_written_once(PRODUCT_READ_BY_A_DOT_AND_AROUND_IT, globally_unfusible=False)


def test_every_backend_states_the_rule_with_its_provenance():
    for backend in BACKENDS.values():
        assert backend.globally_unfusible.value
        assert backend.globally_unfusible.source
