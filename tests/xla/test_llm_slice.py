"""A LLaMA-shaped training step at small dimensions (2 layers, `jax.checkpoint` per layer, grouped-query attention,
SwiGLU, AdamW, state donated), planned on 8x8 and 16x16 and run by XLA on 64 and 256 host devices: the results
match the unsharded run and XLA needs no "Involuntary full rematerialization" for any planned reshard."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.planner.user_constraints import PlanOptions  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "examples"))
import llm_steps  # noqa: E402

pytestmark = [pytest.mark.xla, pytest.mark.slow]
SHARDING_HEAVY = REPO_ROOT / "tests" / "data" / "profiles" / "sharding_heavy.yaml"
REMAT_WARNING = "Involuntary full rematerialization"


@pytest.fixture(scope="module")
def step_text() -> str:
    shape = replace(llm_steps.shape_of("llama3-8b", layers=2, batch=32, seq=16, checkpoint=True),
                    hidden=64, heads=4, kv_heads=2, ffn=128, vocab=256)
    return llm_steps.export(shape)


@pytest.mark.parametrize("mesh", ["data=8,model=8", "data=16,model=16"])
def test_a_planned_slice_runs_on_the_mesh_without_full_rematerialization(step_text, mesh, tmp_path) -> None:
    plan = autoshard.plan(step_text, mesh=mesh, config=str(SHARDING_HEAVY), time_limit=3, seed=0,
                          options=PlanOptions(carry_state=True))
    assert any(s is not None and s.all_axes() for s in plan.sharding_plan.arguments)  # the plan shards state
    written = tmp_path / "step.planned.mlir"
    written.write_text(emit_plan(plan))
    done = subprocess.run([sys.executable, "-m", "autoshard.tools.cli", "validate", str(written)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"on {plan.mesh.num_devices} host CPU devices" in done.stdout
    assert REMAT_WARNING not in done.stderr, [line for line in done.stderr.splitlines() if REMAT_WARNING in line]
