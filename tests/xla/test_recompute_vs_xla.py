"""The recomputation rewrite (`autoshard.planner.remat`) under XLA:CPU: the rewritten training step computes the
unsharded step's results on 1 and 8 host devices, and recomputing each layer under jax's `nothing_saveable` policy
lowers the compiled temporary memory when protected by the conditional, while jax's barrier protection leaves it
where it was (XLA:CPU expands barriers before its CSE merges the clones with the forward values; a failure of that
assertion means XLA:CPU started keeping barriers, and the default protection is worth revisiting)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")

from autoshard.ir.printing import print_module  # noqa: E402
from autoshard.planner.remat.policies import CheckpointPolicy  # noqa: E402
from autoshard.planner.remat.recompute import Protection  # noqa: E402
from autoshard.planner.remat.rematerialize import rematerialize  # noqa: E402
from autoshard.xla.compile_run import compile_and_run, compiled_memory_stats  # noqa: E402
from remat_steps import residual_mlp_step_text  # noqa: E402

pytestmark = pytest.mark.xla

#: batch, hidden, ffn, layers: the activations (batch x ffn per layer) outweigh the weights and their gradients
SIZES = (1024, 64, 256, 3)


def rewritten(text: str, protection: Protection, policy=CheckpointPolicy.NOTHING_SAVEABLE) -> str:
    module = rematerialize(text, policy, protection)
    module.verify()
    return print_module(module)


@pytest.mark.parametrize("devices", [1, 8])
def test_the_recomputed_step_computes_the_unsharded_results(devices):
    for policy in (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE):
        text = rewritten(residual_mlp_step_text(*SIZES, devices=devices), Protection.CONDITIONAL, policy)
        run = compile_and_run(text, devices, seed=2)
        assert run.matches, run.first_mismatch


@pytest.mark.parametrize("devices", [1, 8])
def test_conditional_protection_lowers_compiled_memory_and_the_barrier_does_not(devices):
    text = residual_mlp_step_text(*SIZES, devices=devices)
    baseline = compiled_memory_stats(text, devices).temp_bytes
    conditional = compiled_memory_stats(rewritten(text, Protection.CONDITIONAL), devices).temp_bytes
    barrier = compiled_memory_stats(rewritten(text, Protection.BARRIER), devices).temp_bytes
    assert conditional < 0.8 * baseline, (conditional, baseline)
    assert barrier >= 0.95 * baseline, (barrier, baseline)
