"""reduce, reduce_window and select_and_scatter."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Operation

from autoshard.rules.attrs import get_attr, int_list, op_ints
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule


@register_rule("stablehlo.reduce")
def reduce_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands are N inputs then N init values; reduced dimensions are reduction factors of the inputs."""
    num_inputs = len(op.results)
    reduced = set(op_ints(op, "dimensions"))
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


def _padding_pairs(op: Operation) -> list[int] | None:
    attr = get_attr(op, "padding")
    return None if attr is None else int_list(attr)


def is_window_pass_through_dim(
    padding: Sequence[int] | None, window_dimensions: Sequence[int], window_strides: Sequence[int], dim: int
) -> bool:
    """Window size 1, stride 1 and no padding: the dimension maps one to one."""
    if padding is not None and (padding[2 * dim] != 0 or padding[2 * dim + 1] != 0):
        return False
    return (not window_strides or window_strides[dim] == 1) and (not window_dimensions or window_dimensions[dim] == 1)


@register_rule("stablehlo.reduce_window")
def reduce_window_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """One factor per result dimension (the number of windows); windowed dimensions are permutation."""
    padding = _padding_pairs(op)
    window = op_ints(op, "window_dimensions", [])
    strides = op_ints(op, "window_strides", [])

    def factor_type(dim: int) -> FactorType:
        return FactorType.PASS_THROUGH if is_window_pass_through_dim(padding, window, strides, dim) else FactorType.PERMUTATION

    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(result_shapes(op)[0], factor_type, lambda t: conservative and t is FactorType.PERMUTATION)
        .build()
    )


@register_rule("stablehlo.select_and_scatter")
def select_and_scatter_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands (operand, source, init_value). A windowed dimension gets a need_replication factor on the
    source and a permutation factor from operand to result."""
    padding = _padding_pairs(op)
    window = op_ints(op, "window_dimensions", [])
    strides = op_ints(op, "window_strides", [])
    source_shape = operand_shapes(op)[1]
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(result_shapes(op)[0]):
        if is_window_pass_through_dim(padding, window, strides, dim):
            builder.add_factor_same_dim(dim, size)
            continue
        builder.add_factor([NULL_DIM, dim, NULL_DIM], NULL_DIM, source_shape[dim], FactorType.NEED_REPLICATION, conservative)
        builder.add_factor([dim, NULL_DIM, NULL_DIM], dim, size, FactorType.PERMUTATION, conservative)
    return builder.build()
