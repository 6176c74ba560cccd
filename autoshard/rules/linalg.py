"""cholesky, triangular_solve and fft: batch dimensions pass through, the algebra dimensions replicate."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import FftOp, TriangularSolveOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule("stablehlo.cholesky")
def cholesky_rule(op: Operation, conservative: bool) -> OpShardingRule:
    shape = operand_shapes(op)[0]
    num_batch = len(shape) - 2
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(shape, lambda d: FactorType.PASS_THROUGH if d < num_batch else FactorType.NEED_REPLICATION)
        .build()
    )


@register_rule("stablehlo.triangular_solve")
def triangular_solve_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """`op(a) @ x = b` (left side) or `x @ op(a) = b`; every non-batch factor needs replication."""
    solve = typed_op(op, TriangularSolveOp)
    a_shape, b_shape = operand_shapes(op)[:2]
    dim1, dim2 = len(a_shape) - 2, len(a_shape) - 1
    a_transposed = solve.transpose_a.keyword in ("TRANSPOSE", "ADJOINT")
    replicate = FactorType.NEED_REPLICATION
    builder = OpShardingRuleBuilder.for_op(op).add_pointwise(a_shape[:-2])
    if solve.left_side.value.data:
        a_free, a_contract = (dim2, dim1) if a_transposed else (dim1, dim2)
        builder.add_factor([a_free, dim1], NULL_DIM, a_shape[a_free], replicate)
        builder.add_factor([NULL_DIM, dim2], dim2, b_shape[dim2], replicate)
        builder.add_factor([a_contract, NULL_DIM], dim1, a_shape[a_contract], replicate)
    else:
        a_free, a_contract = (dim1, dim2) if a_transposed else (dim2, dim1)
        builder.add_factor([NULL_DIM, dim1], dim1, b_shape[dim1], replicate)
        builder.add_factor([a_free, dim2], NULL_DIM, a_shape[a_free], replicate)
        builder.add_factor([a_contract, NULL_DIM], dim2, a_shape[a_contract], replicate)
    return builder.build()


@register_rule("stablehlo.fft")
def fft_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Leading dimensions are batch; the fft dimensions need replication, and the last one is blocked
    when the transform truncates or expands it (RFFT/IRFFT)."""
    in_shape, out_shape = operand_shapes(op)[0], result_shapes(op)[0]
    num_fft = len(typed_op(op, FftOp).fft_length)
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(in_shape):
        if dim < len(in_shape) - num_fft:
            builder.add_factor_same_dim(dim, size)
        elif dim < len(in_shape) - 1:
            builder.add_factor_same_dim(dim, size, FactorType.NEED_REPLICATION)
        else:
            builder.add_factor_same_dim(dim, size, FactorType.NEED_REPLICATION, blocked=in_shape[-1] != out_shape[-1])
    return builder.build()
