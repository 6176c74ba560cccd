"""Restate a plan in the form XLA keeps: a `sdy.sharding_constraint` on every planned value XLA would re-decide.

XLA's Shardy import (`xla-sdy-round-trip-import-shardy-attrs`, jaxlib 0.10) keeps the shardings of func
arguments and results, of `sdy.sharding_constraint`s (HLO `Sharding` custom calls) and of manual computations,
and drops `sdy.sharding` on every other op; its propagation then re-decides those values from the kept ones.
So the annotated output pins each planned value with a constraint XLA keeps:

- every tensor result of an op carrying `sdy.sharding` gets a constraint right after the op that feeds all of
  the result's former uses (Shardy's `apply-sharding-constraints` gives the result that sharding back, the
  constraint being its only use); planned reshards, constraints on a consumer's operand, then start from it;
- every loop-carried value of a `stablehlo.while` is pinned where XLA's propagation enters it: at the top of
  the condition and of the body (the block argument's only use becomes the constraint, which fixes the
  carried sharding) and after the loop (its results);
- scalars are left alone: a rank-0 value cannot be sharded, so there is nothing to re-decide.

The op keeps its `sdy.sharding` too (what Shardy and autoshard's own readers take), so every planned value is
stated twice in the text, once for Shardy and once in the form XLA keeps.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from autoshard.dialects.sdy import (
    SHARDING_ATTR, ManualComputationOp, ShardingConstraintOp, TensorShardingAttr, TensorShardingPerValueAttr,
)
from autoshard.rules.attrs import nested_in, op_name

#: ops whose own sharding XLA's import keeps, or that carry none XLA reads
_NOT_PINNED = ("func.func", "func.return", "stablehlo.while", "stablehlo.return", "sdy.return")


def needs_pin(value: SSAValue) -> bool:
    """Whether XLA could shard `value` otherwise than planned: a ranked tensor of rank >= 1."""
    return isinstance(value.type, TensorType) and len(value.type.get_shape()) >= 1


def pin_value(value: SSAValue, sharding: TensorShardingAttr, after: Operation | None = None
              ) -> ShardingConstraintOp | None:
    """Route every use of `value` through a new constraint to `sharding`, placed right after `after` (default:
    its defining op; first in its block for a block argument). Returns the constraint, or None for a value
    that needs none."""
    if not needs_pin(value) or not value.uses:
        return None
    pin = ShardingConstraintOp(value, sharding)
    if isinstance(value, BlockArgument):
        block: Block = value.block
        first = block.first_op
        if first is None:
            block.add_op(pin)
        else:
            Rewriter.insert_op(pin, InsertPoint.before(first))
    else:
        owner = after if after is not None else value.owner
        assert isinstance(owner, Operation)
        Rewriter.insert_op(pin, InsertPoint.after(owner))
    value.replace_uses_with_if(pin.result, lambda use: use.operation is not pin)
    return pin


def pin_op_results(root: Operation) -> int:
    """Pin every tensor result of every op under `root` that carries a per-value `sdy.sharding` (outside
    manual computations, whose bodies work on local shards). Returns the number of constraints inserted."""
    ops = [op for op in _ops_outside_manual_computations(root) if _is_planned_op(op)]
    pinned = 0
    for op in ops:
        shardings = op.attributes[SHARDING_ATTR]
        assert isinstance(shardings, TensorShardingPerValueAttr)
        last: Operation = op
        for result, sharding in zip(op.results, shardings.shardings, strict=True):
            if (pin := pin_value(result, sharding, after=last)) is not None:
                last = pin
                pinned += 1
    return pinned


def _ops_outside_manual_computations(root: Operation) -> Iterator[Operation]:
    """The ops strictly inside `root` (in `walk` order) that lie inside no manual computation."""
    if op_name(root) == ManualComputationOp.name or nested_in(root, ManualComputationOp.name):
        return
    for region in root.regions:
        for block in region.blocks:
            for op in block.ops:
                yield op
                if op.regions and op_name(op) != ManualComputationOp.name:
                    yield from _ops_outside_manual_computations(op)


def _is_planned_op(op: Operation) -> bool:
    name = op_name(op)
    sharding = op.attributes.get(SHARDING_ATTR)
    return (isinstance(sharding, TensorShardingPerValueAttr) and len(sharding.shardings) == len(op.results)
            and name not in _NOT_PINNED and not name.startswith("sdy."))
