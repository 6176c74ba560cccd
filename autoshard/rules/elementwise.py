"""Pointwise ops and their near relatives: clamp, select, bitcast_convert, batch_norm_inference, CHLO math."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.chlo import ChloBroadcastOp
from autoshard.dialects.stablehlo import BatchNormGradOp, BatchNormInferenceOp, BatchNormTrainingOp
from autoshard.rules.builder import OpShardingRuleBuilder, build_pointwise, operand_shapes, result_shapes, shape_of
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op

#: Every tensor shares one factor per dimension (the ops Shardy builds with `buildPointwise`).
POINTWISE_OPS = (
    "sdy.sharding_constraint",
    "stablehlo.abs",
    "stablehlo.add",
    "stablehlo.and",
    "stablehlo.atan2",
    "stablehlo.cbrt",
    "stablehlo.ceil",
    "stablehlo.compare",
    "stablehlo.complex",
    "stablehlo.convert",
    "stablehlo.cosine",
    "stablehlo.count_leading_zeros",
    "stablehlo.divide",
    "stablehlo.exponential",
    "stablehlo.exponential_minus_one",
    "stablehlo.floor",
    "stablehlo.imag",
    "stablehlo.is_finite",
    "stablehlo.log",
    "stablehlo.log_plus_one",
    "stablehlo.logistic",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.multiply",
    "stablehlo.negate",
    "stablehlo.not",
    "stablehlo.or",
    "stablehlo.popcnt",
    "stablehlo.power",
    "stablehlo.real",
    "stablehlo.reduce_precision",
    "stablehlo.remainder",
    "stablehlo.round_nearest_afz",
    "stablehlo.round_nearest_even",
    "stablehlo.rsqrt",
    "stablehlo.shift_left",
    "stablehlo.shift_right_arithmetic",
    "stablehlo.shift_right_logical",
    "stablehlo.sign",
    "stablehlo.sine",
    "stablehlo.sqrt",
    "stablehlo.subtract",
    "stablehlo.tan",
    "stablehlo.tanh",
    "stablehlo.xor",
)

#: Elementwise ops Shardy's registry does not list but that are pointwise all the same (autoshard additions).
EXTRA_POINTWISE_OPS = (
    "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize",
    "stablehlo.map",
    "chlo.acos",
    "chlo.acosh",
    "chlo.asin",
    "chlo.asinh",
    "chlo.atan",
    "chlo.atanh",
    "chlo.bessel_i1e",
    "chlo.constant_like",
    "chlo.conj",
    "chlo.cosh",
    "chlo.digamma",
    "chlo.erf",
    "chlo.erf_inv",
    "chlo.erfc",
    "chlo.is_inf",
    "chlo.is_neg_inf",
    "chlo.is_pos_inf",
    "chlo.lgamma",
    "chlo.next_after",
    "chlo.polygamma",
    "chlo.sinh",
    "chlo.square",
    "chlo.tan",
    "chlo.zeta",
)

#: CHLO binary ops with implicit (numpy-style, or `broadcast_dimensions`) broadcasting.
CHLO_BROADCASTING_OPS = tuple(
    f"chlo.broadcast_{name}"
    for name in (
        "add",
        "and",
        "atan2",
        "compare",
        "complex",
        "divide",
        "maximum",
        "minimum",
        "multiply",
        "next_after",
        "or",
        "polygamma",
        "power",
        "remainder",
        "select",
        "shift_left",
        "shift_right_arithmetic",
        "shift_right_logical",
        "subtract",
        "xor",
        "zeta",
    )
)


@register_rule(*POINTWISE_OPS, *EXTRA_POINTWISE_OPS)
def pointwise_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    return build_pointwise(op)


@register_rule("stablehlo.clamp", "stablehlo.select")
def clamp_select_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Pointwise over the result; a scalar `min`/`max` (clamp) or `pred` (select) takes no factor."""
    return OpShardingRuleBuilder.for_op(op).add_pointwise(shape_of(op.results[0].type)).build()


@register_rule("stablehlo.bitcast_convert")
def bitcast_convert_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Pointwise over the shorter shape; the extra minor dimension of the narrower type needs replication."""
    (in_shape,), (out_shape,) = operand_shapes(op), result_shapes(op)
    builder = OpShardingRuleBuilder.for_op(op)
    builder.add_pointwise(in_shape if len(in_shape) < len(out_shape) else out_shape)
    if len(in_shape) < len(out_shape):
        builder.add_factor(NULL_DIM, len(out_shape) - 1, out_shape[-1], FactorType.NEED_REPLICATION)
    elif len(in_shape) > len(out_shape):
        builder.add_factor(len(in_shape) - 1, NULL_DIM, in_shape[-1], FactorType.NEED_REPLICATION)
    return builder.build()


@register_rule("stablehlo.batch_norm_inference")
def batch_norm_inference_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """The operand's dimensions pass through; the feature dimension is shared with scale/offset/mean/variance."""
    feature_index = typed_op(op, BatchNormInferenceOp).feature_index
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(operand_shapes(op)[0]):
        dims = [0 if dim == feature_index else NULL_DIM] * builder.num_operands
        dims[0] = dim
        builder.add_factor(dims, dim, size)
    return builder.build()


@register_rule("stablehlo.batch_norm_training")
def batch_norm_training_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operand/output dimensions pass through except the reduced (non-feature) ones for the batch statistics.

    Results: output (like operand), batch_mean and batch_var (feature dimension only). Non-feature
    dimensions are reductions for the statistics, so they need replication to keep the output exact.
    """
    feature_index = typed_op(op, BatchNormTrainingOp).feature_index
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(operand_shapes(op)[0]):
        is_feature = dim == feature_index
        operand_dims = [0 if is_feature else NULL_DIM] * builder.num_operands
        operand_dims[0] = dim
        result_dims = [0 if is_feature else NULL_DIM] * builder.num_results
        result_dims[0] = dim
        builder.add_factor(
            operand_dims, result_dims, size, FactorType.PASS_THROUGH if is_feature else FactorType.NEED_REPLICATION
        )
    return builder.build()


@register_rule("stablehlo.batch_norm_grad")
def batch_norm_grad_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands (operand, scale, mean, variance, grad_output); results (grad_operand, grad_scale, grad_offset)."""
    feature_index = typed_op(op, BatchNormGradOp).feature_index
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, size in enumerate(operand_shapes(op)[0]):
        is_feature = dim == feature_index
        operand_dims = [0 if is_feature else NULL_DIM] * builder.num_operands
        operand_dims[0] = dim
        operand_dims[-1] = dim
        result_dims = [0 if is_feature else NULL_DIM] * builder.num_results
        result_dims[0] = dim
        builder.add_factor(
            operand_dims, result_dims, size, FactorType.PASS_THROUGH if is_feature else FactorType.NEED_REPLICATION
        )
    return builder.build()


@register_rule(*CHLO_BROADCASTING_OPS)
def chlo_broadcasting_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Pointwise over the result; operand dimensions align to the result's minor dimensions (or to
    `broadcast_dimensions`), and an operand dimension of size 1 broadcast to more gets its own size-1 factor."""
    out_shape = shape_of(op.results[0].type)
    in_shapes = operand_shapes(op)
    explicit = typed_op(op, ChloBroadcastOp).broadcast_dimensions
    builder = OpShardingRuleBuilder.for_op(op)
    out_to_in: list[list[int]] = []
    for shape in in_shapes:
        mapping = [NULL_DIM] * len(out_shape)
        if explicit is not None and len(shape) != len(out_shape):
            for in_dim, out_dim in enumerate(explicit):
                mapping[out_dim] = in_dim
        else:
            offset = len(out_shape) - len(shape)
            for in_dim in range(len(shape)):
                mapping[in_dim + offset] = in_dim
        out_to_in.append(mapping)
    for out_dim, out_size in enumerate(out_shape):
        operand_dims = []
        for i, shape in enumerate(in_shapes):
            in_dim = out_to_in[i][out_dim]
            if in_dim != NULL_DIM and shape[in_dim] != out_size:
                in_dim = NULL_DIM  # broadcast from size 1: gets a size-1 factor at build()
            operand_dims.append(in_dim)
        builder.add_factor(operand_dims, [out_dim] * builder.num_results, out_size)
    return builder.build()
