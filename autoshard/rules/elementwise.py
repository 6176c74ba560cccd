"""Pointwise ops and their near relatives: clamp, select, bitcast_convert, batch_norm_inference, CHLO math."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.dialects.chlo import CHLO_OPS, ChloBroadcastOp
from autoshard.dialects.op_traits import Pointwise
from autoshard.dialects.ops_by_name import ops_with_trait
from autoshard.dialects.stablehlo import BatchNormGradOp, BatchNormInferenceOp, BatchNormTrainingOp
from autoshard.rules.builder import OpShardingRuleBuilder, build_pointwise, operand_shapes, result_shapes, shape_of
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@register_rule("sdy.sharding_constraint", *ops_with_trait(Pointwise))
def pointwise_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    """Every tensor shares one factor per dimension (Shardy's `buildPointwise`): the `Pointwise` ops, and
    `sdy.sharding_constraint`."""
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


@register_rule(*(op.name for op in CHLO_OPS if issubclass(op, ChloBroadcastOp)))
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
