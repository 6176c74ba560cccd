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


def _product_written(text: str, globally_unfusible: bool = True) -> bool:
    """Whether the program's `multiply` writes its result (not computed inside its readers' loops)."""
    model = PlanCostModel(resolve_config("data=8", "h100-8"))
    graph = build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(model.config), "mesh", model,
                             PlanOptions()).graph
    backend = replace(model.backend, globally_unfusible=Fact(globally_unfusible, "test"))
    fusion = plan_fusion(graph, backend)
    product = next(n for n in graph.nodes if n.label == "stablehlo.multiply")
    return fusion.traffic[product.index].writes[0] is not None


def test_a_product_read_around_a_dot_is_written_not_duplicated():
    assert _product_written(PRODUCT_READ_AROUND_A_DOT)


def test_a_product_fusible_along_every_path_is_duplicated_into_its_readers():
    assert not _product_written(PRODUCT_READ_ALONG_FUSIBLE_PATHS)


def test_an_effectively_unary_producer_is_duplicated_around_a_dot():
    assert not _product_written(UNARY_READ_AROUND_A_DOT)


def test_a_backend_without_the_rule_duplicates_the_product():
    assert not _product_written(PRODUCT_READ_AROUND_A_DOT, globally_unfusible=False)


def test_every_backend_states_the_rule_with_its_provenance():
    for backend in BACKENDS.values():
        assert backend.globally_unfusible.value
        assert backend.globally_unfusible.source
