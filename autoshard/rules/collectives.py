"""StableHLO collectives: the gathered/scattered/split dimensions need replication, the rest pass through."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import AllGatherOp, AllToAllOp, ReduceScatterOp
from autoshard.rules.builder import OpShardingRuleBuilder, build_pointwise, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule(
    "stablehlo.all_reduce", "stablehlo.collective_broadcast", "stablehlo.collective_permute", "stablehlo.cross-replica-sum"
)
def pointwise_collective_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    return build_pointwise(op)


def _split_dim_rule(op: Operation, dim: int) -> OpShardingRuleBuilder:
    in_shape = operand_shapes(op)[0]
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_if(in_shape, lambda d: d != dim)
        .add_factor_same_for_all_operands(dim, in_shape[dim], FactorType.NEED_REPLICATION)
        .add_factor_same_for_all_results(dim, result_shapes(op)[0][dim], FactorType.NEED_REPLICATION)
    )


@register_rule("stablehlo.all_gather")
def all_gather_rule(op: Operation, conservative: bool) -> OpShardingRule:
    return _split_dim_rule(op, typed_op(op, AllGatherOp).all_gather_dim).build()


@register_rule("stablehlo.reduce_scatter")
def reduce_scatter_rule(op: Operation, conservative: bool) -> OpShardingRule:
    return _split_dim_rule(op, typed_op(op, ReduceScatterOp).scatter_dimension).build()


@register_rule("stablehlo.all_to_all")
def all_to_all_rule(op: Operation, conservative: bool) -> OpShardingRule:
    all_to_all = typed_op(op, AllToAllOp)
    split, concat = all_to_all.split_dimension, all_to_all.concat_dimension
    in_shape, out_shape = operand_shapes(op)[0], result_shapes(op)[0]
    builder = (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_if(in_shape, lambda d: d not in (split, concat))
        .add_factor_same_for_all_operands(split, in_shape[split], FactorType.NEED_REPLICATION)
        .add_factor_same_for_all_results(split, out_shape[split], FactorType.NEED_REPLICATION)
    )
    if split != concat:
        builder.add_factor_same_for_all_operands(concat, in_shape[concat], FactorType.NEED_REPLICATION)
        builder.add_factor_same_for_all_results(concat, out_shape[concat], FactorType.NEED_REPLICATION)
    return builder.build()
