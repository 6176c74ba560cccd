"""jax's checkpoint policies per repeated block, as recompute groups.

Under every policy a block's outputs (its values that forward ops after it read: the next layer's input) and its
inputs are saved, as when each layer is wrapped in `jax.checkpoint`:
- `NOTHING_SAVEABLE`: every other residual of the block is recomputed from its inputs;
- `DOTS_SAVEABLE`: `stablehlo.dot_general` results are saved too, the rest recomputed;
- `EVERYTHING_SAVEABLE`: nothing is recomputed (no group).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from xdsl.ir import Operation, SSAValue

from autoshard.planner.remat.recompute import RecomputeGroup, ValueRef
from autoshard.planner.remat.repeated_blocks import RepeatedBlock, find_repeated_blocks
from autoshard.planner.remat.residuals import Residual, find_residuals, reader_positions
from autoshard.planner.remat.training_step import TrainingStep
from autoshard.rules.attrs import op_name


_DOT = "stablehlo.dot_general"


class CheckpointPolicy(str, Enum):
    NOTHING_SAVEABLE = "nothing_saveable"
    DOTS_SAVEABLE = "dots_saveable"
    EVERYTHING_SAVEABLE = "everything_saveable"


def policy_groups(step: TrainingStep, policy: CheckpointPolicy,
                  blocks: tuple[RepeatedBlock, ...] | None = None) -> tuple[RecomputeGroup, ...]:
    """One group per repeated block of `step` (found when not given) under `policy`; blocks with nothing to
    recompute are left out."""
    if policy == CheckpointPolicy.EVERYTHING_SAVEABLE:
        return ()
    blocks = find_repeated_blocks(step) if blocks is None else blocks
    residuals = find_residuals(step)
    groups = (block_group(step, block, policy, residuals) for block in blocks)
    return tuple(g for g in groups if g is not None)


def block_group(step: TrainingStep, block: RepeatedBlock, policy: CheckpointPolicy,
                residuals: Sequence[Residual]) -> RecomputeGroup | None:
    """What `block` recomputes under `policy` (`residuals`: the step's), or None when nothing."""
    if policy == CheckpointPolicy.EVERYTHING_SAVEABLE:
        return None
    saved = set(block.inputs)
    if policy == CheckpointPolicy.DOTS_SAVEABLE:
        saved |= {r for op in step.ops[block.start:block.stop] if op_name(op) == _DOT for r in op.results}
    values = [(r.position, r.result_index) for r in residuals
              if block.holds(r.position) and r.value not in saved and not _read_after(step, r.value, block)]
    return RecomputeGroup(tuple(values), tuple(_ref(step, v) for v in saved)) if values else None


def _read_after(step: TrainingStep, value: SSAValue, block: RepeatedBlock) -> bool:
    """Whether a forward op after `block` reads `value` (an output of the block)."""
    return any(block.stop <= p <= step.boundary for p in reader_positions(step, value))


def _ref(step: TrainingStep, value: SSAValue) -> ValueRef:
    owner = value.owner
    assert isinstance(owner, Operation)
    return step.position(owner), value.index
