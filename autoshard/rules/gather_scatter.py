"""gather and scatter: one walk over the slices tensor (gather result, scatter updates) for both.

Each slices dimension is either an *offset* dimension (a window into the input: a shared factor when the
window spans the whole input dimension, else separate factors) or a *batch* dimension (one per index
tuple, found in the indices tensor; an explicit batching dimension is also an input dimension). Then come
the collapsed (gather) / inserted (scatter) input dimensions, and last the index vector dimension.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.ir import Block, Operation

from autoshard.dialects.stablehlo import GatherOp, ScatterOp
from autoshard.rules.attrs import op_name
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.typed_ops import typed_op

#: (input_dim, indices_dim, slices_dim, size, factor_type, blocked) -> None
AddFactor = Callable[[int, int, int, int, FactorType, bool], None]

#: Binary ops a scatter may combine updates with and still be split along a batch dimension.
_ASSOCIATIVE_OPS = frozenset({"stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum"})
_LOGICAL_OPS = frozenset({"stablehlo.and", "stablehlo.or"})


def add_gather_scatter_factors(
    is_scatter: bool,
    input_shape: Sequence[int],
    slices_shape: Sequence[int],
    indices_shape: Sequence[int],
    index_vector_dim: int,
    offset_dims: Sequence[int],
    collapsed_dims: Sequence[int],
    input_batching_dims: Sequence[int],
    indices_batching_dims: Sequence[int],
    add_factor: AddFactor,
    scatter_batch_type: FactorType = FactorType.REDUCTION,
) -> None:
    """Call `add_factor` for every factor of a gather or scatter, in Shardy's order."""
    input_dim = 0
    batch_pos = 0
    for slices_dim, slices_size in enumerate(slices_shape):
        if slices_dim in offset_dims:
            while input_dim in collapsed_dims or input_dim in input_batching_dims:
                input_dim += 1
            input_size = input_shape[input_dim]
            if input_size == slices_size:
                add_factor(input_dim, NULL_DIM, slices_dim, input_size, FactorType.PASS_THROUGH, False)
            elif is_scatter:
                add_factor(input_dim, NULL_DIM, NULL_DIM, input_size, FactorType.NEED_REPLICATION, False)
                add_factor(NULL_DIM, NULL_DIM, slices_dim, slices_size, FactorType.NEED_REPLICATION, False)
            elif slices_size == 1:
                # a sharded input dimension leaves partial results: all-reduce on the result
                add_factor(input_dim, NULL_DIM, NULL_DIM, input_size, FactorType.REDUCTION, False)
                add_factor(NULL_DIM, NULL_DIM, slices_dim, slices_size, FactorType.NEED_REPLICATION, False)
            else:
                add_factor(input_dim, NULL_DIM, slices_dim, input_size, FactorType.NEED_REPLICATION, True)
            input_dim += 1
        else:
            indices_dim = batch_pos if batch_pos < index_vector_dim else batch_pos + 1
            if indices_dim in indices_batching_dims:
                input_batch_dim = input_batching_dims[list(indices_batching_dims).index(indices_dim)]
                factor_type = FactorType.PASS_THROUGH
            else:
                input_batch_dim = NULL_DIM
                factor_type = scatter_batch_type if is_scatter else FactorType.PASS_THROUGH
            add_factor(input_batch_dim, indices_dim, slices_dim, slices_size, factor_type, False)
            batch_pos += 1

    for dim in collapsed_dims:
        size = input_shape[dim]
        if is_scatter:
            factor_type = FactorType.PASS_THROUGH
        else:
            factor_type = FactorType.NEED_REPLICATION if size == 1 else FactorType.REDUCTION
        add_factor(dim, NULL_DIM, NULL_DIM, size, factor_type, False)

    if index_vector_dim < len(indices_shape):
        add_factor(NULL_DIM, index_vector_dim, NULL_DIM, indices_shape[index_vector_dim], FactorType.NEED_REPLICATION, False)


@register_rule("stablehlo.gather")
def gather_rule(op: Operation, conservative: bool) -> OpShardingRule:
    dims = typed_op(op, GatherOp).dimension_numbers
    input_shape, indices_shape = operand_shapes(op)[:2]
    builder = OpShardingRuleBuilder.for_op(op)

    def add(input_dim: int, indices_dim: int, slices_dim: int, size: int, factor_type: FactorType, blocked: bool) -> None:
        builder.add_factor([input_dim, indices_dim], slices_dim, size, factor_type, blocked)

    add_gather_scatter_factors(
        False,
        input_shape,
        result_shapes(op)[0],
        indices_shape,
        dims.index_vector_dim,
        dims.offset_dims,
        dims.collapsed_slice_dims,
        dims.operand_batching_dims,
        dims.start_indices_batching_dims,
        add,
    )
    return builder.build()


def scatter_combines_associatively(op: Operation) -> bool:
    """Whether the update computation combines result i from block arguments i and i+N with one associative
    op kind for all results (add, multiply, maximum, minimum; and/or on i1) (Shardy's
    `getCommonSupportedReductionOp`)."""
    if not op.regions or not op.regions[0].blocks:
        return False
    block: Block = op.regions[0].blocks[0]
    num_inputs = len(op.results)
    if len(block.args) != 2 * num_inputs:
        return False
    ret = block.last_op
    if ret is None or op_name(ret) != "stablehlo.return" or len(ret.operands) != num_inputs:
        return False
    kind = None
    for index, value in enumerate(ret.operands):
        combine = value.owner
        if not isinstance(combine, Operation) or len(combine.operands) != 2:
            return False
        element_type = getattr(value.type, "element_type", None)
        is_i1 = element_type is not None and str(element_type) == "i1"
        if not (op_name(combine) in _ASSOCIATIVE_OPS or (is_i1 and op_name(combine) in _LOGICAL_OPS)):
            return False
        if kind is None:
            kind = op_name(combine)
        elif kind != op_name(combine):
            return False
        lhs, rhs = combine.operands
        expected = (block.args[index], block.args[index + num_inputs])
        if not ((lhs is expected[0] and rhs is expected[1]) or (lhs is expected[1] and rhs is expected[0])):
            return False
    return True


@register_rule("stablehlo.scatter")
def scatter_rule(op: Operation, conservative: bool) -> OpShardingRule:
    """Operands: N inputs, indices, N updates; results: N. The updates are the slices tensor."""
    dims = typed_op(op, ScatterOp).scatter_dimension_numbers
    num_inputs = len(op.results)
    shapes = operand_shapes(op)
    input_shape, indices_shape, updates_shape = shapes[0], shapes[num_inputs], shapes[num_inputs + 1]
    builder = OpShardingRuleBuilder.for_op(op)

    def add(input_dim: int, indices_dim: int, slices_dim: int, size: int, factor_type: FactorType, blocked: bool) -> None:
        operand_dims = [input_dim] * num_inputs + [indices_dim] + [slices_dim] * num_inputs
        builder.add_factor(operand_dims, [input_dim] * num_inputs, size, factor_type, blocked)

    add_gather_scatter_factors(
        True,
        input_shape,
        updates_shape,
        indices_shape,
        dims.index_vector_dim,
        dims.update_window_dims,
        dims.inserted_window_dims,
        dims.input_batching_dims,
        dims.scatter_indices_batching_dims,
        add,
        FactorType.REDUCTION if scatter_combines_associatively(op) else FactorType.NEED_REPLICATION,
    )
    return builder.build()
