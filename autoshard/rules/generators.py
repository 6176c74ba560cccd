"""Ops that make new tensors: rng_bit_generator and rng (Shardy rules), iota (a planner-only extension)."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.rules.builder import OpShardingRuleBuilder, conservative_rule, operand_shapes, result_shapes
from autoshard.rules.registry import register_extension, register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule


@register_rule("stablehlo.rng_bit_generator")
def rng_bit_generator_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """The initial and output states are replicated and blocked; the output's dimensions are free."""
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(operand_shapes(op)[0]):
        builder.add_factor(dim, [dim, NULL_DIM], size, FactorType.NEED_REPLICATION, blocked=True)
    for dim, size in enumerate(result_shapes(op)[1]):
        builder.add_factor(NULL_DIM, [NULL_DIM, dim], size)
    return builder.build()


@register_extension("stablehlo.iota", "chlo.constant")
def iota_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Every result dimension is free: each device can compute its own block of an iota (or a constant)."""
    return OpShardingRuleBuilder.for_op(op).add_pointwise(result_shapes(op)[0]).build()


@register_extension("stablehlo.rng")
def rng_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """`rng(a, b, shape)`: scalar bounds and a shape operand; the result's dimensions are free."""
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(result_shapes(op)[0]):
        builder.add_factor([NULL_DIM] * builder.num_operands, dim, size)
    return builder.build()


@register_extension("stablehlo.replica_id", "stablehlo.get_dimension_size", "stablehlo.tuple", "stablehlo.get_tuple_element")
def scalar_or_tuple_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Scalars and tuples: nothing to shard; every dimension (if any) its own replicated factor."""
    return conservative_rule(operand_shapes(op), result_shapes(op))
