"""The adapter between costmodel's plain profiles and autoshard's meshes, axes and one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.errors import Location, UserError
from autoshard.sharding import AxisRef, Mesh, SubAxisInfo
from autoshard.sharding.hardware_profiles import (
    axis_specs,
    element_bytes,
    load_config,
    mesh_shape,
    parse_config,
    profile_mesh,
    resolve_config,
    with_mesh,
)
from costmodel import collectives as cc
from costmodel import hardware
from costmodel.errors import CostModelError

PROFILE = """\
mesh: {axes: {data: 2, model: 4}, device_ids: [7, 6, 5, 4, 3, 2, 1, 0]}
hardware: {peak_flops: 1.0e+14, memory_bytes: 1.0e+10, memory_bandwidth: 1.0e+12}
axis_links:
  data: {bandwidth: 5.0e+10, latency: 1.0e-5}
  model: {bandwidth: -1, latency: 2.0e-6}
"""


def test_profile_errors_become_one_line_user_errors_with_their_location():
    with pytest.raises(CostModelError):
        hardware.parse_config(PROFILE, "hw.yaml")
    with pytest.raises(UserError) as info:
        parse_config(PROFILE, "hw.yaml")
    assert info.value.location == Location("hw.yaml", 5, 22)
    assert str(info.value) == "hw.yaml:5:22: axis_links.model.bandwidth must be positive, got '-1'"
    with pytest.raises(UserError, match="unknown hardware profile 'tpu-v9'"):
        load_config("tpu-v9")
    with pytest.raises(UserError, match="give a mesh"):
        resolve_config(None, None)


def test_cli_mesh_strings_are_checked_as_meshes():
    assert resolve_config("data=2,model=4", "h100-8").mesh.shape == {"data": 2, "model": 4}
    with pytest.raises(UserError, match="NAME=SIZE"):
        resolve_config("data", "h100-8")
    with pytest.raises(UserError, match="appears twice"):
        with_mesh(load_config("h100-8"), "a=2,a=2")


def test_profile_mesh_round_trips_with_device_ids(tmp_path: Path):
    path = tmp_path / "hw.yaml"
    path.write_text(PROFILE.replace("bandwidth: -1", "bandwidth: 4.5e+11"))
    config = load_config(path)
    mesh = profile_mesh(config)
    assert mesh == Mesh.from_sizes({"data": 2, "model": 4}, range(7, -1, -1))
    assert mesh_shape(mesh) == config.mesh
    assert with_mesh(config, mesh) is config


def test_axis_refs_price_as_the_plain_axes_they_name():
    config = resolve_config("x=8", "h100-8")
    refs = (AxisRef("x", SubAxisInfo(4, 2)),)
    assert axis_specs(refs) == (("x", 4, 2),)
    assert axis_specs((AxisRef("x"),)) == ("x",)
    gathered = cc.all_gather(config, axis_specs(refs), 1e6)
    assert gathered.axes == ("x:(4)2",) and gathered.group_size == 2


def test_an_element_type_the_cost_model_cannot_size_is_a_user_error():
    assert element_bytes("bf16") == 2 and element_bytes("f8E4M3B11FNUZ") == 1
    with pytest.raises(UserError, match="unknown element type '!stablehlo.token'"):
        element_bytes("!stablehlo.token")
    module = """module @m {
  func.func public @main(%arg0: tensor<4x!stablehlo.token>) -> tensor<4x!stablehlo.token> {
    return %arg0 : tensor<4x!stablehlo.token>
  }
}"""
    with pytest.raises(UserError, match="unknown element type '!stablehlo.token'"):
        autoshard.plan(module, mesh="x=2", time_limit=1, num_workers=1)
