"""Compile one reshard with jax on 8 host CPU devices, for the tests that check the XLA lowering model."""

from __future__ import annotations

import numpy as np
import pytest


def compile_one_reshard(axes, shape, a, b):
    """The compiled jax program that reshards an f32 `shape` tensor from PartitionSpec `a` to `b` on the mesh
    `axes` ((name, size) pairs); skips without jax or with fewer than 8 devices."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    from jax.sharding import NamedSharding, PartitionSpec

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 host CPU devices (XLA_FLAGS set before jax initialized)")
    names, sizes = zip(*axes)
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:8]).reshape(sizes), names)
    src, dst = NamedSharding(mesh, PartitionSpec(*a)), NamedSharding(mesh, PartitionSpec(*b))

    def reshard(x):
        return jax.lax.with_sharding_constraint(jax.lax.with_sharding_constraint(x, src), dst)

    x = jax.ShapeDtypeStruct(shape, jnp.float32, sharding=src)
    return jax.jit(reshard, in_shardings=src, out_shardings=dst).lower(x).compile()
