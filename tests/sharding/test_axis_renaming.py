"""Reshard prices are invariant under renaming interchangeable axes (Shardy's lowering), so the planner may price
one pair per orbit; its edge matrices are then identical to pricing every pair."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.planner.api import load
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.edge_costs import EdgeCostTable
from autoshard.planner.plan_graph import TensorInfo
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.axis_ref import SubAxisInfo
from autoshard.sharding.axis_renaming import interchangeable_axis_renamings, rename_axes
from autoshard.sharding.hardware_profiles import resolve_config
from costmodel.hardware import CostConfig

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "examples"


def shardy_config(mesh: str, profile: str) -> CostConfig:
    """`profile` on `mesh` with reshards priced as Shardy lowers them (the lowering renamings preserve)."""
    config = resolve_config(mesh, profile)
    return replace(config, hardware=replace(config.hardware, reshard_lowering="shardy"))


@st.composite
def shardings(draw, mesh: Mesh, rank: int, unreduced: bool) -> TensorSharding:
    """Each axis unused, on one dim, or unreduced; an axis of size 4 may be split into two sub-axes placed apart."""
    dims: list[list[AxisRef]] = [[] for _ in range(rank)]
    reduced: list[AxisRef] = []
    lowest = -2 if unreduced else -1  # -2: unreduced, -1: unused
    for name in draw(st.permutations(mesh.axis_names)):
        major, minor = draw(st.integers(lowest, rank - 1)), draw(st.integers(lowest, rank - 1))
        if mesh.axis_size(name) == 4 and major != minor:
            placed = [(major, AxisRef(name, SubAxisInfo(1, 2))), (minor, AxisRef(name, SubAxisInfo(2, 2)))]
        else:
            placed = [(major, AxisRef(name))]
        for where, ref in placed:
            if where >= 0:
                dims[where].append(ref)
            elif where == -2:
                reduced.append(ref)
    return TensorSharding("mesh", tuple(DimSharding(tuple(d)) for d in dims), (), tuple(reduced))


@st.composite
def reshards(draw, mesh: Mesh):
    rank = draw(st.integers(1, 3))
    shape = tuple(draw(st.sampled_from([1, 2, 4, 6, 8, 16])) for _ in range(rank))
    return draw(shardings(mesh, rank, True)), draw(shardings(mesh, rank, False)), shape


@pytest.mark.parametrize("spec", ["a=2,b=2,c=2", "a=4,b=4", "a=2,b=2,c=2,d=2"])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_reshard_price_is_invariant_under_renaming(spec, data) -> None:
    model = PlanCostModel(shardy_config(spec, "h100-8"))
    src, dst, shape = data.draw(reshards(model.mesh))
    info = TensorInfo(shape, "f32")
    price = model.reshard_s(src, dst, info)
    renamings = model.price_preserving_renamings()
    assert renamings
    for mapping in renamings:
        renamed = model.reshard_s(rename_axes(src, mapping), rename_axes(dst, mapping), info)
        assert math.isclose(renamed, price, rel_tol=1e-12, abs_tol=1e-18), mapping


def test_renamings_only_between_interchangeable_axes() -> None:
    assert interchangeable_axis_renamings(Mesh.from_sizes({"data": 2, "model": 4}), lambda _: 0) == []
    assert len(interchangeable_axis_renamings(Mesh.from_sizes({"a": 2, "b": 2, "c": 2}), lambda _: 0)) == 5
    assert interchangeable_axis_renamings(Mesh.from_sizes({"a": 2, "b": 2, "c": 4}), lambda _: 0) == [
        {"a": "b", "b": "a"}
    ]
    # equal sizes on different links are not interchangeable (nodes over InfiniBand, GPUs over NVLink)
    cluster = PlanCostModel(shardy_config("node=2,gpu=2", "h100-cluster"))
    assert cluster.config.link("node") != cluster.config.link("gpu")
    assert cluster.price_preserving_renamings() == []
    # XLA's partitioner (the default lowering) lowers by mesh order: no renaming there
    assert PlanCostModel(resolve_config("a=2,b=2,c=2", "h100-8")).price_preserving_renamings() == []


def test_rename_axes_keeps_sub_axes_and_unreduced() -> None:
    src = TensorSharding("mesh", (DimSharding((AxisRef("a", SubAxisInfo(1, 2)),)), DimSharding()), (),
                         (AxisRef("b"),))  # fmt: skip
    out = rename_axes(src, {"a": "b", "b": "a"})
    assert str(out) == str(src).replace('"a"', '"x"').replace('"b"', '"a"').replace('"x"', '"b"')


def test_edge_matrices_equal_with_and_without_orbits() -> None:
    """Every edge matrix of a real program on a 3-axis mesh, priced once per orbit, equals pricing every pair."""
    model = PlanCostModel(shardy_config("data=2,model=2,pipe=2", "h100-8"))
    module = load((EXAMPLES / "transformer_block.mlir").read_text(), "transformer_block.mlir")
    graph = build_plan_graph(module, model.mesh, "mesh", model, PlanOptions()).graph
    plain, orbits = EdgeCostTable(model.reshard_s), model.edge_cost_table()
    for edge in graph.edges:
        assert np.array_equal(plain.matrix(graph, edge), orbits.matrix(graph, edge))
    assert len(orbits._canonical) < len(plain._memo) / 2  # the point: far fewer pairs priced
