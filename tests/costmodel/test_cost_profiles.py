"""Every shipped profile loads, says where its numbers come from, and prices a collective."""

from __future__ import annotations

from pathlib import Path

import pytest

from costmodel import collectives as cc
from costmodel.hardware import DEFAULT_PROFILE, PROFILE_DIR, available_profiles, load_profile

REPO = Path(__file__).resolve().parents[2]
EXPECTED = {"tpu-v4", "tpu-v5e", "tpu-v5p", "a100-8", "h100-8", "a100-cluster", "h100-cluster", "host-cpu"}


def test_the_profiles_are_shipped():
    assert PROFILE_DIR == REPO / "configs" / "hardware"
    assert EXPECTED <= set(available_profiles())
    assert DEFAULT_PROFILE in available_profiles()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_profile_loads_and_prices(name: str):
    cfg = load_profile(name)
    assert cfg.name == name
    text = (PROFILE_DIR / f"{name}.yaml").read_text()
    assert "Source" in text or "source" in text or "APPROXIMATE" in text
    assert cfg.hardware.flops_for("bf16") > 0 and cfg.hardware.memory_bytes > 1e9
    cost = cc.all_reduce(cfg, cfg.mesh.axis_names, 2**30)
    assert cost.group_size == cfg.num_devices and cost.time_s > 0


@pytest.mark.parametrize("path", sorted((REPO / "configs").glob("*.yaml")), ids=lambda p: p.name)
def test_example_configs_load(path: Path):
    assert load_profile(path).num_devices >= 1


def test_tpus_are_tori_and_gpu_nodes_switches():
    for name in ("tpu-v4", "tpu-v5e", "tpu-v5p"):
        assert {link.topology for link in load_profile(name).axis_links.values()} == {"torus"}
    for name in ("a100-8", "h100-8"):
        assert load_profile(name).link("gpu").topology == "switch"
    for name in ("a100-cluster", "h100-cluster"):
        cfg = load_profile(name)
        assert cfg.link("node").bandwidth < cfg.link("gpu").bandwidth / 5  # InfiniBand << NVLink
