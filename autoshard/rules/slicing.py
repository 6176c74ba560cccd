"""slice, dynamic_slice, dynamic_update_slice, pad, concatenate and reverse."""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue
from xdsl.traits import ConstantLike

from autoshard.dialects.stablehlo import ConcatenateOp, ReverseOp, SliceOp
from autoshard.rules.attrs import op_name
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op

CONSTANT_OPS = frozenset({"stablehlo.constant", "sdy.constant", "arith.constant"})


def defining_op(value: SSAValue) -> Operation | None:
    owner = value.owner
    return owner if isinstance(owner, Operation) else None


def is_constant(value: SSAValue) -> bool:
    op = defining_op(value)
    return op is not None and (op_name(op) in CONSTANT_OPS or op.has_trait(ConstantLike))


@register_rule("stablehlo.slice")
def slice_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Sliced dimensions are permutation (static offsets let data shift); blocked in conservative mode."""
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_with_mismatch_type(
            operand_shapes(op)[0], result_shapes(op)[0], FactorType.PERMUTATION, mismatch_blocked=conservative
        )
        .build()
    )


@register_rule("stablehlo.dynamic_slice")
def dynamic_slice_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Sliced dimensions need replication and block propagation (offsets are only known at run time)."""
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_with_mismatch_type(
            operand_shapes(op)[0], result_shapes(op)[0], FactorType.NEED_REPLICATION, mismatch_blocked=True
        )
        .build()
    )


@register_rule("stablehlo.dynamic_update_slice", reads_producers=True)
def dynamic_update_slice_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """A sliced dimension: the operand/result keep a pass-through factor, the update gets its own factor,
    need_replication unless every start index is a constant."""
    shapes = operand_shapes(op)
    operand_shape, update_shape = shapes[0], shapes[1]
    all_constant = all(is_constant(v) for v in op.operands[2:])
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, (operand_size, update_size) in enumerate(zip(operand_shape, update_shape, strict=True)):
        if operand_size == update_size:
            builder.add_factor_same_dim(dim, operand_size)
            continue
        dims = [NULL_DIM] * builder.num_operands
        dims[0] = dim
        builder.add_factor(dims, dim, operand_size)
        dims = [NULL_DIM] * builder.num_operands
        dims[1] = dim
        builder.add_factor(
            dims, NULL_DIM, update_size, FactorType.PASS_THROUGH if all_constant else FactorType.NEED_REPLICATION
        )
    return builder.build()


@register_rule("stablehlo.pad")
def pad_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Padded dimensions are permutation; blocked in conservative mode. The padding value is a scalar."""
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_with_mismatch_type(
            operand_shapes(op)[0], result_shapes(op)[0], FactorType.PERMUTATION, mismatch_blocked=conservative
        )
        .build()
    )


def _source_before_slice(value: SSAValue) -> SSAValue:
    op = defining_op(value)
    if isinstance(op, SliceOp):
        return op.operands[0]
    return value


def _is_slice(value: SSAValue) -> bool:
    op = defining_op(value)
    return isinstance(op, SliceOp)


def concat_dim_type(op: Operation) -> FactorType:
    """Permutation when the operands are all slices, or slices of (and possibly) one tensor; else
    need_replication."""
    operands = list(op.operands)
    if all(_is_slice(v) for v in operands):
        return FactorType.PERMUTATION
    source = _source_before_slice(operands[0])
    if all(_source_before_slice(v) is source for v in operands) and any(_is_slice(v) for v in operands):
        return FactorType.PERMUTATION
    return FactorType.NEED_REPLICATION


@register_rule("stablehlo.concatenate", reads_producers=True)
def concatenate_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Pointwise; the concatenated dimension is permutation or need_replication (no factor when conservative,
    so each tensor gets its own size-1 factor there)."""
    concat_dim = typed_op(op, ConcatenateOp).dimension
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise_if(
            result_shapes(op)[0],
            lambda d: not conservative or d != concat_dim,
            lambda d: FactorType.PASS_THROUGH if d != concat_dim else concat_dim_type(op),
        )
        .build()
    )


@register_rule("stablehlo.reverse")
def reverse_rule(op: Operation, conservative: bool) -> OpShardingRule:
    reversed_dims = set(typed_op(op, ReverseOp).dimensions)
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(
            result_shapes(op)[0], lambda d: FactorType.PERMUTATION if d in reversed_dims else FactorType.PASS_THROUGH
        )
        .build()
    )
