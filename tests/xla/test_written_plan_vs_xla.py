"""What users get: the file `autoshard plan` writes, compiled by XLA unmodified, performs the collectives the
plan's report lists (per kind and mesh axes: count and bytes per device per step, loops per iteration).

The profile makes compute dear and links cheap so the zoo's small models plan sharded (reshards, settles,
loop-carried shardings, all-to-alls), not replicated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("jax")

from autoshard.tools.cli import main  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PROFILE = REPO / "tests" / "data" / "profiles" / "sharding_heavy.yaml"
ZOO = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
MESHES = {"2x4": "data=2,model=4", "2x2x2": "data=2,model=2,seq=2"}

pytestmark = pytest.mark.xla


@pytest.mark.parametrize("mesh", sorted(MESHES))
@pytest.mark.parametrize("model", ZOO)
def test_xla_compiles_the_written_file_to_the_reported_collectives(model, mesh, tmp_path, capsys):
    out, report = tmp_path / f"{model}.planned.mlir", tmp_path / "report.json"
    code = main(["plan", str(REPO / "examples" / f"{model}.mlir"), "--mesh", MESHES[mesh], "--config", str(PROFILE),
                 "--time-limit", "5", "--no-compare", "-o", str(out), "--report", str(report), "--quiet"])
    assert code == 0
    assert json.loads(report.read_text())["collectives"], "the profile should make the plan shard"
    capsys.readouterr()

    code = main(["validate", str(out), "--report", str(report)])

    printed = capsys.readouterr()
    assert code == 0, printed.out[printed.out.index("XLA's collectives vs"):] + printed.err
    assert "only planned" not in printed.out and "only compiled" not in printed.out
