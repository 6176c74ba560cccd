"""`CostBreakdown.flops` / `bytes_accessed`: the compute model's work per device per step, loops per iteration."""

from __future__ import annotations

import pytest

from autoshard.planner.price_module import price_module

MESH = 'sdy.mesh @mesh = <["data"=2, "model"=4]>'


def _matmul(x_spec: str, w_spec: str, out_spec: str) -> str:
    """x[8,256] @ w[256,64] with the given argument and dot shardings."""
    return f"""module {{
  {MESH}
  func.func @main(%x: tensor<8x256xf32> {{sdy.sharding = #sdy.sharding<@mesh, {x_spec}>}},
                  %w: tensor<256x64xf32> {{sdy.sharding = #sdy.sharding<@mesh, {w_spec}>}}) -> tensor<8x64xf32> {{
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, {out_spec}>]>}} : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    return %0 : tensor<8x64xf32>
  }}
}}
"""


def test_matmul_flops_are_divided_by_the_shards_of_its_factors():
    replicated = price_module(_matmul("[{}, {}]", "[{}, {}]", "[{}, {}]"), config="host-cpu", time_limit=5).plan.cost
    assert replicated.flops == pytest.approx(2 * 8 * 256 * 64)
    sharded = price_module(_matmul('[{"data"}, {"model"}]', '[{"model"}, {}]', '[{"data"}, {}]'), config="host-cpu",
                           time_limit=5).plan.cost
    assert sharded.flops == pytest.approx(2 * 8 * 256 * 64 / 8)
    assert 0 < sharded.bytes_accessed < replicated.bytes_accessed
    assert sharded.to_json()["flops"] == sharded.flops


def _counted_loop(trips: int) -> str:
    return f"""module {{
  func.func @main(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.constant dense<{trips}> : tensor<i32>
    %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<16x16xf32>
     cond {{
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      %d = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %j, %d : tensor<i32>, tensor<16x16xf32>
    }}
    return %r#1 : tensor<16x16xf32>
  }}
}}
"""


def test_loop_body_work_counts_once_per_iteration():
    one = price_module(_counted_loop(1), config="host-cpu", mesh="data=1", time_limit=5).plan.cost
    seven = price_module(_counted_loop(7), config="host-cpu", mesh="data=1", time_limit=5).plan.cost
    assert one.flops >= 2 * 16**3
    assert seven.flops == pytest.approx(7 * one.flops)
    entry = 2 * (16 * 16 * 4 + 4)  # the operands copied into the loop state, once per loop (`loop_state`)
    assert seven.bytes_accessed - entry == pytest.approx(7 * (one.bytes_accessed - entry))
