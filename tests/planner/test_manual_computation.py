"""`sdy.manual_computation` (jax.shard_map): its shardings are fixed, its body is priced, XLA agrees."""

from __future__ import annotations

import importlib.util

import pytest

import autoshard
from autoshard.emit import emit_plan
from autoshard.errors import UserError
from autoshard.planner.plan_graph import NodeKind
from autoshard.sharding.hardware_profiles import resolve_config
from costmodel import collectives as cc

# what jax.jit(f).lower(...) prints for f = tanh(shard_map(psum over model)(x @ w)) @ w2 on a 2x4 mesh
MANUAL = """
module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<8x64xf32>) -> (tensor<8x64xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {"model"}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%arg3: tensor<4x8xf32>) {
      %4 = "stablehlo.all_reduce"(%arg3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %5 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %5 : tensor<f32>
      }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
      sdy.return %4 : tensor<4x8xf32>
    } : (tensor<8x32xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.tanh %1 : tensor<8x8xf32>
    %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    return %3 : tensor<8x64xf32>
  }
}
"""

HAVE_JAX = importlib.util.find_spec("jax") is not None


def _plan(text: str = MANUAL):
    return autoshard.plan(text, mesh="data=2,model=4", config="h100-8", time_limit=5, num_workers=1)


def test_manual_shardings_are_kept_and_its_collective_priced() -> None:
    plan = _plan()
    (node,) = [n for n in plan.graph.nodes if n.kind == NodeKind.MANUAL]
    (strategy,) = node.strategies
    assert [str(s) for s in strategy.inputs] == ['#sdy.sharding<@mesh, [{"data"}, {"model"}]>']
    assert [str(s) for s in strategy.outputs] == ['#sdy.sharding<@mesh, [{"data"}, {}]>']
    # the body's all_reduce: replica groups {0..3}, {4..7} are the "model" axis; 4x8 f32 = 128 B
    expected = cc.all_reduce(resolve_config("data=2,model=4", "h100-8"), ("model",), 128.0).time_s
    assert plan.cost.collectives_s["all_reduce"] == pytest.approx(expected)
    assert plan.cost.penalty_s == 0


def test_manual_computation_is_emitted_as_written() -> None:
    text = emit_plan(_plan())
    line = next(line for line in text.splitlines() if "sdy.manual_computation" in line)
    assert 'in_shardings=[<@mesh, [{"data"}, {"model"}]>] out_shardings=[<@mesh, [{"data"}, {}]>]' in line
    assert "sdy.sharding =" not in line


def test_unknown_axis_in_a_manual_computation_is_a_user_error() -> None:
    with pytest.raises(UserError, match="expert"):
        autoshard.plan(MANUAL.replace('{"model"}]>] out', '{"expert"}]>] out'), mesh="data=2,model=4", time_limit=5)


@pytest.mark.xla
@pytest.mark.skipif(not HAVE_JAX, reason="needs the [xla] extra")
def test_xla_runs_the_plan_like_the_users_program() -> None:
    from autoshard.xla.compile_run import compile_and_run

    run = compile_and_run(emit_plan(_plan()), 8, seed=0, filename="manual.planned.mlir")
    assert run.matches and run.num_devices == 8
    assert any("all-reduce" in line for line in run.compiled_hlo.splitlines())  # the body's psum survives
