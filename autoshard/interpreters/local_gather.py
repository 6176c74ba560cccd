"""gather and scatter on local shards, with indices translated to each device's block as XLA partitions them.

gather: an operand dimension a slice spans whole (pass-through) runs with the local slice size; a sharded
indexed dimension the slices take one element of (Shardy's reduction factor) is looked up per device: the
index is clamped as the global gather clamps it, moved to the device's block, and slices the device does not
hold are zeros, so that the all-reduce (sum) of the partial results over those axes is the global gather.

scatter: a sharded inserted (indexed) operand dimension gets the indices moved to the device's block, so an
update lands only on the device holding its target (out-of-block updates are skipped as out-of-bounds ones
are); sharded update batch dimensions (Shardy's reduction factor of an associative scatter) scatter each
device's updates into the identity of the combiner except on the group's first device, and the partials are
combined over those axes.
"""

from __future__ import annotations

import numpy as np

from autoshard.dialects.stablehlo import GatherOp, ScatterOp
from autoshard.interpreters.local_op import LocalOp
from autoshard.rules.typed_ops import typed_op


def _index_vectors(indices: np.ndarray, index_vector_dim: int) -> np.ndarray:
    """The indices with the index vector dimension last (added when the indices are scalars)."""
    if index_vector_dim >= indices.ndim:
        return indices[..., None].astype(np.int64)
    return np.moveaxis(indices, index_vector_dim, -1).astype(np.int64)


def _back(vectors: np.ndarray, like: np.ndarray, index_vector_dim: int) -> np.ndarray:
    """Index vectors back in the layout and integer type of `like` (values beyond the type saturate)."""
    info = np.iinfo(like.dtype)
    vectors = np.clip(vectors, info.min, info.max)
    if index_vector_dim >= like.ndim:
        return vectors[..., 0].astype(like.dtype)
    return np.moveaxis(vectors, -1, index_vector_dim).astype(like.dtype)


def local_gather(call: LocalOp) -> dict[int, list[np.ndarray]]:
    op = call.op
    gather = typed_op(op, GatherOp)
    fields = gather.dimension_numbers
    sizes = gather.slice_sizes
    start_index_map = fields.start_index_map
    offset_dims = fields.offset_dims
    ivd = fields.index_vector_dim
    shape = call.operand_shapes[0]
    sharding = call.operand_shardings[0]
    sharded = [d for d in range(len(shape)) if sharding.dims[d].axes]

    def run(device: int) -> list[np.ndarray]:
        operand, indices = call.inputs(device)
        starts = call.operand_block_start(device, 0)
        local_sizes = [operand.shape[d] if d in sharded and sizes[d] == shape[d] else sizes[d] for d in range(len(shape))]
        vectors = _index_vectors(indices, ivd)
        valid = np.ones(vectors.shape[:-1], dtype=bool)
        for k, d in enumerate(start_index_map):
            if d not in sharded:
                continue
            if sizes[d] == shape[d]:
                vectors[..., k] = 0  # the slice spans the dimension: its start clamps to 0
                continue
            local = np.clip(vectors[..., k], 0, shape[d] - sizes[d]) - starts[d]
            inside = (local >= 0) & (local <= operand.shape[d] - sizes[d])
            valid &= inside
            vectors[..., k] = np.where(inside, local, 0)
        out = call.run_kernel([operand, _back(vectors, indices, ivd)], {"slice_sizes": local_sizes})[0]
        if not valid.all():
            batch_out = [r for r in range(out.ndim) if r not in offset_dims]
            expanded = np.ones(out.ndim, dtype=int)
            expanded[batch_out] = valid.shape
            out = np.where(valid.reshape(expanded), out, np.zeros((), out.dtype))
        return [out]

    return call.per_device(run)


#: The identity a scatter's partial results start from on all but one device of a reduction group.
_IDENTITIES = {"stablehlo.add": 0, "stablehlo.multiply": 1}


def local_scatter(call: LocalOp, combiner: str | None) -> dict[int, list[np.ndarray]]:
    """`combiner`: the scatter body's op (add, multiply, maximum, minimum, and, or) when update batch
    dimensions are sharded (the partials are then combined with it), else None."""
    op = call.op
    n = len(op.results)
    dn = typed_op(op, ScatterOp).scatter_dimension_numbers
    to_operand = dn.scatter_dims_to_operand_dims
    inserted = dn.inserted_window_dims
    ivd = dn.index_vector_dim
    sharding = call.operand_shardings[0]
    moved = [k for k, d in enumerate(to_operand) if d in inserted and sharding.dims[d].axes]

    def run(device: int) -> list[np.ndarray]:
        inputs = call.inputs(device)
        operands, indices, updates = inputs[:n], inputs[n], inputs[n + 1:]
        if call.reduction_axes and call.reduction_index(device) != 0 and combiner in _IDENTITIES:
            operands = [np.full_like(x, _IDENTITIES[combiner]) for x in operands]
        if moved:
            starts = call.operand_block_start(device, 0)
            vectors = _index_vectors(indices, ivd)
            for k in moved:
                # out of this block means out of bounds for the local scatter, which skips the update
                vectors[..., k] -= starts[to_operand[k]]
            indices = _back(vectors, indices, ivd)
        return call.run_kernel([*operands, indices, *updates], {})

    return call.per_device(run)
