"""Collectives on per-device arrays: device groups, in-group order (sub-axes, non-iota device ids), bytes."""

from __future__ import annotations

import numpy as np
import pytest

from autoshard.interpreters import collectives as coll
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.reshard_exec import reshard
from autoshard.interpreters.shards import shard, unshard
from autoshard.sharding import AxisRef, DimSharding, Mesh, SubAxisInfo, TensorSharding
from autoshard.sharding.collective_steps import AllToAllParam

A, B, C = AxisRef("a"), AxisRef("b"), AxisRef("c")
B_MAJOR = AxisRef("b", SubAxisInfo(1, 2))
B_MINOR = AxisRef("b", SubAxisInfo(2, 2))


def sharding(*dims, unreduced=()) -> TensorSharding:
    return TensorSharding("mesh", tuple(DimSharding(tuple(d)) for d in dims), (), tuple(unreduced))


MESH_2x4 = DeviceMesh(Mesh.from_sizes({"a": 2, "b": 4}))


def test_groups_follow_mesh_dialect_order():
    assert MESH_2x4.groups([B]) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert MESH_2x4.groups([A]) == [[0, 4], [1, 5], [2, 6], [3, 7]]
    # the first listed axis is outermost: order by (b, a)
    assert MESH_2x4.groups([B, A]) == [[0, 4, 1, 5, 2, 6, 3, 7]]
    assert MESH_2x4.groups([A, B]) == [[0, 1, 2, 3, 4, 5, 6, 7]]


def test_sub_axes_split_the_coordinate_major_to_minor():
    # "b":(1)2 is the major bit of b's coordinate, "b":(2)2 the minor bit
    assert [MESH_2x4.axis_coord(d, B_MAJOR) for d in range(4)] == [0, 0, 1, 1]
    assert [MESH_2x4.axis_coord(d, B_MINOR) for d in range(4)] == [0, 1, 0, 1]
    assert MESH_2x4.groups([B_MAJOR]) == [[0, 2], [1, 3], [4, 6], [5, 7]]
    assert MESH_2x4.groups([B_MINOR]) == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert MESH_2x4.groups([B_MINOR, A]) == [[0, 4, 1, 5], [2, 6, 3, 7]]


def test_non_iota_device_ids():
    dmesh = DeviceMesh(Mesh.from_sizes({"a": 2, "b": 2}, device_ids=[0, 2, 1, 3]))
    assert dmesh.coords(2) == (0, 1)
    assert dmesh.coords(1) == (1, 0)
    assert dmesh.groups([AxisRef("b")]) == [[0, 2], [1, 3]]
    assert dmesh.groups([AxisRef("a")]) == [[0, 1], [2, 3]]


def test_all_gather_hand_computed_non_iota():
    dmesh = DeviceMesh(Mesh.from_sizes({"a": 2, "b": 2}, device_ids=[3, 2, 1, 0]))
    shards = {d: np.array([float(d)]) for d in range(4)}
    out = coll.all_gather(shards, [[AxisRef("b")]], dmesh)
    # groups over b: (a=0) = devices [3, 2], (a=1) = devices [1, 0], in that order
    assert out[3].tolist() == [3.0, 2.0] and out[2].tolist() == [3.0, 2.0]
    assert out[0].tolist() == [1.0, 0.0]
    out = coll.all_gather(shards, [[AxisRef("b"), AxisRef("a")]], dmesh)
    assert out[0].tolist() == [3.0, 1.0, 2.0, 0.0]


def test_all_reduce_and_bytes():
    shards = {d: np.full((4, 4), float(d), np.float32) for d in range(8)}
    stats = CollectiveStats()
    out = coll.all_reduce(shards, [B], MESH_2x4, stats)
    assert out[0][0, 0] == 0 + 1 + 2 + 3 and out[5][0, 0] == 4 + 5 + 6 + 7
    assert stats.bytes_sent["all_reduce"][0] == pytest.approx(2 * 3 / 4 * 64)
    out = coll.all_reduce(shards, [A], MESH_2x4, None, combiner=np.maximum)
    assert out[1][0, 0] == 5


def test_all_slice_is_inverse_of_all_gather():
    x = np.arange(8 * 6, dtype=np.float32).reshape(8, 6)
    src = sharding([A], [])
    dst = sharding([A, B_MAJOR], [B_MINOR])
    shards = shard(x, src, MESH_2x4)
    sliced = coll.all_slice(shards, [[B_MAJOR], [B_MINOR]], MESH_2x4)
    expected = shard(x, dst, MESH_2x4)
    for d in range(8):
        np.testing.assert_array_equal(sliced[d], expected[d])
    gathered = coll.all_gather(sliced, [[B_MAJOR], [B_MINOR]], MESH_2x4)
    for d in range(8):
        np.testing.assert_array_equal(gathered[d], shards[d])


def test_all_to_all_moves_axes_between_dimensions():
    x = np.random.default_rng(0).standard_normal((8, 4, 4))
    src = sharding([A, B], [], [])
    dst = sharding([A], [], [B])
    stats = CollectiveStats()
    out = coll.all_to_all(shard(x, src, MESH_2x4), [AllToAllParam((B,), 0, 2)], MESH_2x4, stats)
    expected = shard(x, dst, MESH_2x4)
    for d in range(8):
        np.testing.assert_array_equal(out[d], expected[d])
    assert stats.bytes_sent["all_to_all"][0] == pytest.approx(3 / 4 * (1 * 4 * 4 * 8))


def test_collective_permute_reorders_axes():
    x = np.arange(8 * 2, dtype=np.float32).reshape(8, 2)
    src = sharding([A, B], [])
    dst = sharding([B, A], [])
    out = coll.collective_permute(shard(x, src, MESH_2x4), src, dst, MESH_2x4)
    expected = shard(x, dst, MESH_2x4)
    for d in range(8):
        np.testing.assert_array_equal(out[d], expected[d])


def test_collective_permute_to_other_device_order():
    x = np.arange(4, dtype=np.float32)
    mesh = Mesh.from_sizes({"a": 4})
    other = Mesh.from_sizes({"a": 4}, device_ids=[3, 2, 1, 0])
    s = sharding([AxisRef("a")])
    out = coll.collective_permute(shard(x, s, DeviceMesh(mesh)), s, s, DeviceMesh(mesh), DeviceMesh(other))
    assert [out[d][0] for d in range(4)] == [3.0, 2.0, 1.0, 0.0]


def test_unreduced_conversions_and_reduce_scatter():
    x = np.random.default_rng(1).standard_normal((8, 4))
    s = sharding([A], [B])
    shards = shard(x, s, MESH_2x4)
    partial = coll.sharded_to_unreduced(shards, [[], [B]], MESH_2x4)
    assert np.allclose(unshard(partial, sharding([A], [], unreduced=[B]), MESH_2x4, x.shape).value, x)
    back = coll.reduce_scatter(partial, [[], [B]], MESH_2x4)
    for d in range(8):
        np.testing.assert_allclose(back[d], shards[d])
    rep = shard(x, sharding([A], []), MESH_2x4)
    un = coll.replicated_to_unreduced(rep, [B], MESH_2x4)
    assert np.count_nonzero(un[1]) == 0 and np.allclose(un[0], rep[0])
    total = coll.all_reduce(un, [B], MESH_2x4)
    for d in range(8):
        np.testing.assert_allclose(total[d], rep[d])


def test_unshard_detects_disagreeing_replicas_and_sums_unreduced():
    x = np.ones((4, 4))
    s = sharding([A], [])
    shards = shard(x, s, MESH_2x4)
    assert unshard(shards, s, MESH_2x4, x.shape).replica_mismatch == 0
    shards[3] = shards[3] + 1
    result = unshard(shards, s, MESH_2x4, x.shape)
    assert result.replica_mismatch == 1 and result.mismatch_device == 3
    un = sharding([], [], unreduced=[B])
    rng = np.random.default_rng(0)
    parts = shard(x, un, MESH_2x4, rng=rng)
    assert not np.allclose(parts[0], x)
    np.testing.assert_allclose(unshard(parts, un, MESH_2x4, x.shape).value, x)


def test_uneven_dimension_is_padded():
    x = np.arange(6.0)
    s = sharding([B])
    shards = shard(x, s, MESH_2x4)
    assert shards[3].tolist() == [0.0, 0.0] and shards[2].tolist() == [4.0, 5.0]
    np.testing.assert_array_equal(unshard(shards, s, MESH_2x4, x.shape).value, x)


@pytest.mark.parametrize(
    "src,dst",
    [
        (sharding([A], [B]), sharding([B], [A])),
        (sharding([A, B], []), sharding([], [])),
        (sharding([], []), sharding([B_MINOR], [A, B_MAJOR])),
        (sharding([A], [], unreduced=[B]), sharding([A, B], [])),
        (sharding([B_MAJOR], [A], unreduced=[B_MINOR]), sharding([], [B])),
        (sharding([A], [B]), sharding([A], [], unreduced=[B])),
    ],
)
def test_reshard_by_shardy_steps_preserves_value(src, dst):
    x = np.random.default_rng(2).standard_normal((8, 8))
    mesh = MESH_2x4.mesh
    stats = CollectiveStats()
    out = reshard(shard(x, src, MESH_2x4, rng=np.random.default_rng(3)), src, dst, mesh, x.shape, stats)
    result = unshard(out, dst, MESH_2x4, x.shape)
    np.testing.assert_allclose(result.value, x, atol=1e-12)
    assert result.replica_mismatch < 1e-12
