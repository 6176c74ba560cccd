"""reshape: compound factors for merged and split dimensions (Shardy's reshape rule).

The operand and result shapes are walked together, major to minor. Dimensions of size 1 get their own
size-1 factor. Otherwise the walk keeps, for each side, the product of the dimensions entered so far and
the product of the factors given out so far. While both sides have given out the same product, the next
factor is the GCD of what each side's current dimension still has to cover, shared by both sides (a merge
or split becomes a compound factor such as `[ij]`); when the GCD is 1 each side gets its own factor and
the two sides have *diverged*. A diverged side that lags behind takes a factor that closes the gap when it
can, else one that keeps the GCD with the other side for later, else its whole remainder.

A reshape of a tensor with no elements gets no rule (nothing to propagate).
"""

from __future__ import annotations

import math

from xdsl.ir import Operation

from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, OpShardingRule


def _lagging_factor(remaining: int, behind: int, ahead: int, common: int) -> int:
    """The next factor of the side whose factors multiply to `behind` < `ahead` (the other side)."""
    if ahead % behind == 0 and remaining % (ahead // behind) == 0:
        return ahead // behind  # converges the two sides again
    if remaining > common:
        return remaining // common  # leaves the common part for the next step
    return remaining


def reshape_rule_for_shapes(in_shape: tuple[int, ...], out_shape: tuple[int, ...]) -> OpShardingRule | None:
    """The rule of a reshape from `in_shape` to `out_shape` (None when the tensor has no elements)."""
    if math.prod(in_shape) == 0:
        return None
    builder = OpShardingRuleBuilder([in_shape], [out_shape])
    in_rank, out_rank = len(in_shape), len(out_shape)
    in_dim = out_dim = 0
    in_dims_product = out_dims_product = 1  # product of the dimension sizes entered on each side
    in_factors_product = out_factors_product = 1  # product of the factors given out on each side

    while in_dim < in_rank or out_dim < out_rank:
        if in_dim < in_rank and in_shape[in_dim] == 1:
            builder.add_factor(in_dim, NULL_DIM, 1)
            in_dim += 1
            continue
        if out_dim < out_rank and out_shape[out_dim] == 1:
            builder.add_factor(NULL_DIM, out_dim, 1)
            out_dim += 1
            continue

        if in_dim < in_rank and in_dims_product == in_factors_product:
            in_dims_product *= in_shape[in_dim]
        if out_dim < out_rank and out_dims_product == out_factors_product:
            out_dims_product *= out_shape[out_dim]
        in_remaining = in_dims_product // in_factors_product
        out_remaining = out_dims_product // out_factors_product
        common = math.gcd(in_remaining, out_remaining)

        if in_factors_product == out_factors_product:
            if common > 1:
                builder.add_factor(in_dim, out_dim, common)
                in_factors_product *= common
                out_factors_product *= common
            else:
                builder.add_factor(in_dim, NULL_DIM, in_remaining)
                in_factors_product *= in_remaining
                builder.add_factor(NULL_DIM, out_dim, out_remaining)
                out_factors_product *= out_remaining
        elif in_factors_product < out_factors_product:
            factor = _lagging_factor(in_remaining, in_factors_product, out_factors_product, common)
            builder.add_factor(in_dim, NULL_DIM, factor)
            in_factors_product *= factor
        else:
            factor = _lagging_factor(out_remaining, out_factors_product, in_factors_product, common)
            builder.add_factor(NULL_DIM, out_dim, factor)
            out_factors_product *= factor

        if in_dim < in_rank and in_dims_product == in_factors_product:
            in_dim += 1
        if out_dim < out_rank and out_dims_product == out_factors_product:
            out_dim += 1
    return builder.build()


@register_rule("stablehlo.reshape")
def reshape_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    return reshape_rule_for_shapes(operand_shapes(op)[0], result_shapes(op)[0])
