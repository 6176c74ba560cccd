"""The plan's memory accounted in a child while the search goes on (`planner/incumbent_memory.py`) is the memory
accounted in place after it, and the parent then accounts none itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autoshard import background
from autoshard.tools import cli

REPO = Path(__file__).resolve().parents[2]
MLP = REPO / "examples" / "mlp.mlir"
TRANSFORMER = REPO / "examples" / "transformer_block.mlir"

#: `autoshard plan` in a fresh process (no JAX imported: it may fork) whose incumbents' memory is accounted beside
#: the search only in a child (which fails when `CHILD` is "fails"), and which counts the plans whose memory the
#: parent accounts itself
BESIDE_THE_SEARCH = """
import atexit, json, os, sys
import autoshard.planner.api as api
import autoshard.planner.incumbent_memory as beside
parent, in_place, beside_plan_memory = os.getpid(), api.plan_memory, beside.plan_memory
calls = {"parent": 0}
def accounted_in_child(*args):
    assert os.getpid() != parent, "an incumbent's memory was accounted beside the search in the parent"
    if os.environ["CHILD"] == "fails":
        raise RuntimeError("the child cannot account")
    return beside_plan_memory(*args)
def accounted_in_parent(*args):
    calls["parent"] += 1
    return in_place(*args)
beside.plan_memory, api.plan_memory = accounted_in_child, accounted_in_parent
beside.MIN_NODES = 0  # the examples are small
atexit.register(lambda: print(json.dumps(calls)))
from autoshard.tools.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("child", ["accounts", "fails"])
@pytest.mark.parametrize("model, mesh", [(MLP, "data=2,model=4"), (TRANSFORMER, "data=2,fsdp=2,model=2")])
def test_the_memory_accounted_beside_the_search_is_the_memory_accounted_after_it(tmp_path: Path, capsys,
                                                                                 monkeypatch, model: Path,
                                                                                 mesh: str, child: str) -> None:
    """The child's figure is the plan's, and the parent accounts none; when the child fails, the parent accounts
    the plan in place: the same file and report either way."""
    common = [str(model), "--mesh", mesh, "--carry-state", "--time-limit", "2", "--no-compare", "--quiet"]
    done = subprocess.run([sys.executable, "-c", BESIDE_THE_SEARCH, "plan", *common,
                           "-o", str(tmp_path / "beside.mlir"), "--report", str(tmp_path / "beside.json")],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO), "CHILD": child})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"parent": 0 if child == "accounts" else 1}
    monkeypatch.setattr(background, "ENABLED", False)
    assert cli.main(["plan", *common, "-o", str(tmp_path / "after.mlir"), "--report", str(tmp_path / "after.json")]) == 0
    capsys.readouterr()
    beside, after = (json.loads((tmp_path / f"{name}.json").read_text()) for name in ("beside", "after"))
    assert beside["cost"] == after["cost"] and beside["arguments"] == after["arguments"]
    assert (tmp_path / "beside.mlir").read_text() == (tmp_path / "after.mlir").read_text()
