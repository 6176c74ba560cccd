"""`simulate` runs `sdy.manual_computation` (jax.shard_map): the body per device, its collectives across devices."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import autoshard
from autoshard.emit import emit_plan
from autoshard.interpreters.framework import SimulationError
from autoshard.interpreters.reference import run_reference
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from tests.planner.test_manual_computation import MANUAL

HAVE_JAX = importlib.util.find_spec("jax") is not None
MODEL_GROUPS = "dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>"
DATA_GROUPS = "dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>"


@pytest.fixture(scope="module")
def plan():
    return autoshard.plan(MANUAL, mesh="data=2,model=4", config="h100-8", time_limit=5, num_workers=1)


def expected(x: np.ndarray, w: np.ndarray, w2: np.ndarray) -> np.ndarray:
    """tanh(psum over model of the model block's x @ w) @ w2: block (i, j) of x @ w is 4x8; the psum adds the
    4 column blocks of a row block, and every model device holds that sum."""
    h = x.astype(np.float64) @ w.astype(np.float64)  # 8x32
    summed = sum(h[:, 8 * j:8 * (j + 1)] for j in range(4))  # 8x8: the data blocks' psum over model
    return np.tanh(summed) @ w2.astype(np.float64)


@pytest.mark.parametrize("explicit", [False, True])
def test_manual_computation_simulates_equal(plan, explicit: bool) -> None:
    module = parse_module(emit_plan(plan, explicit_collectives=explicit))
    report = simulate(module, seed=0)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.stats.counts["all_reduce"] >= 1  # the body's psum ran and was counted
    assert report.local_result_shapes  # the result left the manual computation as a distributed value


def test_reference_is_the_numpy_function(plan) -> None:
    run = run_reference(parse_module(emit_plan(plan)), seed=1)
    np.testing.assert_allclose(run.results[0], expected(*run.inputs), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("explicit", [False, True])
def test_psum_over_the_wrong_axis_is_a_mismatch(plan, explicit: bool) -> None:
    text = emit_plan(plan, explicit_collectives=explicit)
    assert MODEL_GROUPS in text
    mutated = parse_module(text.replace(MODEL_GROUPS, DATA_GROUPS))
    # a psum over "data" leaves the model devices different values of an output replicated over "model"
    report = simulate(mutated, seed=0)
    assert not report.ok
    assert report.first_mismatch is not None and report.first_mismatch.op == "sdy.manual_computation"
    assert report.first_mismatch.difference.replica_mismatch > 0
    # and the reference of the mutated program is not the user's function
    run = run_reference(mutated, seed=1)
    assert not np.allclose(run.results[0], expected(*run.inputs), rtol=1e-3, atol=1e-3)


def test_free_axes_are_refused() -> None:
    text = MANUAL.replace('manual_axes={"data", "model"}', 'manual_axes={"data"}')  # "model" stays free
    with pytest.raises(SimulationError, match="free"):
        run_reference(parse_module(text), seed=0)


CH = "#stablehlo.channel_handle<handle = 1, type = 1>"
EVERY_COLLECTIVE = f"""
module @jit_g attributes {{mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32}} {{
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>) {{
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{{"data"}}, {{"model"}}]>] out_shardings=[<@mesh, [{{"data", "model"}}, {{}}]>] manual_axes={{"data", "model"}} (%x: tensor<4x4xf32>) {{
      %g = "stablehlo.all_gather"(%x) <{{all_gather_dim = 1 : i64, channel_handle = {CH}, replica_groups = {MODEL_GROUPS}, use_global_device_ids}}> : (tensor<4x4xf32>) -> tensor<4x16xf32>
      %r = "stablehlo.reduce_scatter"(%g) <{{channel_handle = {CH}, replica_groups = {MODEL_GROUPS}, scatter_dimension = 1 : i64, use_global_device_ids}}> ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }}) : (tensor<4x16xf32>) -> tensor<4x4xf32>
      %t = "stablehlo.all_to_all"(%r) <{{channel_handle = {CH}, concat_dimension = 1 : i64, replica_groups = {MODEL_GROUPS}, split_count = 4 : i64, split_dimension = 0 : i64}}> : (tensor<4x4xf32>) -> tensor<1x16xf32>
      %p = "stablehlo.collective_permute"(%t) <{{channel_handle = {CH}, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4]]> : tensor<8x2xi64>}}> : (tensor<1x16xf32>) -> tensor<1x16xf32>
      sdy.return %p : tensor<1x16xf32>
    }} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.negate %0 : tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }}
}}
"""


def test_every_body_collective_follows_stablehlo() -> None:
    """all_gather then reduce_scatter over "model" give 4 x (the local block); all_to_all hands model device j row
    j of its data block (every column); collective_permute shifts rows by one device within the model group."""
    run = run_reference(parse_module(EVERY_COLLECTIVE), seed=2)
    (x,) = run.inputs
    rows = [4 * i + (j - 1) % 4 for i in range(2) for j in range(4)]
    np.testing.assert_allclose(run.results[0], -(4 * x)[rows], rtol=1e-6)
    plan = autoshard.plan(EVERY_COLLECTIVE, mesh="data=2,model=4", config="h100-8", time_limit=5, num_workers=1)
    for explicit in (False, True):
        report = simulate(parse_module(emit_plan(plan, explicit_collectives=explicit)), seed=2)
        assert report.ok, report.first_mismatch and report.first_mismatch.describe()
        for kind in ("all_gather", "reduce_scatter", "all_to_all", "collective_permute"):
            assert report.stats.counts[kind] >= 1, kind


@pytest.mark.xla
@pytest.mark.skipif(not HAVE_JAX, reason="needs the [xla] extra")
def test_reference_is_what_jax_shard_map_computes(plan) -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, PartitionSpec as P

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 host devices")
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))
    shard_map = getattr(jax, "shard_map", None)
    if shard_map is None:
        from jax.experimental.shard_map import shard_map
    psum = shard_map(lambda h: jax.lax.psum(h, "model"), mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))
    run = run_reference(parse_module(emit_plan(plan)), seed=3)
    x, w, w2 = run.inputs
    got = np.asarray(jax.jit(lambda x, w, w2: jnp.tanh(psum(x @ w)) @ w2)(x, w, w2))
    np.testing.assert_allclose(run.results[0], got, rtol=1e-5, atol=1e-5)
