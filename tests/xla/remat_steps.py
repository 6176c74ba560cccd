"""Training steps for the rematerialization tests, exported from JAX: a residual MLP (per layer an RMS norm, an
up-projection, gelu and a down-projection added back), `jax.value_and_grad` of a mean squared error.

`python tests/xla/remat_steps.py` rewrites the small committed copies that the planner tests read without jax:
`tests/data/remat/residual_mlp_step.mlir`, and `residual_mlp_step_checkpointed.mlir` with each layer in
`jax.checkpoint`.
"""

from __future__ import annotations

from pathlib import Path

COMMITTED = Path(__file__).resolve().parents[1] / "data" / "remat" / "residual_mlp_step.mlir"
COMMITTED_CHECKPOINTED = COMMITTED.with_name("residual_mlp_step_checkpointed.mlir")
#: the committed copy's sizes: batch, hidden, ffn, layers
COMMITTED_SIZES = (16, 8, 16, 3)


def residual_mlp_step_text(batch: int, hidden: int, ffn: int, layers: int, devices: int = 1,
                           checkpointed: bool = False) -> str:
    """The step's StableHLO; on `devices` > 1 the batch is sharded over a 1-D mesh `data` (data parallelism);
    `checkpointed` wraps each layer in `jax.checkpoint` with jax's `nothing_saveable` policy."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    def layer(h, w_in, w_out):
        normed = h * jax.lax.rsqrt(jnp.mean(h * h, axis=-1, keepdims=True) + 1e-6)
        return h + jax.nn.gelu(normed @ w_in) @ w_out

    block = jax.checkpoint(layer, policy=jax.checkpoint_policies.nothing_saveable) if checkpointed else layer

    def loss(params, x, y):
        h = x
        for w_in, w_out in params:
            h = block(h, w_in, w_out)
        return jnp.mean((h - y) ** 2)

    params = [(jax.ShapeDtypeStruct((hidden, ffn), jnp.float32), jax.ShapeDtypeStruct((ffn, hidden), jnp.float32))
              for _ in range(layers)]
    data = jax.ShapeDtypeStruct((batch, hidden), jnp.float32)
    step = jax.value_and_grad(loss)
    if devices > 1:
        mesh = Mesh(np.array(jax.devices()[:devices]), ("data",))
        replicated, by_batch = NamedSharding(mesh, PartitionSpec()), NamedSharding(mesh, PartitionSpec("data"))
        jitted = jax.jit(step, in_shardings=(jax.tree.map(lambda _: replicated, params), by_batch, by_batch))
    else:
        jitted = jax.jit(step)
    return jitted.lower(params, data, data).as_text()


if __name__ == "__main__":
    COMMITTED.write_text(residual_mlp_step_text(*COMMITTED_SIZES))
    COMMITTED_CHECKPOINTED.write_text(residual_mlp_step_text(*COMMITTED_SIZES, checkpointed=True))
