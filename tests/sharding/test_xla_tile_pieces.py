"""The XLA lowering's tile-assignment checks are made on mesh pieces, not devices: they agree with the same checks
made device by device on the tile assignment, for random shardings with sub-axes and explicit device orders."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from autoshard.sharding import AxisRef, Mesh, TensorSharding
from autoshard.sharding.tensor_sharding import DimSharding
from autoshard.planner.xla_model.xla_reshard import _XlaLowering, tile_assignment

AXES = (("a", 4), ("b", 2), ("c", 4))
RANK = 3


def _tile_of_device(dims, mesh, extra) -> np.ndarray:
    """Device -> its tile index per dimension, from the tile assignment array (one row per device)."""
    tiles = tile_assignment(dims, mesh, extra)
    out = np.zeros((mesh.num_devices, tiles.ndim - 1), dtype=int)
    for index, device in np.ndenumerate(tiles):
        out[int(device)] = index[:-1]
    return out


def _within_by_devices(lowering, inner, outer) -> bool:
    inner_counts, outer_counts = lowering.counts(inner), lowering.counts(outer)
    if any(i % o for i, o in zip(inner_counts[:-1], outer_counts[:-1])):
        return False
    extra = [r for d in (*inner, *outer) for r in d]
    ratios = np.array([i // o for i, o in zip(inner_counts[:-1], outer_counts[:-1])])
    mesh = lowering.mesh
    return bool(np.array_equal(_tile_of_device(inner, mesh, extra) // ratios, _tile_of_device(outer, mesh, extra)))


@st.composite
def dims_of(draw, mesh: Mesh):
    """Every axis cut at random into sub-axes, each piece on a random dimension (or replicated), shuffled."""
    dims: list[list[AxisRef]] = [[] for _ in range(RANK)]
    for name, size in AXES:
        pre = 1
        while pre < size:
            piece = draw(st.sampled_from([p for p in (2, 4) if pre * p <= size]))
            where = draw(st.integers(-1, RANK - 1))
            if where >= 0:
                dims[where].append(AxisRef.make(name, pre, piece, mesh))
            pre *= piece
    return [draw(st.permutations(d)) for d in dims]


@st.composite
def coarser(draw, dims):
    """`dims` with a major prefix of each dimension's axes kept (the rest replicated), maybe reordered: the
    shardings `tiles_within` is asked about, and near misses of them."""
    out = []
    for d in dims:
        kept = list(d[: draw(st.integers(0, len(d)))])
        out.append(draw(st.permutations(kept)) if draw(st.booleans()) else kept)
    return out


@st.composite
def meshes(draw) -> Mesh:
    ids = draw(st.one_of(st.none(), st.permutations(range(32))))
    mesh = Mesh.from_sizes(list(AXES))
    return mesh if ids is None else Mesh(mesh.axes, tuple(ids))


@given(st.data())
def test_tiles_within_and_same_devices_agree_with_the_device_by_device_check(data):
    mesh = data.draw(meshes())
    a = data.draw(dims_of(mesh))
    b = data.draw(st.one_of(dims_of(mesh), coarser(a)))
    sharding = TensorSharding("mesh", tuple(DimSharding(tuple(d)) for d in a))
    lowering = _XlaLowering(sharding, sharding, mesh, None)
    assert lowering.tiles_within(a, b) == _within_by_devices(lowering, a, b)
    assert lowering.tiles_within(a, a)
    extra = [r for d in (*a, *b) for r in d]
    same = np.array_equal(tile_assignment(a, mesh, extra), tile_assignment(b, mesh, extra))
    assert lowering.same_devices(a, b) == same
