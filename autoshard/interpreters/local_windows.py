"""reduce_window and convolution on local shards: windows that cross a shard border read a halo.

Along a sharded windowed dimension, block k of the output (`n` outputs per device) reads the padded input
from `k * n * stride` for `(n - 1) * stride + (window - 1) * window_dilation + 1` positions; a device gets
that range of the input by a halo exchange (the tensor's padding filled in, `halo.exchange_halo`) and runs
the kernel with no padding along that dimension. Batch and feature factors run as they are; a sharded feature
group factor runs the kernel with the local group count.
"""

from __future__ import annotations

import numpy as np

from autoshard.interpreters.halo import exchange_halo
from autoshard.interpreters.kernels import window_padding
from autoshard.interpreters.local_op import LocalOp
from autoshard.interpreters.shards import Shards
from autoshard.dialects.stablehlo import ConvolutionOp, ReduceWindowOp
from autoshard.rules.convolution import conv_dims
from autoshard.rules.rule import FactorType
from autoshard.rules.typed_ops import typed_op


def _halo_range(block: int, outputs: int, stride: int, window: int, dilation: int, pad_low: int) -> tuple[int, int]:
    start = block * outputs * stride - pad_low
    return start, start + (outputs - 1) * stride + (window - 1) * dilation + 1


def _widen(call: LocalOp, shards: Shards, operand: int, dim: int, out_dim_local: int, stride: int, window: int, dilation: int, pad_low: int, fill: np.ndarray) -> Shards:
    axes = call.operand_shardings[operand].dims[dim].axes
    return exchange_halo(
        shards, dim, tuple(axes), call.operand_shapes[operand][dim],
        lambda k: _halo_range(k, out_dim_local, stride, window, dilation, pad_low), fill, call.dmesh, call.stats,
    )  # fmt: skip


def _sharded_windows(call: LocalOp) -> list[int]:
    return [d for d, dim in enumerate(call.result_shardings[0].dims) if dim.axes]


def reduce_window_unsupported(call: LocalOp) -> str | None:
    base_dil = typed_op(call.op, ReduceWindowOp).base_dilations
    if any(base_dil[d] != 1 for d in _sharded_windows(call)):
        return "reduce_window with a base dilation along a sharded dimension"
    return None


def local_reduce_window(call: LocalOp) -> dict[int, list[np.ndarray]]:
    op = typed_op(call.op, ReduceWindowOp)
    n = len(call.operand_shards) // 2
    window, strides, win_dil = op.window_dimensions, op.window_strides, op.window_dilations
    padding = window_padding(op)
    out_local = call.result_local_shape(0)
    inputs = list(call.operand_shards)
    sharded = _sharded_windows(call)
    for d in sharded:  # the rule's one factor per dimension shards operand and result alike
        for i in range(n):
            fill = next(iter(call.operand_shards[n + i].values())).reshape(())
            inputs[i] = _widen(call, inputs[i], i, d, out_local[d], strides[d], window[d], win_dil[d], padding[d][0], fill)
    local_padding = [[0, 0] if d in sharded else list(p) for d, p in enumerate(padding)]
    return call.per_device(lambda device: call.run_kernel([x[device] for x in inputs], {"padding": local_padding}))


def convolution_unsupported(call: LocalOp) -> str | None:
    op = typed_op(call.op, ConvolutionOp)
    dims = conv_dims(op)
    lhs_s, rhs_s = call.operand_shardings
    lhs_dil = op.lhs_dilation
    if op.batch_group_count != 1:
        return "convolution with batch_group_count > 1"
    for i, (ld, kd) in enumerate(zip(dims.input_spatial, dims.kernel_spatial)):
        if rhs_s.dims[kd].axes:
            return "convolution with a sharded window (kernel spatial dimension)"
        if lhs_s.dims[ld].axes and lhs_dil[i] != 1:
            return "convolution with an lhs dilation along a sharded spatial dimension"
    return None


def local_convolution(call: LocalOp) -> dict[int, list[np.ndarray]]:
    op = typed_op(call.op, ConvolutionOp)
    dims = conv_dims(op)
    strides, rhs_dil = op.window_strides, op.rhs_dilation
    padding = window_padding(op)
    out_local = call.result_local_shape(0)
    lhs = call.operand_shards[0]
    sharded = []
    for i, (ld, kd, od) in enumerate(zip(dims.input_spatial, dims.kernel_spatial, dims.output_spatial)):
        if not call.operand_shardings[0].dims[ld].axes:
            continue
        window = call.operand_shapes[1][kd]
        lhs = _widen(call, lhs, 0, ld, out_local[od], strides[i], window, rhs_dil[i], padding[i][0], np.zeros((), next(iter(lhs.values())).dtype))
        sharded.append(i)
    overrides: dict[str, object] = {"padding": [[0, 0] if i in sharded else list(p) for i, p in enumerate(padding)]}
    groups = op.feature_group_count
    if groups > 1:
        # the feature group factor: the pass-through factor of the input feature dimension (major to the
        # reduction factor of the per-group input features)
        group_factor = next(f for f in call.rule.operand_mappings[0][dims.input_feature] if call.rule.factor_type(f) is FactorType.PASS_THROUGH)
        shards = call.dmesh.group_size(call.factor_axes.get(group_factor, []))
        overrides["feature_group_count"] = groups // shards
    return call.per_device(lambda device: call.run_kernel([lhs[device], call.operand_shards[1][device]], overrides))
