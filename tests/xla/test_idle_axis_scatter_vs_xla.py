"""XLA's partitioning of a weight gradient whose token sum is reduce-scattered over the axis the tokens are sharded
on, with the other mesh axis idle: where the idle devices take the parts, the dot reads a slice of its operand and
the all-reduced part is moved to its device by a collective-permute, as `idle_axis_scatter` says; elsewhere the dot
reads the whole operand and the all-reduced sum is sliced. The plan prices those collectives as XLA runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

from autoshard.planner.plan import plan_collectives  # noqa: E402
from autoshard.planner.pricing import PlanCostModel  # noqa: E402
from autoshard.sharding.hardware_profiles import resolve_config  # noqa: E402
from autoshard.xla.jax_runtime import with_device_count_flag  # noqa: E402
from autoshard.xla.plan_vs_xla import compiled_totals, planned_totals  # noqa: E402

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


def _compiled(data: int, model: int) -> str:
    """XLA:CPU's compiled HLO of the weight gradient on data x model host devices."""
    env = {**os.environ, "JAX_PLATFORMS": "cpu",
           "XLA_FLAGS": with_device_count_flag(os.environ.get("XLA_FLAGS", ""), data * model)}
    done = subprocess.run([sys.executable, "-c", WEIGHT_GRADIENT, str(data), str(model)], env=env,
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize(("data", "model", "sliced"), [(8, 8, True), (8, 4, True), (4, 8, False)])
def test_the_dot_reads_a_slice_where_the_idle_devices_take_the_parts(data, model, sliced):
    compiled = _compiled(data, model)
    entry = compiled[compiled.index("ENTRY"):]
    dot = next(line for line in entry.splitlines() if " dot(" in line)
    part = 512 // model
    assert (f"f32[128,{part}]" in dot.split("=")[1].split("dot(")[0]) == sliced, dot
    assert ("collective-permute(" in entry) == sliced


def test_the_plan_prices_the_collectives_xla_runs_for_the_sliced_dot():
    from tests.planner.test_idle_axis_scatter import _planned  # noqa: PLC0415

    graph, assignment, dot, _ = _planned("data=8,model=8", "h100-cluster")
    model = PlanCostModel(resolve_config("data=8,model=8", "h100-cluster"))
    settles = [c for c in plan_collectives(graph, assignment, model) if c.node == dot.index]
    planned = planned_totals([c.to_json() for c in settles], ("data", "model"))
    compiled = compiled_totals(_compiled(8, 8), (("data", 8), ("model", 8)), reduce_scatter=False,
                               config=model.config)
    assert sorted(planned) == sorted(compiled) == [("all-reduce", "model"), ("collective-permute", "(pairs)")]
    for key, total in planned.items():
        assert (total.count, total.bytes_per_device) == (compiled[key].count, compiled[key].bytes_per_device), key
        assert total.time_s == pytest.approx(compiled[key].time_s), key
