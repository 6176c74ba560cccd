"""Which ops run on local shards through a localizer (more than the kernel on each device's arrays)."""

from __future__ import annotations

import numpy as np

from autoshard.interpreters.kernels import simple_reducer
from autoshard.interpreters.local_gather import local_gather, local_scatter
from autoshard.interpreters.local_op import Localizer, LocalOp
from autoshard.interpreters.local_slicing import local_dynamic_update_slice
from autoshard.interpreters.local_windows import convolution_unsupported, local_convolution, local_reduce_window, reduce_window_unsupported


def _scatter(call: LocalOp) -> dict[int, list[np.ndarray]]:
    reducer = simple_reducer(call.op.regions[0]) if call.reduction_axes and len(call.op.results) == 1 else None
    return local_scatter(call, reducer)


LOCALIZERS: dict[str, Localizer] = {
    "stablehlo.gather": Localizer(local_gather),
    "stablehlo.scatter": Localizer(_scatter),
    "stablehlo.dynamic_update_slice": Localizer(local_dynamic_update_slice),
    "stablehlo.reduce_window": Localizer(local_reduce_window, reduce_window_unsupported),
    "stablehlo.convolution": Localizer(local_convolution, convolution_unsupported),
}

#: Ops whose kernel on local arrays is their local run for any shardable factor.
KERNEL_LOCAL = Localizer()

#: Ops whose sharded permutation factors (windows) run locally with a halo exchange.
HALO_OPS = frozenset({"stablehlo.reduce_window", "stablehlo.convolution"})

#: Ops whose sharded reduction factors leave partial sums (all-reduced where the result is not unreduced).
PARTIAL_RESULT_OPS = frozenset({"stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution", "stablehlo.gather"})
