"""The plan's per-device memory against XLA's compiled program of the text the plan writes: arguments and outputs
equal XLA's byte for byte, and the total (arguments + outputs + temporaries) is within 10% of XLA's arguments +
outputs + temporaries - aliased and never under it. Small shapes (the zoo's MLP, convnet and transformer block, and
a dot + elementwise chain whose result XLA keeps for the whole step); `bench/memory_vs_xla.py` runs the whole zoo and the large GPT.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.emit import emit_plan
from autoshard.xla.compile_run import compiled_memory_stats  # noqa: E402
from loop_programs import SWAP, SWAP_UPDATE  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PROFILES = {"default": None, "sharding-heavy": str(REPO / "tests" / "data" / "profiles" / "sharding_heavy.yaml")}

#: a dot, a fused bias + tanh chain, a reduction: the output is written last, a temporary dies first
CHAIN = """module @chain {
  func.func public @main(%x: tensor<64x128xf32>, %w: tensor<128x256xf32>, %b: tensor<256xf32>) -> (tensor<64x256xf32>, tensor<64xf32>) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
    %2 = stablehlo.add %0, %1 : tensor<64x256xf32>
    %3 = stablehlo.tanh %2 : tensor<64x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
    %5 = stablehlo.multiply %3, %3 : tensor<64x256xf32>
    return %5, %4 : tensor<64x256xf32>, tensor<64xf32>
  }
}
"""

#: an SGD update of a donated parameter: XLA computes it into the parameter's buffer (read last by the update)
DONATED_UPDATE = """module @donated_update {
  func.func public @main(%p: tensor<512x256xf32> {tf.aliasing_output = 0 : i32}, %g: tensor<512x256xf32>) -> (tensor<512x256xf32>, tensor<f32>) {
    %lr = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<512x256xf32>
    %u = stablehlo.multiply %b, %g : tensor<512x256xf32>
    %q = stablehlo.subtract %p, %u : tensor<512x256xf32>
    %t = stablehlo.tanh %q : tensor<512x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %n = stablehlo.reduce(%t init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<512x256xf32>, tensor<f32>) -> tensor<f32>
    return %q, %n : tensor<512x256xf32>, tensor<f32>
  }
}
"""

PROGRAMS = {"chain": CHAIN, "donated_update": DONATED_UPDATE, "swap": SWAP, "swap_update": SWAP_UPDATE}

pytestmark = pytest.mark.xla


#: the chain planned sharding-heavy (x gathered for the dot, an all-to-all into tanh) is predicted above XLA's
#: total by more than the tolerance: XLA's temporaries peak at the gathered x alone (and its partition id), the
#: model also holds the dot's result beside it. An over-count, so it stays safe for budgets; strict, so a fix shows.
OVER_COUNTED = pytest.mark.xfail(strict=True, reason="over 10%: the dot's result counted beside its gathered operand")


#: (model, profile): the MLP and the chain on both profiles; the convnet (a convolution computing its input's
#: pooling inside its kernel), the transformer block (a bias add reading a flattened dot through a bitcast), the
#: scan (the loop's state and tuple, a dot reading the carried value as a vector on the device) and the swapping
#: loops (XLA's copy of a carry another carry takes) each need their rule in `memory_accounting` not to be under
CASES = [(m, p) for m in ("mlp", "chain") for p in sorted(PROFILES)] + [
    (m, "default") for m in ("convnet", "transformer_block", "scan_layers", "donated_update", "swap", "swap_update")]


@pytest.mark.parametrize(("model", "profile"), CASES)
def test_predicted_memory_is_within_10_percent_of_xla_and_never_under(model, profile, request):
    if (model, profile) == ("chain", "sharding-heavy"):
        request.applymarker(OVER_COUNTED)
    text = PROGRAMS[model] if model in PROGRAMS else (REPO / "examples" / f"{model}.mlir").read_text()
    plan = autoshard.plan(text, mesh="data=2,model=4", config=PROFILES[profile], time_limit=3, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename=f"{model}.planned.mlir")
    memory = plan.cost.memory

    if model != "donated_update":  # XLA counts an aliased output as an output, then takes it off as aliased
        assert (memory.argument_bytes, memory.output_bytes) == (xla.argument_bytes, xla.output_bytes)
        assert xla.alias_bytes == 0
    assert xla.total_bytes <= plan.cost.peak_memory_bytes <= 1.10 * xla.total_bytes, (memory, xla)


def test_a_max_pool_gradient_is_not_predicted_under_xla():
    """XLA:CPU expands `select_and_scatter` into index buffers several times the pooled input; the plan counts an
    upper bound of them (`select_and_scatter_bytes`), so its memory is not under XLA's."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(x, g):
        _, pull_back = jax.vjp(lambda v: lax.reduce_window(v, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME"), x)
        return pull_back(g)[0]

    x = jax.ShapeDtypeStruct((16, 32, 32, 64), jnp.float32)
    g = jax.ShapeDtypeStruct((16, 16, 16, 64), jnp.float32)
    plan = autoshard.plan(jax.jit(loss).lower(x, g).as_text(), mesh="data=2,model=4", time_limit=3, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="max_pool_grad.planned.mlir")
    assert xla.total_bytes <= plan.cost.peak_memory_bytes <= 1.5 * xla.total_bytes, (plan.cost.memory, xla)
