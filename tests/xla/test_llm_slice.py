"""A LLaMA-shaped training step at small dimensions (2 layers, `jax.checkpoint` per layer, grouped-query attention,
SwiGLU, AdamW, state donated), planned on 8x8 and 16x16 and run by XLA on 64 and 256 host devices: the results
match the unsharded run and XLA needs no "Involuntary full rematerialization" for any planned reshard; at the 8B,
Pythia and Gemma-2 steps' proportions the plan's peak memory is within 10% of XLA's compiled memory and not under it
(a Mixtral-shaped mixture of experts is not yet: a strict xfail)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.planner.user_constraints import PlanOptions  # noqa: E402
from autoshard.xla.jax_runtime import with_device_count_flag  # noqa: E402

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


#: the 8B step's proportions (query/key-value heads 4:1, SwiGLU width 3.5x hidden) at a size where activations,
#: not XLA's fixed buffers, set the peak
EIGHT_B_SLICE = dict(hidden=512, heads=8, kv_heads=2, ffn=1792, vocab=4096)

#: XLA's compiled memory (arguments + outputs + temporaries - aliased) of a written file, in a process of its own
#: so that jax can be given the mesh's number of host devices
COMPILED_BYTES = """
import sys
from autoshard.xla.compile_run import compiled_memory_stats
print(compiled_memory_stats(open(sys.argv[1]).read(), int(sys.argv[2])).total_bytes)
"""


def _compiled_bytes(plan, tmp_path: Path) -> int:
    """XLA's compiled memory of the file `plan` writes, compiled on its mesh's number of host devices."""
    written = tmp_path / "slice.planned.mlir"
    written.write_text(emit_plan(plan))
    devices = plan.mesh.num_devices
    env = {**os.environ, "XLA_FLAGS": with_device_count_flag(os.environ.get("XLA_FLAGS", ""), devices)}
    done = subprocess.run([sys.executable, "-c", COMPILED_BYTES, str(written), str(devices)], env=env,
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return int(done.stdout.split()[-1])


def _checkpointed_slice_memory(model: str, sizes: dict, tmp_path: Path) -> tuple[int, int]:
    """(predicted, XLA's compiled) memory of a 2-layer checkpointed slice of `model` at `sizes`, planned on 8x8."""
    shape = replace(llm_steps.shape_of(model, layers=2, batch=64, seq=256, checkpoint=True), **sizes)
    plan = autoshard.plan(llm_steps.export(shape), mesh="data=8,model=8", time_limit=5, seed=0,
                          options=PlanOptions(carry_state=True))
    return plan.cost.peak_memory_bytes, _compiled_bytes(plan, tmp_path)


def test_predicted_memory_of_an_8b_shaped_slice_is_within_10_percent_of_xla_and_not_under(tmp_path) -> None:
    """The plan shards tokens over `model` and leaves `data` idle: XLA computes each weight gradient's part along
    `data` from a slice of its forward input written in the forward pass (`idle_axis_scatter`), and holds the slices,
    not the inputs (1.13x XLA's compiled memory before that rule, 1.014x with it; the plan the search takes since
    those dots are priced as XLA runs them is at 1.033x)."""
    predicted, compiled = _checkpointed_slice_memory("llama3-8b", EIGHT_B_SLICE, tmp_path)
    assert compiled <= predicted <= 1.10 * compiled, (predicted, compiled, predicted / compiled)


#: Pythia-6.9B's proportions (GPT-NeoX: 8 heads of 64 for 512, MLP width 4x, exact GELU, gradients clipped to a
#: global norm), an architecture the planner was not tuned on
PYTHIA_SLICE = dict(hidden=512, heads=8, kv_heads=8, ffn=2048, vocab=4096)


def test_predicted_memory_of_a_neox_shaped_slice_is_within_10_percent_of_xla_and_not_under(tmp_path) -> None:
    """The exact GELU's erfc is read by its product and its derivative: XLA writes the three values of its f32
    expansion (`chlo_expansion`), held from the forward pass to the backward (1.039x XLA's compiled memory; 0.892x
    with the erfc's result counted once). The LayerNorm gradients compute x - mean again from each layer's input
    inside their loop fusions, so XLA holds the inputs until there (0.986x without that rule, with the weight
    gradients' slices of `idle_axis_scatter`; 1.014x with it)."""
    predicted, compiled = _checkpointed_slice_memory("pythia-6.9b", PYTHIA_SLICE, tmp_path)
    assert compiled <= predicted <= 1.10 * compiled, (predicted, compiled, predicted / compiled)


#: Gemma-2-9B's proportions (16 query heads over 8 key-value heads, hidden 3584 / 8, GeGLU 4x, vocabulary 71x
#: hidden; soft-capped logits, norms after attention and MLP), an architecture the planner was not tuned on
GEMMA2_SLICE = dict(hidden=448, heads=16, kv_heads=8, attention_head_dim=32, ffn=1792, vocab=32000)


def test_predicted_memory_of_a_gemma2_shaped_slice_is_within_10_percent_of_xla_and_not_under(tmp_path) -> None:
    """The soft-capped logits' gradient, read as a matrix by both its dots, is written beside the three
    logits-sized values it reads (0.848x XLA's compiled memory before that rule, 0.974x after); the GeGLU product,
    merged with its recomputation and kept out of its backward readers, is written in the forward pass and held
    (0.995x with it); the zeros the tied embedding's gradient is scattered into, read by its add resharded, are
    written at the step's start (0.998x); a value an op fused into a reduction's library fusion reads is held until
    that reduction reads it from memory, and a recomputation's loop-fused readers compute a merged cheap value again
    from its inputs (1.0001x)."""
    predicted, compiled = _checkpointed_slice_memory("gemma2-9b", GEMMA2_SLICE, tmp_path)
    assert compiled <= predicted <= 1.10 * compiled, (predicted, compiled, predicted / compiled)


def test_predicted_memory_of_an_unchecked_8b_shaped_slice_is_not_under_xla(tmp_path) -> None:
    """Without `jax.checkpoint` the backward ops read forward values and gradients computed from them through dots:
    XLA writes the SwiGLU's `gate * sigmoid(gate)` and the residual adds rather than duplicate them into those
    readers (`unfusible_producers`), and the prediction counts their buffers; each RMSNorm's `x * rsqrt(...)` is
    held until its weight's gradient reduces it in a library fusion (0.946x XLA's compiled memory without that rule,
    with the weight gradients' slices of `idle_axis_scatter`; 1.005x with it)."""
    shape = replace(llm_steps.shape_of("llama3-8b", layers=8, batch=64, seq=256), **EIGHT_B_SLICE)
    plan = autoshard.plan(llm_steps.export(shape), mesh="data=8,model=8", config="h100-cluster", time_limit=5,
                          seed=0, num_workers=1, options=PlanOptions(carry_state=True))
    compiled = _compiled_bytes(plan, tmp_path)
    assert plan.cost.peak_memory_bytes >= compiled, (plan.cost.peak_memory_bytes, compiled,
                                                     plan.cost.peak_memory_bytes / compiled)


def test_predicted_memory_of_a_bf16_8b_shaped_slice_is_within_15_percent_of_xla_and_not_under(tmp_path) -> None:
    """bf16 parameters with f32 optimizer moments: XLA:CPU computes the bf16 values in f32 and its dots read f32
    copies of the bf16 weights, converted at the step's start (`XlaBackend.computes_bf16_as_f32`); the prediction
    counts them. Measured: 1.12x XLA's compiled memory (without them, the plan then found: 1.32x; the 8B step at
    8x8: 0.60x without, 1.05x with)."""
    shape = replace(llm_steps.shape_of("llama3-8b", layers=4, batch=64, seq=256, checkpoint=True, dtype="bf16"),
                    **EIGHT_B_SLICE)
    plan = autoshard.plan(llm_steps.export(shape), mesh="data=8,model=8", config="h100-cluster", time_limit=5,
                          seed=0, num_workers=1, options=PlanOptions(carry_state=True))
    compiled = _compiled_bytes(plan, tmp_path)
    assert compiled <= plan.cost.peak_memory_bytes <= 1.15 * compiled, (
        plan.cost.peak_memory_bytes, compiled, plan.cost.peak_memory_bytes / compiled)


@pytest.mark.xfail(strict=True, reason="MoE memory over-counted 1.68x (docs/limitations.md): XLA strength-reduces the "
                   "router's batch-only dots into multiply fusions, slices the one-hot from its inputs where read, "
                   "and lets an operand resharded early die at its other readers")
def test_predicted_memory_of_a_mixtral_shaped_slice_is_within_10_percent_of_xla_and_not_under(tmp_path) -> None:
    """A top-2 mixture of 8 SwiGLU experts (capacity 1.25), the 8B slice's widths: predicted 921.7 MB against XLA's
    547.3 MB at `494e120` (`bench/slice_fidelity.py`)."""
    shape = replace(llm_steps.shape_of("mixtral-8x7b", layers=2, batch=64, seq=256, checkpoint=True), **EIGHT_B_SLICE)
    plan = autoshard.plan(llm_steps.export(shape), mesh="data=8,model=8", config="h100-cluster", time_limit=5,
                          seed=0, num_workers=1, options=PlanOptions(carry_state=True))
    compiled = _compiled_bytes(plan, tmp_path)
    assert compiled <= plan.cost.peak_memory_bytes <= 1.10 * compiled, (
        plan.cost.peak_memory_bytes, compiled, plan.cost.peak_memory_bytes / compiled)
