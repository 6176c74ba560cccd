"""The costmodel API the planner calls, by the names it uses, each checked against hand-computed numbers."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from costmodel import collectives as cc
from costmodel.compute import convolution_flops, dot_flops, dtype_bytes, op_work, reduce_flops, roofline_time
from costmodel.errors import CostModelError
from costmodel.hardware import (
    AxisLink,
    CostConfig,
    HardwareSpec,
    MeshShape,
    config_from_dict,
    default_config,
    list_profiles,
    load_config,
    with_mesh,
)
from costmodel.memory import LiveValue, step_memory

GIB = 2**30

BRIEF_PROFILES = ("tpu_v4", "tpu_v5e", "tpu_v5p", "a100_8x", "h100_8x", "h100_cluster", "cpu_host")


def two_level(data_topology: str = "ring", model_topology: str = "ring") -> CostConfig:
    return config_from_dict(
        {
            "mesh": {"axes": {"data": 2, "model": 4}},
            "hardware": {"peak_flops": {"bf16": 1.0e15, "f32": 5.0e13}, "memory_bytes": 8.0e10,
                         "memory_bandwidth": 2.0e12},
            "axis_links": {
                "data": {"bandwidth": 5.0e10, "latency": 1.0e-5, "topology": data_topology},
                "model": {"bandwidth": 4.5e11, "latency": 2.0e-6, "topology": model_topology},
            },
        },
        source="two_level",
    )


def one_ring(n: int = 8, bandwidth: float = 1.0e11, latency: float = 1.0e-5, topology: str = "ring") -> CostConfig:
    mesh = MeshShape.from_sizes({"x": n})
    return CostConfig(mesh, HardwareSpec(1.0e14, 1.0e10, 1.0e12), {"x": AxisLink(bandwidth, latency, topology)})


# -- hardware -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BRIEF_PROFILES)
def test_every_profile_named_in_the_brief_loads(name: str):
    config = load_config(name)
    assert config.mesh.num_devices >= 1
    assert config.memory_bytes == config.hardware.memory_bytes > 0
    assert config.hardware.peak_flops_for("bf16") > 0
    for axis in config.mesh.axis_names:
        assert config.link(axis).bandwidth > 0


def test_list_profiles_and_sources_in_comments():
    names = list_profiles()
    assert len(names) >= len(BRIEF_PROFILES)
    for name in names:
        assert load_config(name).mesh.num_devices >= 1  # every listed name loads
    repo = Path(__file__).resolve().parents[2]
    for path in (repo / "configs" / "hardware").glob("*.yaml"):
        text = path.read_text().lower()
        assert "source" in text or "approximate" in text, f"{path.name} neither cites sources nor says it estimates"


def test_peak_flops_for_per_dtype_map_and_scalar():
    cfg = two_level()
    assert cfg.hardware.peak_flops_for("bf16") == 1.0e15
    assert cfg.hardware.peak_flops_for("f16") == 1.0e15  # bf16's family
    assert cfg.hardware.peak_flops_for("f32") == 5.0e13
    assert one_ring().hardware.peak_flops_for("f64") == 1.0e14


def test_with_mesh_keeps_links_by_name_and_gives_minor_axes_the_fast_link():
    cfg = two_level()
    same = with_mesh(cfg, MeshShape.from_sizes({"model": 2, "data": 2}))
    assert same.link("model").bandwidth == 4.5e11 and same.link("data").bandwidth == 5.0e10
    renamed = with_mesh(cfg, MeshShape.from_sizes({"batch": 2, "tensor": 4}))
    assert renamed.link("tensor").bandwidth == 4.5e11  # minor-most: the fast link
    assert renamed.link("batch").bandwidth == 5.0e10
    assert renamed.hardware == cfg.hardware


def test_default_config_is_an_nvlink_node_on_the_given_mesh():
    mesh = MeshShape.from_sizes({"data": 2, "model": 4})
    cfg = default_config(mesh)
    assert cfg.mesh == mesh
    assert cfg.link("model").bandwidth >= cfg.link("data").bandwidth


def test_config_from_dict_errors_name_the_source():
    with pytest.raises(CostModelError, match="mine.yaml"):
        config_from_dict({"mesh": {"axes": {"x": 2}}, "hardware": {}}, source="mine.yaml")


def test_config_from_dict_accepts_numpy_numbers_and_tuples():
    np = pytest.importorskip("numpy")
    cfg = config_from_dict({"mesh": {"axes": {"x": np.int64(2)}, "device_ids": (1, 0)},
                            "hardware": {"peak_flops": np.float64(1e14), "memory_bytes": 1e10, "memory_bandwidth": 1e12},
                            "axis_links": {"x": {"bandwidth": np.float32(1e11), "latency": 0}}})
    assert cfg.mesh.axis_size("x") == 2 and cfg.mesh.device_ids == (1, 0)
    assert cfg.hardware.peak_flops_for("f32") == 1e14
    with pytest.raises(CostModelError, match="cannot read configuration value"):
        config_from_dict({"mesh": {"axes": {"x": object()}}}, source="odd")


def test_unreadable_file(tmp_path: Path):
    with pytest.raises(CostModelError, match="does not exist"):
        load_config(tmp_path / "absent.yaml")
    with pytest.raises(CostModelError, match="unknown hardware profile 'no_such_profile'"):
        load_config("no_such_profile")


# -- collectives ----------------------------------------------------------------------------------------


def test_all_reduce_1gib_over_8_on_a_ring_by_hand():
    cost = cc.all_reduce(one_ring(), ("x",), GIB)
    assert cost.kind == "all_reduce" and cost.axes == ("x",) and cost.group_size == 8
    assert cost.bytes_per_device == 2 * 7 / 8 * GIB
    assert cost.time_s == pytest.approx(2 * 7 / 8 * GIB / 1.0e11 + 2 * 7 * 1.0e-5)


def test_one_axis_kinds_by_hand():
    cfg = one_ring(n=4, bandwidth=1.0e11, latency=1.0e-6)
    gather = cc.all_gather(cfg, ("x",), 4 * GIB)
    assert gather.bytes_per_device == 3 * GIB
    assert gather.time_s == pytest.approx(3 * GIB / 1.0e11 + 3 * 1.0e-6)
    scatter = cc.reduce_scatter(cfg, ("x",), 4 * GIB)
    assert scatter.bytes_per_device == 3 * GIB and scatter.time_s == pytest.approx(gather.time_s)
    a2a = cc.all_to_all(cfg, ("x",), 4 * GIB)
    assert a2a.bytes_per_device == 3 * GIB
    permute = cc.collective_permute(cfg, ("x",), GIB)
    assert permute.bytes_per_device == GIB
    assert permute.time_s == pytest.approx(GIB / 1.0e11 + 1.0e-6)
    sliced = cc.all_slice(cfg, ("x",), GIB)
    assert (sliced.bytes_per_device, sliced.time_s) == (0.0, 0.0)


def test_switch_latency_is_log2_steps():
    ring = cc.all_gather(one_ring(n=8, latency=1.0, bandwidth=1e30), ("x",), 8.0)
    switch = cc.all_gather(one_ring(n=8, latency=1.0, bandwidth=1e30, topology="switch"), ("x",), 8.0)
    assert ring.time_s == pytest.approx(7.0)
    assert switch.time_s == pytest.approx(3.0)


def test_hierarchical_all_reduce_by_hand():
    """RS on model (fast) with B, AR on data (slow) with B/4, AG on model with B."""
    cost = cc.all_reduce(two_level(), ("data", "model"), GIB)
    assert cost.group_size == 8
    assert cost.bytes_per_device == pytest.approx(2 * 7 / 8 * GIB)
    model_phase = 2 * (3 / 4 * GIB / 4.5e11 + 3 * 2.0e-6)
    data_phase = 2 * (1 / 2 * (GIB / 4) / 5.0e10 + 1 * 1.0e-5)
    assert cost.time_s == pytest.approx(model_phase + data_phase)
    flat_on_slowest = 2 * 7 / 8 * GIB / 5.0e10
    assert cost.time_s < flat_on_slowest  # not a max over everything


def test_hierarchical_all_gather_by_hand():
    cost = cc.all_gather(two_level(), ("data", "model"), 8 * GIB)
    assert cost.bytes_per_device == pytest.approx(7 * GIB)
    expected = (3 / 4 * 8 * GIB / 4.5e11 + 3 * 2.0e-6) + (1 / 2 * 2 * GIB / 5.0e10 + 1.0e-5)
    assert cost.time_s == pytest.approx(expected)


def test_sub_axes_as_name_size_pairs():
    cfg = two_level()
    half = cc.all_gather(cfg, (("model", 2),), GIB)
    assert half.group_size == 2 and half.bytes_per_device == GIB / 2
    assert half.time_s == pytest.approx(GIB / 2 / 4.5e11 + 2.0e-6)
    mixed = cc.reduce_scatter(cfg, ("data", ("model", 2)), GIB)
    assert mixed.group_size == 4 and mixed.bytes_per_device == pytest.approx(3 / 4 * GIB)
    with pytest.raises(CostModelError):
        cc.all_gather(cfg, (("model", 3),), GIB)
    with pytest.raises(CostModelError):
        cc.all_gather(cfg, ("nope",), GIB)


def test_collective_signatures_match_the_planner():
    for fn, third in ((cc.all_reduce, "buffer_bytes"), (cc.all_to_all, "buffer_bytes"),
                      (cc.collective_permute, "buffer_bytes"), (cc.all_slice, "buffer_bytes")):
        assert list(inspect.signature(fn).parameters)[:3] == ["config", "axes", third]
    for fn in (cc.all_gather, cc.reduce_scatter):
        assert list(inspect.signature(fn).parameters)[:2] == ["config", "axes"]


# -- compute --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dtype", "size"),
    [("f32", 4), ("bf16", 2), ("f16", 2), ("f64", 8), ("i1", 1), ("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8),
     ("ui8", 1), ("ui32", 4), ("ui64", 8), ("f8E4M3FN", 1), ("f8E5M2", 1), ("complex<f32>", 8),
     ("complex<f64>", 16)],
)
def test_dtype_bytes(dtype: str, size: int):
    assert dtype_bytes(dtype) == size


def test_dtype_bytes_rejects_unknown_types():
    with pytest.raises(CostModelError, match="unknown element type"):
        dtype_bytes("quux")


def test_flop_helpers_by_hand():
    assert dot_flops((2, 3, 5, 7)) == 2 * 2 * 3 * 5 * 7
    # NHWC 2x8x8x16 conv with a 3x3x16x32 kernel, same padding: 2 * N * HW * Cout * KhKw * Cin
    assert convolution_flops(2 * 64 * 32, 3 * 3 * 16 * 32, 32) == 2 * 2 * 64 * 32 * 9 * 16
    assert op_work("add", [1000, 1000], [1000]).flops == 1000
    assert reduce_flops([1024], [1]) == 1023 and reduce_flops([1024], [32]) == 992


def test_roofline_is_the_max_of_compute_and_memory():
    cfg = two_level()
    assert roofline_time(cfg, 1.0e15, 0.0, "bf16") == pytest.approx(1.0)
    assert roofline_time(cfg, 1.0e15, 0.0, "f32") == pytest.approx(20.0)
    assert roofline_time(cfg, 1.0, 4.0e12, "bf16") == pytest.approx(2.0)
    assert roofline_time(cfg, 1.0e15, 4.0e12, "bf16") == pytest.approx(2.0)


# -- memory ---------------------------------------------------------------------------------------------


def test_step_memory_peak_and_where():
    values = [LiveValue("a", 10, 0, 2), LiveValue("b", 5, 1, 1), LiveValue("c", 20, 2, 3), LiveValue("d", 1, 3, 3)]
    # live: op0 a=10; op1 a+b=15; op2 a+c=30; op3 c+d=21
    step = step_memory(values)
    assert (step.total_bytes, step.peak_index) == (30, 2)
    assert (step_memory([]).total_bytes, step_memory([]).peak_index) == (0, -1)
    assert step_memory([LiveValue("p", 7, 0, 0, kind="parameter"), LiveValue("x", 3, 1, 1)]).total_bytes == 10
