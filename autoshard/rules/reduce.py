"""reduce, reduce_window and select_and_scatter."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import ReduceOp, ReduceWindowOp, SelectAndScatterOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule("stablehlo.reduce")
def reduce_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands are N inputs then N init values; reduced dimensions are reduction factors of the inputs."""
    num_inputs = len(op.results)
    reduced = set(typed_op(op, ReduceOp).dimensions)
    builder = OpShardingRuleBuilder.for_op(op)
    out_dim = 0
    for in_dim, size in enumerate(operand_shapes(op)[0]):
        operand_dims = [in_dim] * num_inputs + [NULL_DIM] * (builder.num_operands - num_inputs)
        if in_dim in reduced:
            builder.add_factor(operand_dims, [NULL_DIM] * num_inputs, size, FactorType.REDUCTION)
        else:
            builder.add_factor(operand_dims, [out_dim] * num_inputs, size)
            out_dim += 1
    return builder.build()


def is_window_pass_through_dim(op: ReduceWindowOp | SelectAndScatterOp, dim: int) -> bool:
    """Window size 1, stride 1 and no padding: the dimension maps one to one."""
    if op.padding_attr is not None and op.padding[dim] != (0, 0):
        return False
    return (not op.window_strides or op.window_strides[dim] == 1) and (not op.window_dimensions or op.window_dimensions[dim] == 1)


@register_rule("stablehlo.reduce_window")
def reduce_window_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """One factor per result dimension (the number of windows); windowed dimensions are permutation."""
    reduce_window = typed_op(op, ReduceWindowOp)

    def factor_type(dim: int) -> FactorType:
        return FactorType.PASS_THROUGH if is_window_pass_through_dim(reduce_window, dim) else FactorType.PERMUTATION

    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(result_shapes(op)[0], factor_type, lambda t: conservative and t is FactorType.PERMUTATION)
        .build()
    )


@register_rule("stablehlo.select_and_scatter")
def select_and_scatter_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands (operand, source, init_value). A windowed dimension gets a need_replication factor on the
    source and a permutation factor from operand to result."""
    select_and_scatter = typed_op(op, SelectAndScatterOp)
    source_shape = operand_shapes(op)[1]
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(result_shapes(op)[0]):
        if is_window_pass_through_dim(select_and_scatter, dim):
            builder.add_factor_same_dim(dim, size)
            continue
        builder.add_factor([NULL_DIM, dim, NULL_DIM], NULL_DIM, source_shape[dim], FactorType.NEED_REPLICATION, conservative)
        builder.add_factor([dim, NULL_DIM, NULL_DIM], dim, size, FactorType.PERMUTATION, conservative)
    return builder.build()
