"""Collective formulas against hand-computed values (nccl-tests bytes, alpha-beta time, hierarchy)."""

from __future__ import annotations

import math

import pytest

from costmodel.errors import CostModelError
from costmodel import collectives as cc
from costmodel.hardware import AxisLink, CostConfig, HardwareSpec, MeshShape

GiB = 2**30
HW = HardwareSpec(peak_flops=1e14, memory_bytes=8e10, memory_bandwidth=1e12)


def config(axes: dict[str, int], links: dict[str, AxisLink]) -> CostConfig:
    return CostConfig(MeshShape.from_sizes(axes), HW, links)


def ring(bw: float = 1e11, lat: float = 0.0) -> AxisLink:
    return AxisLink(bandwidth=bw, latency=lat, topology="ring")


# -- single axis, ring ---------------------------------------------------------------------------------
def test_all_reduce_1gib_over_8_on_a_100gbs_ring():
    cfg = config({"x": 8}, {"x": ring(100e9)})
    cost = cc.all_reduce(cfg, ["x"], GiB)
    assert cost.kind == "all_reduce" and cost.axes == ("x",) and cost.group_size == 8
    assert cost.bytes_per_device == 2 * 7 / 8 * GiB == 1879048192
    assert cost.time_s == pytest.approx(1879048192 / 100e9)  # 18.79 ms


def test_ring_latency_counts_steps():
    cfg = config({"x": 8}, {"x": ring(100e9, 1e-5)})
    assert cc.all_reduce(cfg, "x", GiB).time_s == pytest.approx(1879048192 / 100e9 + 14 * 1e-5)
    assert cc.all_gather(cfg, "x", GiB).time_s == pytest.approx(939524096 / 100e9 + 7 * 1e-5)
    assert cc.reduce_scatter(cfg, "x", GiB).time_s == pytest.approx(939524096 / 100e9 + 7 * 1e-5)
    assert cc.all_to_all(cfg, "x", GiB).time_s == pytest.approx(939524096 / 100e9 + 7 * 1e-5)
    assert cc.collective_permute(cfg, "x", GiB).time_s == pytest.approx(GiB / 100e9 + 1e-5)


def test_bytes_per_device_conventions():
    cfg = config({"x": 4}, {"x": ring()})
    s = 4096.0
    assert cc.all_reduce(cfg, "x", s).bytes_per_device == 2 * 3 / 4 * s
    assert cc.all_gather(cfg, "x", s).bytes_per_device == 3 / 4 * s  # s is the full (gathered) buffer
    assert cc.reduce_scatter(cfg, "x", s).bytes_per_device == 3 / 4 * s  # s is the full (input) buffer
    assert cc.all_to_all(cfg, "x", s).bytes_per_device == 3 / 4 * s
    assert cc.collective_permute(cfg, "x", s).bytes_per_device == s
    free = cc.all_slice(cfg, "x", s)
    assert (free.bytes_per_device, free.time_s, free.group_size) == (0.0, 0.0, 4)


def test_matches_the_xla_report_convention():
    from autoshard.xla.hlo_collectives import HloCollective, nccl_bytes_per_device

    cfg = config({"x": 4}, {"x": ring()})
    groups = ((0, 1, 2, 3),)
    assert nccl_bytes_per_device(HloCollective("all-reduce", groups, (256,), "f32", 1024)) == \
        cc.all_reduce(cfg, "x", 1024).bytes_per_device
    assert nccl_bytes_per_device(HloCollective("all-gather", groups, (256,), "f32", 1024)) == \
        cc.all_gather(cfg, "x", 1024).bytes_per_device
    assert nccl_bytes_per_device(HloCollective("reduce-scatter", groups, (64,), "f32", 256, 1024)) == \
        cc.reduce_scatter(cfg, "x", 1024).bytes_per_device
    assert nccl_bytes_per_device(HloCollective("all-to-all", groups, (256,), "f32", 1024)) == \
        cc.all_to_all(cfg, "x", 1024).bytes_per_device


def test_size_one_group_is_free():
    cfg = config({"x": 1, "y": 4}, {"x": ring(lat=1.0), "y": ring()})
    for kind in cc.KINDS:
        cost = cc.collective(kind, cfg, ["x"], 1e6)
        assert cost.time_s == 0.0 and cost.bytes_per_device == 0.0 and cost.group_size == 1


# -- topologies ------------------------------------------------------------------------------------------
def test_torus_runs_one_ring_per_dimension():
    link = AxisLink(bandwidth=1e11, latency=1e-6, topology="torus", torus_dims=(4, 4))
    cfg = config({"x": 16}, {"x": link})
    s = 1.6e9
    ar = cc.all_reduce(cfg, "x", s)
    assert ar.bytes_per_device == pytest.approx(2 * 15 / 16 * s)
    assert ar.levels[0].steps == 2 * (3 + 3)
    assert ar.time_s == pytest.approx(2 * 15 / 16 * s / 1e11 + 12 * 1e-6)
    assert cc.all_gather(cfg, "x", s).levels[0].steps == 6
    # A ring of the same 16 devices pays 15 latency steps per phase.
    ring_cfg = config({"x": 16}, {"x": ring(1e11, 1e-6)})
    assert cc.all_gather(ring_cfg, "x", s).time_s - cc.all_gather(cfg, "x", s).time_s == pytest.approx(9e-6)


def test_torus_without_dims_is_one_ring():
    cfg = config({"x": 8}, {"x": AxisLink(1e11, 1e-6, "torus")})
    assert cc.reduce_scatter(cfg, "x", 8e6).levels[0].steps == 7


def test_switch_uses_log_steps_and_one_step_all_to_all():
    cfg = config({"x": 8, "y": 6}, {"x": AxisLink(1e11, 1e-6, "switch"), "y": AxisLink(1e11, 1e-6, "switch")})
    assert cc.all_reduce(cfg, "x", 1e6).levels[0].steps == 6
    assert cc.all_gather(cfg, "x", 1e6).levels[0].steps == 3
    assert cc.all_gather(cfg, "y", 1e6).levels[0].steps == 3  # ceil(log2 6)
    a2a = cc.all_to_all(cfg, "x", 1e6)
    assert a2a.levels[0].steps == 1
    assert a2a.time_s == pytest.approx(7 / 8 * 1e6 / 1e11 + 1e-6)


# -- hierarchy -------------------------------------------------------------------------------------------
NODE = AxisLink(bandwidth=25e9, latency=5e-6, topology="ring")
GPU = AxisLink(bandwidth=300e9, latency=2e-6, topology="switch")


def two_level() -> CostConfig:
    return config({"node": 2, "gpu": 4}, {"node": NODE, "gpu": GPU})


def test_hierarchical_all_reduce_prices_each_level_on_its_link():
    cost = cc.all_reduce(two_level(), ("node", "gpu"), GiB)
    # Fast level first on the whole buffer: 2*(3/4)*S over NVLink, 2*log2(4) = 4 steps.
    gpu_time = 1.5 * GiB / 300e9 + 4 * 2e-6
    # Then the slow level on the quarter left: 2*(1/2)*(S/4) over InfiniBand, 2 steps.
    node_time = 0.25 * GiB / 25e9 + 2 * 5e-6
    assert [lv.axis for lv in cost.levels] == ["gpu", "node"]
    assert [lv.bytes_per_device for lv in cost.levels] == [1.5 * GiB, 0.25 * GiB]
    assert cost.time_s == pytest.approx(gpu_time + node_time)
    assert cost.bytes_per_device == 2 * 7 / 8 * GiB == sum(lv.bytes_per_device for lv in cost.levels)
    assert cost.group_size == 8
    # Much cheaper than running the whole flat ring at the slowest link's bandwidth.
    assert cost.time_s < 0.5 * (2 * 7 / 8 * GiB / 25e9)


def test_hierarchy_does_not_depend_on_the_order_axes_are_listed():
    cfg = two_level()
    for fn in (cc.all_reduce, cc.all_gather, cc.reduce_scatter, cc.all_to_all):
        assert fn(cfg, ("node", "gpu"), 1e8).time_s == pytest.approx(fn(cfg, ("gpu", "node"), 1e8).time_s)


def test_hierarchical_all_gather_and_reduce_scatter_mirror_each_other():
    cfg = two_level()
    rs = cc.reduce_scatter(cfg, ("node", "gpu"), GiB)
    ag = cc.all_gather(cfg, ("node", "gpu"), GiB)
    assert [lv.axis for lv in rs.levels] == ["gpu", "node"]
    assert [lv.axis for lv in ag.levels] == ["node", "gpu"]  # slowest first, on the smallest data
    assert rs.time_s == pytest.approx(ag.time_s)
    assert rs.time_s == pytest.approx((0.75 * GiB / 300e9 + 2 * 2e-6) + (0.125 * GiB / 25e9 + 5e-6))


def test_hierarchical_all_to_all_moves_its_share_on_every_level():
    cost = cc.all_to_all(two_level(), ("node", "gpu"), 8e6)
    assert cost.bytes_per_device == pytest.approx(7 / 8 * 8e6)  # reported as the flat convention
    assert [lv.bytes_per_device for lv in cost.levels] == [pytest.approx(6e6), pytest.approx(4e6)]
    assert cost.time_s == pytest.approx(6e6 / 300e9 + 2e-6 + 4e6 / 25e9 + 5e-6)


def test_permute_over_several_axes_uses_the_slowest_link():
    cost = cc.collective_permute(two_level(), ("node", "gpu"), 1e6)
    assert cost.time_s == pytest.approx(1e6 / 25e9 + 5e-6)
    only_gpu = cc.collective_permute(two_level(), ("gpu",), 1e6)
    assert only_gpu.time_s == pytest.approx(1e6 / 300e9 + 2e-6)


def test_three_levels_shrink_data_level_by_level():
    cfg = config({"a": 2, "b": 2, "c": 2}, {"a": ring(1e9), "b": ring(1e10), "c": ring(1e11)})
    s = 8e9
    cost = cc.reduce_scatter(cfg, ["a", "b", "c"], s)
    assert [lv.axis for lv in cost.levels] == ["c", "b", "a"]
    assert [lv.bytes_per_device for lv in cost.levels] == [s / 2, s / 4, s / 8]
    assert cost.time_s == pytest.approx(s / 2 / 1e11 + s / 4 / 1e10 + s / 8 / 1e9)


# -- sub-axes and axis forms -----------------------------------------------------------------------------
def test_sub_axes_in_every_form():
    cfg = config({"x": 8}, {"x": ring(1e11)})
    by_tuple = cc.all_gather(cfg, [("x", 2)], 1e6)
    by_pre = cc.all_gather(cfg, [("x", 4, 2)], 1e6)
    assert by_tuple.group_size == by_pre.group_size == 2
    assert by_tuple.bytes_per_device == by_pre.bytes_per_device == 0.5e6
    assert by_pre.axes == ("x:(4)2",) and by_tuple.axes == ("x:2",)
    assert cc.all_gather(cfg, ("x", 2), 1e6) == by_tuple  # a bare (name, size) is one axis
    assert cc.group_size(cfg, ["x"]) == cc.group_size(cfg, "x") == cc.group_size(cfg, [("x", 1, 8)]) == 8


def test_sub_axis_of_a_torus_axis_covers_its_dimensions():
    link = AxisLink(1e11, 1e-6, "torus", torus_dims=(4, 4))
    cfg = config({"x": 16}, {"x": link})
    assert cc.all_gather(cfg, [("x", 1, 4)], 1e6).levels[0].steps == 3  # the minor ring
    assert cc.all_gather(cfg, [("x", 4, 4)], 1e6).levels[0].steps == 3  # the major ring
    assert cc.all_gather(cfg, [("x", 2, 4)], 1e6).levels[0].steps == 2  # 2 on each: (2-1) + (2-1)


def test_bad_axes_raise_user_errors():
    cfg = two_level()
    with pytest.raises(CostModelError, match="unknown mesh axis 'model'"):
        cc.all_reduce(cfg, ["model"], 1.0)
    with pytest.raises(CostModelError, match="appears twice"):
        cc.all_reduce(cfg, ["gpu", "gpu"], 1.0)
    with pytest.raises(CostModelError, match="does not fit"):
        cc.all_reduce(cfg, [("gpu", 3)], 1.0)
    with pytest.raises(ValueError):
        cc.all_reduce(cfg, ["gpu"], -1.0)


def test_kind_names():
    assert cc.normalize_kind("all-reduce") == "all_reduce"
    assert cc.normalize_kind("sdy.all_to_all") == "all_to_all"
    assert cc.normalize_kind("AllGather") == "all_gather"
    assert cc.normalize_kind("collective-permute") == "collective_permute"
    with pytest.raises(CostModelError, match="unknown collective 'broadcast'"):
        cc.normalize_kind("broadcast")
    cfg = two_level()
    assert cc.collective("reduce-scatter", cfg, ["gpu"], 1e6) == cc.reduce_scatter(cfg, ["gpu"], 1e6)


def test_to_json_has_the_cli_fields():
    js = cc.all_reduce(two_level(), ["gpu"], 1e6).to_json()
    assert set(js) >= {"kind", "axes", "bytes_per_device", "time_s"}
    assert js["axes"] == ["gpu"] and math.isclose(js["bytes_per_device"], 1.5e6)
