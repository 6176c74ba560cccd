"""dot_general and dot: batching and non-contracting dimensions pass through, contracting ones reduce."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import DotGeneralOp
from autoshard.dialects.stablehlo.attributes import DotDimensionNumbersAttr
from autoshard.ir.object_memo import ByIdentity
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


def dot_dimension_numbers(op: Operation) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(lhs_batching, rhs_batching, lhs_contracting, rhs_contracting) of a dot_general, from its typed attribute."""
    return _NUMBERS_OF(typed_op(op, DotGeneralOp).dot_dimension_numbers, _numbers)


def _numbers(dims: DotDimensionNumbersAttr) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return (dims.lhs_batching_dimensions, dims.rhs_batching_dimensions,
            dims.lhs_contracting_dimensions, dims.rhs_contracting_dimensions)


#: the ops of a deep model share a few dimension-numbers attribute objects (`ir.object_memo`)
_NUMBERS_OF: ByIdentity[DotDimensionNumbersAttr, tuple] = ByIdentity(4096)


@register_rule("stablehlo.dot_general")
def dot_general_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Factors in result order: batching, lhs non-contracting, rhs non-contracting; then contracting."""
    lhs_batch, rhs_batch, lhs_contract, rhs_contract = dot_dimension_numbers(op)
    lhs_shape, rhs_shape = operand_shapes(op)[:2]
    builder = OpShardingRuleBuilder.for_op(op)
    out_dim = 0
    for lhs_dim, rhs_dim in zip(lhs_batch, rhs_batch, strict=True):
        builder.add_factor([lhs_dim, rhs_dim], out_dim, lhs_shape[lhs_dim])
        out_dim += 1
    for d, size in enumerate(lhs_shape):
        if d not in lhs_contract and d not in lhs_batch:
            builder.add_factor([d, NULL_DIM], out_dim, size)
            out_dim += 1
    for d, size in enumerate(rhs_shape):
        if d not in rhs_contract and d not in rhs_batch:
            builder.add_factor([NULL_DIM, d], out_dim, size)
            out_dim += 1
    for lhs_dim, rhs_dim in zip(lhs_contract, rhs_contract, strict=True):
        builder.add_factor([lhs_dim, rhs_dim], NULL_DIM, lhs_shape[lhs_dim], FactorType.REDUCTION)
    return builder.build()


@register_rule("stablehlo.dot")
def dot_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Vector or matrix operands: lhs rows, rhs columns, then the contracting dimension."""
    lhs_shape, rhs_shape = operand_shapes(op)[:2]
    lhs_is_matrix, rhs_is_matrix = len(lhs_shape) == 2, len(rhs_shape) == 2
    builder = OpShardingRuleBuilder.for_op(op)
    if lhs_is_matrix:
        builder.add_factor([0, NULL_DIM], 0, lhs_shape[0])
    if rhs_is_matrix:
        builder.add_factor([NULL_DIM, 1], 1 if lhs_is_matrix else 0, rhs_shape[1])
    builder.add_factor([1 if lhs_is_matrix else 0, 0], NULL_DIM, rhs_shape[0], FactorType.REDUCTION)
    return builder.build()
