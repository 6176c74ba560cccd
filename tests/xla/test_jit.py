"""autoshard.jit: jax functions planned by autoshard, compiled from `emit_plan(plan)` by XLA, run on 8 host devices."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")

import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec  # noqa: E402

import autoshard  # noqa: E402
from autoshard.emit import emit_plan
from autoshard.errors import UserError  # noqa: E402
from autoshard.planner import api as planner_api  # noqa: E402
from autoshard.xla import compile_run  # noqa: E402
from autoshard.xla.jax_runtime import request_host_devices  # noqa: E402

pytestmark = pytest.mark.xla

#: the data input (last flattened leaf) on "data": a plan that shards something on every mesh below
BATCH_LAST_OF_4 = autoshard.PlanOptions(batch_arguments=(3,), batch_axes=("data",))
PLAN_OPTIONS = dict(config="host-cpu", time_limit=2, seed=0)


@pytest.fixture(scope="module", autouse=True)
def _eight_devices():
    if not request_host_devices(8):
        pytest.skip("jax started with fewer than 8 host CPU devices")


def mlp(w0, b0, w1, x):
    return jnp.tanh(x @ w0 + b0) @ w1


def params_and_batch(params: dict, x):
    """A dict of parameters in, a tuple out (logits and a scalar loss)."""
    h = jax.nn.relu(x @ params["dense"]["w"] + params["dense"]["b"])
    logits = h @ params["head"]
    return logits, jnp.mean(logits**2)


def random(shape, seed):
    return jax.random.normal(jax.random.key(seed), shape, dtype=jnp.float32)


def mlp_args(batch=8):
    return random((16, 32), 0), random((32,), 1), random((32, 16), 2), random((batch, 16), 3)


def pytree_args(batch=8):
    params = {"dense": {"w": random((16, 32), 0), "b": random((32,), 1)}, "head": random((32, 8), 2)}
    return params, random((batch, 16), 3)


def planned_jax_shardings(planned, specs):
    """The plan's result specs as NamedShardings over the mesh the planned function runs on."""
    return [NamedSharding(planned.jax_mesh, PartitionSpec(*spec)) for spec in specs]


def assert_matches_jax_jit(fn, planned, args):
    out = planned(*args)
    ref = jax.jit(fn)(*args)
    out_leaves, ref_leaves = jax.tree_util.tree_leaves(out), jax.tree_util.tree_leaves(ref)
    assert jax.tree_util.tree_structure(out) == jax.tree_util.tree_structure(ref)
    for got, want in zip(out_leaves, ref_leaves, strict=True):
        assert isinstance(got, jax.Array) and got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)
    # the arrays carry the plan's result shardings, and XLA compiled exactly the planned text
    expected = planned_jax_shardings(planned, planned.plan.result_partition_specs())
    for got, want in zip(out_leaves, expected, strict=True):
        assert got.sharding == want and got.sharding.is_equivalent_to(want, got.ndim)
    assert planned.mlir == emit_plan(planned.plan)
    return out_leaves


def test_mlp_on_a_mesh_string_matches_jax_jit_with_the_planned_shardings():
    planned = autoshard.jit(mlp, mesh="data=2,model=4", options=BATCH_LAST_OF_4, **PLAN_OPTIONS)
    args = mlp_args()
    outs = assert_matches_jax_jit(mlp, planned, args)
    batch = planned.plan.partition_specs()[3][0]
    assert "data" in (batch if isinstance(batch, tuple) else (batch,))  # the batch really is sharded
    assert planned.plan.mesh.shape == {"data": 2, "model": 4}
    assert not outs[0].sharding.is_fully_replicated
    assert [d.id for d in planned.jax_mesh.devices.flat] == list(range(8))


def test_pytree_function_on_a_jax_mesh_uses_its_devices_in_its_order():
    devices = np.array(jax.devices()[:8][::-1]).reshape(2, 4)  # a non-default device order
    mesh = jax.sharding.Mesh(devices, ("data", "model"))
    planned = autoshard.jit(params_and_batch, mesh=mesh, options=BATCH_LAST_OF_4, **PLAN_OPTIONS)
    args = pytree_args()
    logits, loss = assert_matches_jax_jit(params_and_batch, planned, args)
    # the batch (leaf 3 of dense.b, dense.w, head, x) is sharded, the results live on the mesh's devices
    assert planned.plan.partition_specs()[3][0] == "data" and not logits.sharding.is_fully_replicated
    assert logits.sharding.mesh == mesh and loss.shape == ()
    assert {s.device for s in logits.addressable_shards} == set(devices.flat)


def test_keyword_arguments_and_python_scalars_are_traced_like_jax_jit():
    def scaled(x, *, scale):
        return {"y": x * scale, "norm": jnp.sum(x) * scale}

    planned = autoshard.jit(scaled, mesh="data=2,model=4", **PLAN_OPTIONS)
    x = random((8, 16), 5)
    out = planned(x, scale=3.0)
    ref = jax.jit(scaled)(x, scale=3.0)
    assert set(out) == {"y", "norm"}
    np.testing.assert_allclose(np.asarray(out["y"]), np.asarray(ref["y"]), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(out["norm"]), np.asarray(ref["norm"]), rtol=1e-5)
    # a traced scalar: another value reuses the program
    np.testing.assert_allclose(np.asarray(planned(x, scale=-1.0)["y"]), -np.asarray(x), rtol=1e-6)


def test_a_sub_axis_result_keeps_xlas_equivalent_sharding():
    # 6 rows on a 4-sized axis: only "model":(1)2 divides them, which no PartitionSpec can name
    def square_mlp(w0, w1, x):
        return jnp.tanh(x @ w0) @ w1

    planned = autoshard.jit(square_mlp, mesh="model=4", **PLAN_OPTIONS)
    args = (random((6, 6), 0), random((6, 6), 1), random((6, 6), 2))
    out = planned(*args)
    np.testing.assert_allclose(np.asarray(out), np.asarray(jax.jit(square_mlp)(*args)), rtol=1e-5, atol=1e-6)
    assert planned.plan.result_partition_specs() == [("model:(1)2", None)]
    rows = {(s.index[0].start, s.index[0].stop) for s in out.addressable_shards}
    assert rows == {(0, 3), (3, 6)} and len(out.addressable_shards) == 4


def test_a_second_call_neither_replans_nor_recompiles(monkeypatch):
    calls = {"plan": 0, "compile": 0}
    real_plan, real_compile = planner_api.plan, compile_run._compile

    def counting_plan(*args, **kwargs):
        calls["plan"] += 1
        return real_plan(*args, **kwargs)

    def counting_compile(*args, **kwargs):
        calls["compile"] += 1
        return real_compile(*args, **kwargs)

    monkeypatch.setattr(planner_api, "plan", counting_plan)
    monkeypatch.setattr(compile_run, "_compile", counting_compile)
    planned = autoshard.jit(mlp, mesh="data=2,model=4", options=BATCH_LAST_OF_4, **PLAN_OPTIONS)

    first = planned(*mlp_args())
    first_plan = planned.plan
    assert calls == {"plan": 1, "compile": 1}
    again = planned(*[a + 1 for a in mlp_args()])  # new values, same shapes and dtypes
    assert calls == {"plan": 1, "compile": 1} and planned.plan is first_plan
    assert again.sharding == first.sharding
    assert_matches_jax_jit(mlp, planned, mlp_args())
    assert calls == {"plan": 1, "compile": 1}

    planned(*mlp_args(batch=16))  # a new shape plans and compiles once more
    assert calls == {"plan": 2, "compile": 2} and planned.plan is not first_plan
    planned(*mlp_args())  # the first shape's program is still cached
    assert calls == {"plan": 2, "compile": 2} and planned.plan is first_plan


def sgd_step(params, x):
    """A training step: new parameters (the state a loop carries) and the loss."""
    def loss(p):
        return jnp.mean(jnp.tanh(x @ p["w0"]) @ p["w1"])
    value, grads = jax.value_and_grad(loss)(params)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), value


def test_donated_state_keeps_its_sharding_and_matches_jax_jit():
    params = {"w0": random((16, 64), 0), "w1": random((64, 8), 1)}
    x = random((32, 16), 2)
    expected = jax.jit(sgd_step)(params, x)
    step = autoshard.jit(sgd_step, mesh="data=2,model=4", donate_argnums=0,
                         options=autoshard.PlanOptions(batch_arguments=(2,), batch_axes=("data",)),
                         config="tests/data/profiles/sharding_heavy.yaml", time_limit=2, seed=0)
    new_params, value = step(dict(params), x)
    np.testing.assert_allclose(np.asarray(value), np.asarray(expected[1]), rtol=1e-5)
    for name in params:
        np.testing.assert_allclose(np.asarray(new_params[name]), np.asarray(expected[0][name]), rtol=1e-5, atol=1e-6)
    sharded = step.plan.sharding_plan
    assert "tf.aliasing_output" in step.mlir
    assert sharded.results[:2] == sharded.arguments[:2]  # the donated leaves come back as they went in
    assert any(s.all_axes() for s in sharded.arguments[:2])  # ... and the plan shards them
    again, _ = step(new_params, x)  # the next step takes the returned state as it is
    assert all(again[name].sharding == new_params[name].sharding for name in params)


def test_bad_input_is_a_user_error():
    with pytest.raises(UserError, match="unknown plan option 'time_limt'"):
        autoshard.jit(mlp, mesh="data=2,model=4", time_limt=2)
    with pytest.raises(UserError, match="needs a function"):
        autoshard.jit(3, mesh="data=2,model=4")
    with pytest.raises(UserError, match="mesh must be"):
        autoshard.jit(mlp, mesh=8)
    with pytest.raises(UserError, match="mesh 'data=two'"):
        autoshard.jit(mlp, mesh="data=two")
    with pytest.raises(UserError, match="needs 64 devices, jax has 8"):  # known at the first call
        autoshard.jit(mlp, mesh="data=8,model=8")(*mlp_args())
    planned = autoshard.jit(mlp, mesh="data=2,model=4", **PLAN_OPTIONS)
    with pytest.raises(UserError, match="has not been planned yet"):
        planned.plan  # noqa: B018
    with pytest.raises(UserError, match="not an array or a number"):
        planned("w0", *mlp_args()[1:])
    with pytest.raises(UserError, match="could not trace"):
        planned(*mlp_args()[:3], random((8, 5), 0))  # x @ w0 with mismatched shapes
    with pytest.raises(UserError, match="eagerly"):
        jax.jit(planned)(*mlp_args())

    def prints(x):
        jax.debug.print("x = {}", x)
        return x * 2

    with pytest.raises(UserError, match="calls back into Python"):
        autoshard.jit(prints, mesh="data=2,model=4", **PLAN_OPTIONS)(random((8, 4), 0))


def test_an_executable_that_does_not_shard_as_planned_is_refused():
    from jax._src.lib import xla_client as xc

    from autoshard.sharding import TensorSharding
    from autoshard.xla.planned_jit import _checked_shardings

    planned = autoshard.jit(mlp, mesh="data=2,model=4", **PLAN_OPTIONS)
    device_mesh = planned._device_mesh
    rows_on_8 = xc.HloSharding.from_string("{devices=[8,1]<=[8]}").to_proto()
    replicated = TensorSharding.replicated_of("mesh", 2)
    with pytest.raises(UserError, match="XLA compiled result 0 as .* the plan says"):
        _checked_shardings("result", [replicated], [rows_on_8], [(8, 4)], device_mesh, "f")
    rows = TensorSharding.from_partition_spec((("data", "model"), None), device_mesh.mesh)
    (sharding,) = _checked_shardings("result", [rows], [rows_on_8], [(8, 4)], device_mesh, "f")
    assert sharding == NamedSharding(planned.jax_mesh, PartitionSpec(("data", "model"), None))


def test_import_autoshard_without_jax_and_a_clear_error_from_jit():
    import subprocess
    import sys

    code = ("import sys; sys.modules['jax'] = sys.modules['jaxlib'] = None\n"
            "import autoshard\n"
            "try:\n    autoshard.jit(print, mesh='data=2')\n"
            "except autoshard.UserError as e:\n    print(type(e).__name__, e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("MissingExtraError autoshard.jit needs jax")
