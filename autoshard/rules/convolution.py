"""convolution: batch, spatial (number of windows x window size), feature groups and features.

An input spatial dimension is split into a *number of windows* factor shared with the output (permutation:
a sharded window needs a halo exchange) and a *window size* factor shared with the kernel (reduction), the
larger of the two major; each is capped by what is left of the input dimension and dropped when it would
be 1. Batch and feature group counts add a factor shared by the grouped dimensions. In conservative mode
spatial dimensions get no factor.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import ConvolutionOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op


@dataclass(frozen=True)
class ConvDims:
    """The dimension numbers of a convolution (StableHLO's `#stablehlo.conv` fields)."""

    input_batch: int
    input_feature: int
    input_spatial: tuple[int, ...]
    kernel_input_feature: int
    kernel_output_feature: int
    kernel_spatial: tuple[int, ...]
    output_batch: int
    output_feature: int
    output_spatial: tuple[int, ...]


def conv_dims(op: Operation) -> ConvDims:
    """The dimension numbers of a `stablehlo.convolution`, read from its typed attribute."""
    d = typed_op(op, ConvolutionOp).dimension_numbers
    return ConvDims(
        d.input_batch_dimension,
        d.input_feature_dimension,
        d.input_spatial_dimensions,
        d.kernel_input_feature_dimension,
        d.kernel_output_feature_dimension,
        d.kernel_spatial_dimensions,
        d.output_batch_dimension,
        d.output_feature_dimension,
        d.output_spatial_dimensions,
    )


def convolution_rule_for(
    lhs_shape: tuple[int, ...],
    rhs_shape: tuple[int, ...],
    out_shape: tuple[int, ...],
    dims: ConvDims,
    feature_group_count: int,
    batch_group_count: int,
    conservative: bool,
) -> OpShardingRule:
    builder = OpShardingRuleBuilder([lhs_shape, rhs_shape], [out_shape])
    if batch_group_count > 1:
        builder.add_factor([dims.input_batch, dims.kernel_output_feature], dims.output_feature, batch_group_count)
    # per-group batch size
    builder.add_factor([dims.input_batch, NULL_DIM], dims.output_batch, out_shape[dims.output_batch])

    if not conservative:
        for lhs_dim, rhs_dim, out_dim in zip(dims.input_spatial, dims.kernel_spatial, dims.output_spatial, strict=True):
            num_windows, window_size = out_shape[out_dim], rhs_shape[rhs_dim]
            remaining = lhs_shape[lhs_dim]

            def add_spatial(size: int, contracting: bool) -> None:
                nonlocal remaining
                size = min(remaining, size)
                if size <= 1:
                    return
                if contracting:
                    builder.add_factor([lhs_dim, rhs_dim], NULL_DIM, size, FactorType.REDUCTION)
                else:
                    builder.add_factor([lhs_dim, NULL_DIM], out_dim, size, FactorType.PERMUTATION)
                remaining //= size

            if num_windows >= window_size:
                add_spatial(num_windows, contracting=False)
                add_spatial(window_size, contracting=True)
            else:
                add_spatial(window_size, contracting=True)
                add_spatial(num_windows, contracting=False)

    if feature_group_count > 1:
        builder.add_factor([dims.input_feature, dims.kernel_output_feature], dims.output_feature, feature_group_count)
    # per-group input features
    builder.add_factor(
        [dims.input_feature, dims.kernel_input_feature], NULL_DIM, rhs_shape[dims.kernel_input_feature], FactorType.REDUCTION
    )
    output_features = out_shape[dims.output_feature] // (batch_group_count * feature_group_count)
    if output_features > 1:
        builder.add_factor([NULL_DIM, dims.kernel_output_feature], dims.output_feature, output_features)
    return builder.build()


@register_rule("stablehlo.convolution")
def convolution_rule(op: Operation, conservative: bool) -> OpShardingRule:
    conv = typed_op(op, ConvolutionOp)
    lhs_shape, rhs_shape = operand_shapes(op)[:2]
    return convolution_rule_for(
        lhs_shape,
        rhs_shape,
        result_shapes(op)[0],
        conv_dims(conv),
        conv.feature_group_count,
        conv.batch_group_count,
        conservative,
    )
