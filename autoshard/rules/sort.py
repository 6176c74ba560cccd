"""sort and top-k (chlo.top_k; the custom calls are in custom_call.py)."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import SortOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule("stablehlo.sort")
def sort_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """The sort dimension needs replication (blocked when every other dimension has size 1); the others
    are batch dimensions."""
    shape = operand_shapes(op)[0]
    sort_dim = typed_op(op, SortOp).dimension
    if sort_dim < 0:
        sort_dim += len(shape)
    blocked = all(d == sort_dim or size == 1 for d, size in enumerate(shape))
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(shape):
        if dim == sort_dim:
            builder.add_factor_same_dim(dim, size, FactorType.NEED_REPLICATION, blocked)
        else:
            builder.add_factor_same_dim(dim, size)
    return builder.build()


def top_k_rule_for(op: Operation) -> OpShardingRule:
    """Pointwise over the operand; the dimension cut down to k needs replication and is blocked."""
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_with_mismatch_type(
            operand_shapes(op)[0], result_shapes(op)[0], FactorType.NEED_REPLICATION, mismatch_blocked=True
        )
        .build()
    )


@register_rule("chlo.top_k")
def chlo_top_k_rule(op: Operation, conservative: bool) -> OpShardingRule:
    return top_k_rule_for(op)
