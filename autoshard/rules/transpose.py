"""transpose: result dimension d is operand dimension permutation[d]."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import TransposeOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule("stablehlo.transpose")
def transpose_rule(op: Operation, conservative: bool) -> OpShardingRule:
    in_shape = operand_shapes(op)[0]
    builder = OpShardingRuleBuilder.for_op(op)
    for out_dim, in_dim in enumerate(typed_op(op, TransposeOp).permutation):
        builder.add_factor(in_dim, out_dim, in_shape[in_dim])
    return builder.build()
