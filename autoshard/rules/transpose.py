"""transpose: result dimension d is operand dimension permutation[d]."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.rules.attrs import op_ints
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import OpShardingRule


@register_rule("stablehlo.transpose")
def transpose_rule(op: Operation, conservative: bool) -> OpShardingRule:
    in_shape = operand_shapes(op)[0]
    builder = OpShardingRuleBuilder.for_op(op)
    for out_dim, in_dim in enumerate(op_ints(op, "permutation")):
        builder.add_factor(in_dim, out_dim, in_shape[in_dim])
    return builder.build()
