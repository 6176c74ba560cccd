"""Zoo models with hand-annotated argument shardings (expert strategies) simulate equal to the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.xla.expert_shardings import expert_sharding
from autoshard.xla.hand_annotate import annotate_arguments

ZOO = Path(__file__).resolve().parents[1] / "data" / "zoo"


@pytest.mark.parametrize("model", ["mlp", "transformer_block", "moe", "convnet", "scan_layers"])
@pytest.mark.parametrize("strategy", ["tensor_parallel", "2d"])
def test_zoo_hand_annotated_simulates_equal(model: str, strategy: str):
    expert = expert_sharding(model, strategy)
    text = annotate_arguments((ZOO / f"{model}.debug.mlir").read_text(), expert.mesh_axes, expert.arg_dims)
    report = simulate(parse_module(text, f"{model}.mlir"))
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.num_devices == 8
    assert report.stats.total() > 0  # tensor parallelism moves data
