"""pin_op_shardings: ops' `sdy.sharding` reach XLA as constraints (XLA's Shardy import drops them on ops)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")

from autoshard.xla import compile_and_run  # noqa: E402
from autoshard.xla.jaxlib_mlir import make_jaxlib_context, parse_with_jaxlib  # noqa: E402
from autoshard.xla.pin_shardings import pin_op_shardings  # noqa: E402

#: x is batch-sharded, but the plan computes the matmul column-sharded (so x is all-gathered first);
#: Shardy's propagation from the arguments alone would keep the batch sharding instead.
COLUMN_SHARDED_MATMUL = """
sdy.mesh @mesh = <["x"=8]>
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
    -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0]
      {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
      : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x32xf32>
  %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x32xf32>
  return %2 : tensor<8x32xf32>
}
"""


def test_every_sharded_result_gets_one_constraint_feeding_all_its_uses():
    context = make_jaxlib_context()
    module = parse_with_jaxlib(COLUMN_SHARDED_MATMUL, context)
    assert pin_op_shardings(module, context) == 3
    with context:
        text = str(module)
    assert text.count("sdy.sharding_constraint") == 3
    # the dot's result is used by the negate and the add, both now through its constraint
    body = text[text.index("stablehlo.dot_general"):]
    dot_name = text[:text.index("= stablehlo.dot_general")].split()[-1]
    assert body.count(f" {dot_name},") + body.count(f" {dot_name} ") == 1


def test_xla_compiles_the_op_shardings_only_when_pinned():
    gathered = lambda run: sorted(c.shape for c in run.collectives() if c.kind == "all-gather")  # noqa: E731
    pinned = compile_and_run(COLUMN_SHARDED_MATMUL, 8)
    unpinned = compile_and_run(COLUMN_SHARDED_MATMUL, 8, pin_shardings=False)
    assert pinned.matches and unpinned.matches
    # planned: x all-gathered for the column-sharded matmul, then the result gathered for the replicated return
    assert gathered(pinned) == [(8, 16), (8, 32)]
    # XLA's own propagation keeps the batch sharding and gathers only the result
    assert gathered(unpinned) == [(8, 32)]
