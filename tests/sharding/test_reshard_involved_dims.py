"""Lowering a reshard on the involved dimensions only, then expanding, equals lowering it on the whole tensor;
the planner's fast reshard price equals the sum of the priced steps."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.planner.plan_graph import TensorInfo
from autoshard.planner.pricing import PlanCostModel
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import resolve_config
from autoshard.sharding.reshard import ReshardNotLowerable, reshard_collectives
from autoshard.sharding.reshard_involved_dims import expand_steps, involved_dims, restrict
from autoshard.planner.xla_model.xla_reshard import xla_reshard_collectives

MESH = Mesh.from_sizes({"a": 2, "b": 2, "c": 2})
AXES = ("a", "b", "c")


@st.composite
def shardings(draw, rank: int) -> TensorSharding:
    """Each axis on one dim (or none), in a drawn order."""
    order = draw(st.permutations(AXES))
    dims: list[list[AxisRef]] = [[] for _ in range(rank)]
    for axis in order:
        where = draw(st.integers(-1, rank - 1))
        if where >= 0:
            dims[where].append(AxisRef(axis))
    return TensorSharding("mesh", tuple(DimSharding(tuple(d)) for d in dims))


@st.composite
def reshards(draw):
    rank = draw(st.integers(1, 4))
    shape = tuple(draw(st.sampled_from([1, 2, 3, 4, 6, 8, 16])) for _ in range(rank))
    return draw(shardings(rank)), draw(shardings(rank)), shape


def _lower(fn, src, dst, shape):
    try:
        return [str(s) for s in fn(src, dst, MESH, shape)]
    except ReshardNotLowerable:
        return None


@pytest.mark.parametrize("lowering", [reshard_collectives, xla_reshard_collectives], ids=["shardy", "xla"])
@settings(max_examples=300, deadline=None, derandomize=True)
@given(case=reshards())
def test_lowering_on_involved_dims_is_exact(lowering, case) -> None:
    src, dst, shape = case
    dims = involved_dims(src, dst)
    direct = _lower(lowering, src, dst, shape)
    try:
        restricted = lowering(restrict(src, dims), restrict(dst, dims), MESH, tuple(shape[i] for i in dims))
        via = [str(s) for s in expand_steps(restricted, dims, len(shape))]
    except ReshardNotLowerable:
        via = None
    assert via == direct


def test_involved_dims_skips_dims_unsharded_on_both_sides() -> None:
    a = TensorSharding("mesh", (DimSharding(), DimSharding((AxisRef("a"),)), DimSharding()))
    b = TensorSharding("mesh", (DimSharding(), DimSharding(), DimSharding((AxisRef("a"),))))
    assert involved_dims(a, b) == (1, 2)
    assert restrict(a, (1, 2)).dims == a.dims[1:]


@pytest.mark.parametrize("profile", ["h100-8", "host-cpu"])  # Shardy's and XLA's lowering
@settings(max_examples=200, deadline=None, derandomize=True)
@given(case=reshards())
def test_fast_price_equals_priced_steps(profile, case) -> None:
    src, dst, shape = case
    model = PlanCostModel(resolve_config("a=2,b=2,c=2", profile))
    info = TensorInfo(shape, "f32")
    slow = sum(model.reshard_kinds(src, dst, info).values())  # the priced steps, an all-to-all's copies too
    assert math.isclose(model.reshard_s(src, dst, info), slow, rel_tol=1e-12, abs_tol=1e-18)


def test_reduce_scatter_is_an_all_reduce_where_the_backend_forms_none() -> None:
    """host-cpu (XLA:CPU) forms no reduce-scatters: settling partial sums onto a dimension is a full all-reduce."""
    partial = TensorSharding("mesh", (DimSharding(), DimSharding()), (), (AxisRef("model"),))
    scattered = TensorSharding("mesh", (DimSharding((AxisRef("model"),)), DimSharding()))
    info = TensorInfo((64, 32), "f32")
    cpu = PlanCostModel(resolve_config("data=2,model=4", "host-cpu"))
    gpu = PlanCostModel(resolve_config("data=2,model=4", "h100-8"))
    assert set(cpu.reshard_kinds(partial, scattered, info)) == {"all_reduce"}
    assert set(gpu.reshard_kinds(partial, scattered, info)) == {"reduce_scatter"}
    (_, cost), = [(s, c) for s, c in cpu.reshard_steps(partial, scattered, info) if c.bytes_per_device]
    assert cost.bytes_per_device == 2 * 3 / 4 * 64 * 32 * 4  # all-reduce of the full f32 buffer over 4 devices
    assert cpu.reshard_s(partial, scattered, info) == pytest.approx(cost.time_s)
