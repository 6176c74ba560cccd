"""XLA's partitioning of a weight gradient whose token sum is reduce-scattered over the axis the tokens are sharded
on, with the other mesh axis idle: where the idle devices take the parts, the dot reads a slice of its operand and
the all-reduced part is moved to its device by a collective-permute, as `idle_axis_scatter` says; elsewhere the dot
reads the whole operand and the all-reduced sum is sliced."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

from autoshard.xla.jax_runtime import with_device_count_flag  # noqa: E402

pytestmark = pytest.mark.xla
REPO_ROOT = Path(__file__).resolve().parents[2]

#: the weight gradient of tests/planner/test_idle_axis_scatter.py written with jax; prints the compiled HLO
WEIGHT_GRADIENT = """
import sys
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
data, model = int(sys.argv[1]), int(sys.argv[2])
mesh = Mesh(np.array(jax.devices()).reshape(data, model), ("data", "model"))
def grad(g, y):
    w = jnp.einsum("to,th->oh", g, y)
    return jax.lax.with_sharding_constraint(w, NamedSharding(mesh, P(None, "model")))
tokens = NamedSharding(mesh, P("model", None))
g = jax.ShapeDtypeStruct((2048, 128), jnp.float32, sharding=tokens)
y = jax.ShapeDtypeStruct((2048, 512), jnp.float32, sharding=tokens)
print(jax.jit(grad).lower(g, y).compile().as_text())
"""


@pytest.mark.parametrize(("data", "model", "sliced"), [(8, 8, True), (8, 4, True), (4, 8, False)])
def test_the_dot_reads_a_slice_where_the_idle_devices_take_the_parts(data, model, sliced):
    env = {**os.environ, "JAX_PLATFORMS": "cpu",
           "XLA_FLAGS": with_device_count_flag(os.environ.get("XLA_FLAGS", ""), data * model)}
    done = subprocess.run([sys.executable, "-c", WEIGHT_GRADIENT, str(data), str(model)], env=env,
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    entry = done.stdout[done.stdout.index("ENTRY"):]
    dot = next(line for line in entry.splitlines() if " dot(" in line)
    part = 512 // model
    assert (f"f32[128,{part}]" in dot.split("=")[1].split("dot(")[0]) == sliced, dot
    assert ("collective-permute(" in entry) == sliced
