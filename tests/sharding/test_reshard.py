"""The reshard decomposition on the plain sharding model (own cases; the Shardy lit file is checked separately)."""

from __future__ import annotations

import itertools
import random

import pytest

from autoshard.sharding import AxisRef, DimSharding, Mesh, SubAxisInfo, TensorSharding
from autoshard.sharding.axis_list import merged, sharded_size
from autoshard.sharding.collective_steps import AllGather, AllSlice, AllToAll, AllToAllParam, Collective, CollectivePermute
from autoshard.sharding.reshard import ReshardNotLowerable, is_equivalent, reshard_collectives

MESH_2x4 = Mesh.from_sizes({"data": 2, "model": 4})
MESH_222 = Mesh.from_sizes({"a": 2, "b": 2, "c": 2})


def ref(spec: str, mesh: Mesh) -> AxisRef:
    """'model' or 'model:2.2' (pre-size 2, size 2)."""
    if ":" not in spec:
        return AxisRef(spec)
    name, sub = spec.split(":")
    pre, size = (int(x) for x in sub.split("."))
    return AxisRef.make(name, pre, size, mesh)


def sh(mesh: Mesh, *dims: str, mesh_name: str = "m", unreduced: str = "") -> TensorSharding:
    """sh(mesh, "data,model", "") -> [{"data", "model"}, {}]."""
    return TensorSharding(
        mesh_name,
        tuple(DimSharding(tuple(ref(a, mesh) for a in d.split(",") if a)) for d in dims),
        (),
        tuple(ref(a, mesh) for a in unreduced.split(",") if a),
    )


def kinds(steps: list[Collective]) -> list[str]:
    return [s.kind for s in steps]


# -- hand-written cases ------------------------------------------------------------------------------


def test_identical_and_open_shardings_need_nothing():
    src = sh(MESH_2x4, "data", "model")
    open_dst = TensorSharding("m", (DimSharding((AxisRef("data"),), is_closed=False), DimSharding((AxisRef("model"),))))
    assert reshard_collectives(src, src, MESH_2x4, (8, 8)) == []
    assert reshard_collectives(src, open_dst, MESH_2x4, (8, 8)) == []
    assert is_equivalent(src, open_dst)


def test_gather_minor_axis():
    steps = reshard_collectives(sh(MESH_2x4, "data,model", ""), sh(MESH_2x4, "data", ""), MESH_2x4, (16, 4))
    assert kinds(steps) == ["all_gather"]
    assert steps[0].axes_per_dim == ((AxisRef("model"),), ())
    assert steps[0].out_sharding == sh(MESH_2x4, "data", "")


def test_replicated_to_fully_replicated_on_another_mesh_is_free():
    other = Mesh.from_sizes({"x": 8})
    src = sh(MESH_2x4, "", "")
    dst = TensorSharding("other", (DimSharding(), DimSharding()))
    assert reshard_collectives(src, dst, {"m": MESH_2x4, "other": other}) == []


def test_slice_both_dims():
    steps = reshard_collectives(sh(MESH_2x4, "", ""), sh(MESH_2x4, "model", "data"), MESH_2x4, (8, 8))
    assert kinds(steps) == ["all_slice"]
    assert steps[0].axes_per_dim == ((AxisRef("model"),), (AxisRef("data"),))


def test_move_axis_between_dims_is_one_all_to_all():
    steps = reshard_collectives(sh(MESH_2x4, "model", ""), sh(MESH_2x4, "", "model"), MESH_2x4, (8, 8))
    assert kinds(steps) == ["all_to_all"]
    assert steps[0].params == (AllToAllParam((AxisRef("model"),), 0, 1),)


def test_swap_equal_size_axes_is_a_permute():
    steps = reshard_collectives(sh(MESH_222, "a", "b"), sh(MESH_222, "b", "a"), MESH_222, (8, 8))
    assert kinds(steps) == ["collective_permute"]
    assert steps[0].out_sharding == sh(MESH_222, "b", "a")


def test_shrink_sub_axis_gathers_minor_half():
    steps = reshard_collectives(sh(MESH_2x4, "model", ""), sh(MESH_2x4, "model:1.2", ""), MESH_2x4, (8, 8))
    assert kinds(steps) == ["all_gather"]
    assert steps[0].axes_per_dim == ((AxisRef("model", SubAxisInfo(2, 2)),), ())


def test_device_order_change_needs_a_permute_on_the_new_mesh():
    reordered = Mesh.from_sizes({"data": 2, "model": 4}, device_ids=[7, 6, 5, 4, 3, 2, 1, 0])
    meshes = {"m": MESH_2x4, "rev": reordered}
    dst = sh(MESH_2x4, "data", "", mesh_name="rev")
    steps = reshard_collectives(sh(MESH_2x4, "data", "model"), dst, meshes, (8, 8))
    assert kinds(steps) == ["collective_permute", "all_gather"]
    assert steps[0].out_sharding.mesh_name == "rev"
    assert steps[-1].out_sharding == dst


def test_unsupported_meshes_raise():
    single = Mesh.from_sizes({}, device_ids=[0])
    with pytest.raises(ReshardNotLowerable):
        reshard_collectives(sh(MESH_2x4, "", ""), TensorSharding("one", ()), {"m": MESH_2x4, "one": single})
    other = Mesh.from_sizes({"x": 8})
    with pytest.raises(ReshardNotLowerable):
        reshard_collectives(
            sh(MESH_2x4, "data", ""), TensorSharding("o", (DimSharding((AxisRef("x"),)), DimSharding())),
            {"m": MESH_2x4, "o": other},
        )


def test_unreduced_to_replicated_is_an_all_reduce():
    steps = reshard_collectives(sh(MESH_2x4, "", "model", unreduced="data"), sh(MESH_2x4, "", "model"), MESH_2x4)
    assert kinds(steps) == ["all_reduce"]
    assert steps[0].axes == (AxisRef("data"),)
    assert steps[0].out_sharding.unreduced == ()


def test_unreduced_to_sharded_is_a_reduce_scatter():
    steps = reshard_collectives(sh(MESH_2x4, "", "", unreduced="model"), sh(MESH_2x4, "model", "data"), MESH_2x4)
    assert kinds(steps) == ["reduce_scatter", "all_slice"]
    assert steps[0].axes_per_dim == ((AxisRef("model"),), ())
    assert steps[0].out_sharding == sh(MESH_2x4, "model", "")
    assert steps[1].axes_per_dim == ((), (AxisRef("data"),))


def test_becoming_unreduced():
    steps = reshard_collectives(sh(MESH_2x4, "data,model", ""), sh(MESH_2x4, "data", "", unreduced="model"), MESH_2x4)
    assert kinds(steps) == ["sharded_to_unreduced"]
    steps = reshard_collectives(sh(MESH_2x4, "data", ""), sh(MESH_2x4, "data", "", unreduced="model"), MESH_2x4)
    assert kinds(steps) == ["replicated_to_unreduced"]
    assert steps[0].axes == (AxisRef("model"),)


def test_rank_mismatch_raises():
    with pytest.raises(ReshardNotLowerable):
        reshard_collectives(sh(MESH_2x4, "", ""), sh(MESH_2x4, ""), MESH_2x4)


# -- every step is a valid collective and the chain ends at the target -----------------------------


def _check_step(prev: TensorSharding, step: Collective, mesh: Mesh) -> None:
    out = step.out_sharding

    def m(axes) -> tuple[AxisRef, ...]:
        return merged(axes, mesh)

    used = [a for d in out.dims for a in d.axes] + list(out.unreduced)
    for x, y in itertools.combinations(used, 2):
        assert not x.overlaps(y, mesh), f"{step}: {x} and {y} overlap"
    if isinstance(step, AllGather):
        for p, o, g in zip(prev.dims, out.dims, step.gathering_axes):
            assert m(o.axes + g) == m(p.axes), step
    elif isinstance(step, AllSlice):
        for p, o, s in zip(prev.dims, out.dims, step.slicing_axes):
            assert m(p.axes + s) == m(o.axes), step
    elif isinstance(step, AllToAll):
        (param,) = step.params
        for d, (p, o) in enumerate(zip(prev.dims, out.dims)):
            if d == param.src_dim:
                assert m(o.axes + param.axes) == m(p.axes), step
            elif d == param.tgt_dim:
                assert m(p.axes + param.axes) == m(o.axes), step
            else:
                assert m(p.axes) == m(o.axes), step
    elif isinstance(step, CollectivePermute):
        for p, o in zip(prev.dims, out.dims):
            assert sharded_size(p.axes, mesh) == sharded_size(o.axes, mesh), step
    else:
        raise AssertionError(f"unexpected {step.kind}")


def _random_sharding(rng: random.Random, mesh: Mesh, rank: int) -> TensorSharding:
    refs: list[AxisRef] = []
    for axis in mesh.axes:
        choice = rng.random()
        if choice < 0.4:
            refs.append(AxisRef(axis.name))
        elif choice < 0.6 and axis.size == 4:
            refs.append(AxisRef.make(axis.name, rng.choice([1, 2]), 2, mesh))
    rng.shuffle(refs)
    dims: list[list[AxisRef]] = [[] for _ in range(rank)]
    for r in refs:
        dims[rng.randrange(rank)].append(r)
    return TensorSharding("m", tuple(DimSharding(tuple(merged(d, mesh))) for d in dims))


@pytest.mark.parametrize(
    "mesh",
    [MESH_222, MESH_2x4, Mesh.from_sizes({"p": 4, "q": 2, "r": 4}), Mesh.from_sizes({"u": 2, "v": 2, "w": 2, "t": 2})],
    ids=str,
)
def test_random_reshards_are_valid_chains(mesh: Mesh):
    rng = random.Random(1234)
    for _ in range(300):
        rank = rng.choice([1, 2, 3])
        src, dst = _random_sharding(rng, mesh, rank), _random_sharding(rng, mesh, rank)
        steps = reshard_collectives(src, dst, mesh, (64,) * rank)
        prev = src
        for step in steps:
            _check_step(prev, step, mesh)
            prev = step.out_sharding
        assert [merged(d.axes, mesh) for d in prev.dims] == [merged(d.axes, mesh) for d in dst.dims], (src, dst, steps)
        assert len(steps) <= 10
