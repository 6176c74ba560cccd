"""The collectives a plan says the program performs: a value resharded to two targets through the same first
collective performs it once (XLA's common-subexpression elimination), as the compiled program does."""

from __future__ import annotations

from collections import Counter

import autoshard

TWO_TARGETS = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%x: tensor<16x32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}, {}]>})
    -> (tensor<16x32x64xf32>, tensor<16x32x64xf32>) {
  %a = sdy.sharding_constraint %x <@mesh, [{}, {}, {"data"}]> : tensor<16x32x64xf32>
  %b = sdy.sharding_constraint %x <@mesh, [{}, {"model"}, {"data"}]> : tensor<16x32x64xf32>
  %0 = stablehlo.negate %a : tensor<16x32x64xf32>
  %1 = stablehlo.negate %b : tensor<16x32x64xf32>
  return %0, %1 : tensor<16x32x64xf32>, tensor<16x32x64xf32>
}
"""


def test_a_shared_first_collective_of_two_reshards_is_performed_once():
    # both reshards are XLA's last resort from [8,1,1]: gather the whole tensor, then slice two ways; the compiled
    # program gathers once
    plan = autoshard.plan(TWO_TARGETS, mesh="data=2,model=4", time_limit=5, seed=0)
    per_edge = Counter(c.kind for c in plan.collectives() if c.bytes_per_device)
    performed = Counter(c.kind for c in plan.collectives(distinct_reshards=True) if c.bytes_per_device)
    assert per_edge["all_gather"] == 2
    assert performed["all_gather"] == 1
