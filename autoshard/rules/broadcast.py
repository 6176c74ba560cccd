"""broadcast_in_dim (and the legacy `broadcast`): output dimensions map back to operand dimensions."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import BroadcastInDimOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, OpShardingRule
from autoshard.rules.typed_ops import typed_op


def _broadcast(op: Operation, broadcast_dimensions: list[int]) -> OpShardingRule:
    (in_shape,), (out_shape,) = operand_shapes(op)[:1], result_shapes(op)
    out_to_in = [NULL_DIM] * len(out_shape)
    for in_dim, out_dim in enumerate(broadcast_dimensions):
        out_to_in[out_dim] = in_dim
    builder = OpShardingRuleBuilder.for_op(op)
    for out_dim, out_size in enumerate(out_shape):
        in_dim = out_to_in[out_dim]
        if in_dim != NULL_DIM and in_shape[in_dim] == 1 and out_size != 1:
            # a size-1 operand dimension expanded in place: its own size-1 factor, then a broadcast factor
            builder.add_factor(in_dim, NULL_DIM, 1)
            in_dim = NULL_DIM
        builder.add_factor(in_dim, out_dim, out_size)
    return builder.build()


@register_rule("stablehlo.broadcast_in_dim")
def broadcast_in_dim_rule(op: Operation, conservative: bool) -> OpShardingRule:
    return _broadcast(op, typed_op(op, BroadcastInDimOp).broadcast_dimensions)


@register_rule("stablehlo.broadcast")
def broadcast_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """`broadcast` prepends `broadcast_sizes` dimensions: operand dimension d is result dimension d + n."""
    (in_shape,), (out_shape,) = operand_shapes(op), result_shapes(op)
    offset = len(out_shape) - len(in_shape)
    return _broadcast(op, [d + offset for d in range(len(in_shape))])
