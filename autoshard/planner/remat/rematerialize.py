"""`rematerialize`: recompute every repeated layer of a jax training step under one of jax's checkpoint policies."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from autoshard.ir.inline_calls import inline_private_calls
from autoshard.ir.parse import parse_module
from autoshard.planner.remat.policies import CheckpointPolicy, policy_groups
from autoshard.planner.remat.recompute import Protection, recompute
from autoshard.planner.remat.training_step import split_training_step


def rematerialize(module: ModuleOp | str, policy: CheckpointPolicy = CheckpointPolicy.NOTHING_SAVEABLE,
                  protection: Protection = Protection.CONDITIONAL, loss_result: int = 0) -> ModuleOp:
    """The step (a module, or its text: parsed, private calls inlined) with each layer's residuals recomputed
    under `policy` before their backward readers; the loss is result `loss_result`. A module is changed in place.
    """
    if isinstance(module, str):
        module = parse_module(module)
    inline_private_calls(module)
    recompute(module, policy_groups(split_training_step(module, loss_result), policy), protection, loss_result)
    return module
