"""The YAML loader: the issue's form, optional keys, every error case (one line, file:line:col, the key)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from costmodel.errors import CostModelError
from costmodel.hardware import (
    AxisLink,
    CostConfig,
    HardwareSpec,
    MeshShape,
    config_from_dict,
    default_config,
    load_config,
    parse_config,
    rate_for_dtype,
    resolve_config,
    with_mesh,
)

ISSUE_FORM = """\
mesh:
  axes: {data: 2, model: 4}        # ordered, major to minor; optional device_ids: [...]
hardware:
  peak_flops: 4.0e+14             # per device, FLOP/s (may also be a per-dtype map)
  memory_bytes: 8.0e+10           # per device
  memory_bandwidth: 3.35e+12      # bytes/s
axis_links:                       # alpha-beta per mesh axis
  data:  {bandwidth: 5.0e+10, latency: 1.0e-5}
  model: {bandwidth: 4.5e+11, latency: 2.0e-6}
"""


def test_the_issue_form_loads_as_is():
    cfg = parse_config(ISSUE_FORM, "issue.yaml")
    assert cfg.mesh == MeshShape.from_sizes({"data": 2, "model": 4})
    assert cfg.mesh.axis_names == ("data", "model")
    assert cfg.hardware.peak_flops == 4.0e14
    assert cfg.hardware.memory_bytes == 8.0e10
    assert cfg.hardware.memory_bandwidth == 3.35e12
    assert cfg.link("data") == AxisLink(5.0e10, 1.0e-5, "ring")
    assert cfg.link("model") == AxisLink(4.5e11, 2.0e-6, "ring")
    assert cfg.name == "issue"
    assert cfg.num_devices == 8


def test_shipped_example_is_the_issue_form():
    repo = Path(__file__).resolve().parents[2]
    assert load_config(repo / "configs" / "example.yaml") == parse_config(ISSUE_FORM, "example.yaml")


def test_optional_keys():
    cfg = parse_config(textwrap.dedent("""\
        name: custom
        description: anything
        mesh: {axes: {a: 2, b: 4}, device_ids: [7, 6, 5, 4, 3, 2, 1, 0]}
        hardware:
          name: chip
          peak_flops: {bf16: 2.0e+14, f32: 5.0e+13, s8: 4.0e+14}
          vector_flops: 1.0e+13
          memory_bytes: 1.6e+10
          memory_bandwidth: 8.0e+11
        axis_links:
          a: {bandwidth: 1.0e+10, latency: 1.0e-5, topology: switch}
          b: {bandwidth: 9.0e+10, latency: 0, topology: torus, torus_dims: [2, 2]}
        """), "c.yaml")
    assert cfg.name == "custom" and cfg.hardware.name == "chip"
    assert cfg.mesh.device_ids == (7, 6, 5, 4, 3, 2, 1, 0)
    assert cfg.link("b") == AxisLink(9e10, 0.0, "torus", (2, 2))
    assert cfg.hardware.flops_for("bf16") == 2e14
    assert cfg.hardware.flops_for("f8E4M3FN") == 4e14  # f8 falls back to the int8 rate
    assert cfg.hardware.flops_for("i8") == 4e14
    assert cfg.hardware.flops_for("f64") == 5e13  # no f64 or default: f32
    assert cfg.hardware.flops_for("bf16", matmul=False) == 1e13


def test_unquoted_exponent_without_dot_is_a_number():
    cfg = parse_config(ISSUE_FORM.replace("5.0e+10", "5e10"), "x.yaml")
    assert cfg.link("data").bandwidth == 5e10


def test_rate_for_dtype_fallbacks():
    assert rate_for_dtype(3.0, "anything") == 3.0
    assert rate_for_dtype({"bf16": 2.0, "default": 1.0}, "f16") == 2.0
    assert rate_for_dtype({"bf16": 2.0, "default": 1.0}, "f32") == 1.0
    assert rate_for_dtype({"bf16": 2.0, "f32": 5.0}, "complex<f32>") == 5.0
    assert rate_for_dtype({"bf16": 2.0, "s8": 4.0}, "f64") == 2.0  # smallest: conservative


# -- errors ----------------------------------------------------------------------------------------------
def bad(text: str) -> str:
    with pytest.raises(CostModelError) as info:
        parse_config(textwrap.dedent(text), "bad.yaml")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("bad.yaml")
    return message


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("mesh:", "mush: 1\nmesh:", r"bad.yaml:1:1: configuration: unknown key 'mush'"),
        ("  memory_bandwidth", "  flops: 1\n  memory_bandwidth", r"bad.yaml:6:3: hardware: unknown key 'flops'"),
        ("latency: 1.0e-5}", "latency: 1.0e-5, speed: 3}", r"axis_links.data: unknown key 'speed'"),
        ("model: {bandwidth", "tensor: {bandwidth", r"bad.yaml:9:3: axis_links: unknown axis 'tensor'"),
        ("  model: {bandwidth: 4.5e+11, latency: 2.0e-6}\n", "", r"axis_links: mesh axis 'model' has no link"),
        ("data: 2, model", "data: 0, model", r"bad.yaml:2:16: mesh axis 'data' has size 0"),
        ("data: 2, model", "data: -2, model", r"mesh axis 'data' has size -2"),
        ("model: 4}", "model: 4}\n  device_ids: [0, 1, 2]", r"bad.yaml:3:15: mesh.device_ids lists 3 devices but "
                                                            r"the axes \(2x4\) make 8"),
        ("model: 4}", "model: 4}\n  device_ids: [0, 1, 2, 3, 4, 5, 6, 6]", r"not a permutation of 0..7"),
        ("bandwidth: 5.0e+10", "bandwidth: -5.0e+10", r"bad.yaml:8:22: axis_links.data.bandwidth must be positive"),
        ("bandwidth: 5.0e+10", "bandwidth: 0", r"axis_links.data.bandwidth must be positive, got '0'"),
        ("latency: 1.0e-5", "latency: -1.0e-5", r"axis_links.data.latency must be non-negative"),
        ("bandwidth: 5.0e+10, ", "", r"axis_links.data: missing key 'bandwidth'"),
        ("  memory_bytes: 8.0e+10           # per device\n", "", r"hardware: missing key 'memory_bytes'"),
        ("data: 2,", "data: two,", r"mesh axis 'data' size must be an integer, got 'two'"),
        ("data: 2,", "data: 2.5,", r"mesh axis 'data' size must be an integer, got '2.5'"),
        ("peak_flops: 4.0e+14", "peak_flops: fast", r"hardware.peak_flops must be a number, got 'fast'"),
        ("peak_flops: 4.0e+14", "peak_flops: '4e14'", r"hardware.peak_flops must be a number"),
        ("peak_flops: 4.0e+14", "peak_flops: {bf16: -1.0}", r"hardware.peak_flops.bf16 must be positive"),
        ("peak_flops: 4.0e+14", "peak_flops: {}", r"hardware.peak_flops map is empty"),
        ("bandwidth: 5.0e+10", "bandwidth: true", r"axis_links.data.bandwidth must be a number, got 'true'"),
        ("bandwidth: 5.0e+10", "bandwidth: .inf", r"axis_links.data.bandwidth must be positive, got '.inf'"),
        ("memory_bytes: 8.0e+10", "memory_bytes: [1]", r"hardware.memory_bytes must be a number, got a list"),
        ("axes: {data: 2, model: 4}", "axes: [data, model]", r"mesh.axes must be a mapping, got a list"),
        ("axes: {data: 2, model: 4}", "axes: {}", r"mesh.axes is empty"),
        ("latency: 1.0e-5}", "latency: 1.0e-5, topology: hypercube}", r"topology 'hypercube' is not one of"),
        ("latency: 1.0e-5}", "latency: 1.0e-5, torus_dims: [2]}", r"torus_dims needs topology: torus"),
        ("latency: 1.0e-5}", "latency: 1.0e-5, topology: torus, torus_dims: [3]}",
         r"torus_dims \[3\] must be positive and multiply to the axis size 2"),
        ("data:  {bandwidth", "data: 5\n  model2:  {bandwidth", r"axis_links.data must be a mapping, got '5'"),
    ],
)
def test_error_cases(old: str, new: str, expected: str):
    assert old in ISSUE_FORM
    import re

    assert re.search(expected, bad(ISSUE_FORM.replace(old, new, 1))), expected


@pytest.mark.parametrize("section", ["mesh", "hardware", "axis_links"])
def test_missing_top_level_sections(section: str):
    lines = ISSUE_FORM.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(section + ":"))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith(" ")), len(lines))
    message = bad("".join(lines[:start] + lines[end:]))
    assert f"configuration: missing key '{section}'" in message


def test_not_yaml_empty_and_duplicate_keys():
    assert "not valid YAML" in bad("mesh: {axes: [}\n")
    with pytest.raises(CostModelError, match="bad.yaml: empty configuration"):
        parse_config("# nothing\n", "bad.yaml")
    assert "key 'model' appears twice" in bad(ISSUE_FORM.replace("model: 4}", "model: 4, model: 2}"))
    assert "configuration must be a mapping" in bad("- 1\n- 2\n")


def test_files_and_profile_names(tmp_path: Path):
    path = tmp_path / "mine.yaml"
    path.write_text(ISSUE_FORM.replace("bandwidth: 5.0e+10", "bandwidth: -1"))
    with pytest.raises(CostModelError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}:8:")
    with pytest.raises(CostModelError, match="config file '.*missing.yaml' does not exist"):
        load_config(tmp_path / "missing.yaml")
    with pytest.raises(CostModelError, match="unknown hardware profile 'tpu-v9'; known profiles: .*h100-8"):
        load_config("tpu-v9")


def test_dataclass_checks():
    with pytest.raises(CostModelError, match="bandwidth must be a positive"):
        AxisLink(-1.0, 0.0)
    with pytest.raises(CostModelError, match="topology 'mesh'"):
        AxisLink(1.0, 0.0, "mesh")
    with pytest.raises(CostModelError, match="memory_bytes must be a positive"):
        HardwareSpec(1.0, 0.0, 1.0)
    mesh = MeshShape.from_sizes({"a": 2})
    hw = HardwareSpec(1.0, 1.0, 1.0)
    with pytest.raises(CostModelError, match="no entry in axis_links"):
        CostConfig(mesh, hw, {})
    with pytest.raises(CostModelError, match="names axis 'b'"):
        CostConfig(mesh, hw, {"a": AxisLink(1.0, 0.0), "b": AxisLink(1.0, 0.0)})
    with pytest.raises(CostModelError, match="torus_dims \\[4\\] multiply to 4"):
        CostConfig(mesh, hw, {"a": AxisLink(1.0, 0.0, "torus", (4,))})
    with pytest.raises(CostModelError, match="unknown mesh axis 'z'"):
        CostConfig(mesh, hw, {"a": AxisLink(1.0, 0.0)}).link("z")


def test_config_from_dict():
    cfg = config_from_dict({
        "mesh": {"axes": {"x": 4}},
        "hardware": {"peak_flops": 1e12, "memory_bytes": 1e9, "memory_bandwidth": 1e11},
        "axis_links": {"x": {"bandwidth": 1e10, "latency": 1e-6}},
    })
    assert cfg.mesh.shape == {"x": 4}


# -- other meshes ----------------------------------------------------------------------------------------
def test_with_mesh_keeps_links_by_name():
    cfg = parse_config(ISSUE_FORM)
    smaller = with_mesh(cfg, {"data": 2, "model": 2})
    assert smaller.link("model") == cfg.link("model") and smaller.link("data") == cfg.link("data")
    assert with_mesh(cfg, cfg.mesh) is cfg
    assert smaller.hardware == cfg.hardware


def test_with_mesh_assigns_links_by_position_minor_axes_fast():
    cfg = load_config("h100-cluster")  # node=4 (InfiniBand), gpu=8 (NVLink)
    nvlink, ib = cfg.link("gpu"), cfg.link("node")
    inside_a_node = with_mesh(cfg, {"data": 2, "model": 4})
    assert inside_a_node.link("model") == nvlink and inside_a_node.link("data") == nvlink
    across = with_mesh(cfg, {"data": 4, "model": 8})
    assert across.link("model") == nvlink and across.link("data") == ib
    beyond = with_mesh(cfg, {"data": 16, "model": 8})  # 128 devices: the InfiniBand level extends
    assert beyond.link("data") == ib
    straddling = with_mesh(cfg, {"data": 2, "model": 16})  # model spans 2 nodes: the slower link prices it
    assert straddling.link("model").bandwidth == ib.bandwidth
    assert straddling.link("model").latency == max(ib.latency, nvlink.latency)


def test_with_mesh_on_a_torus_combines_dimensions():
    cfg = load_config("tpu-v4")  # z=4, y=4, x=4
    remapped = with_mesh(cfg, {"data": 4, "model": 16})
    assert remapped.link("model").topology == "torus"
    assert remapped.link("model").torus_dims == (4, 4)
    assert remapped.link("data").torus_dims is None and remapped.link("data").topology == "torus"


def test_default_and_resolve():
    cfg = default_config(MeshShape.from_sizes({"data": 8}))
    assert cfg.mesh.axis_names == ("data",) and cfg.link("data").topology == "switch"
    assert resolve_config({"a": 2}, None).mesh.shape == {"a": 2}
    assert resolve_config(None, "h100-8").name == "h100-8"
    assert resolve_config({"x": 4}, "tpu-v5e").mesh.shape == {"x": 4}
    with pytest.raises(CostModelError, match="give a mesh"):
        resolve_config(None, None)


def test_yaml_integer_forms_and_hashable_configs():
    cfg = parse_config(ISSUE_FORM.replace("data: 2,", "data: 0x2,"), "x.yaml")
    assert cfg.mesh.shape == {"data": 2, "model": 4}
    assert hash(cfg) == hash(parse_config(ISSUE_FORM, "x.yaml"))
