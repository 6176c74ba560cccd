"""Which ops run on local shards through a localizer (more than the kernel on each device's arrays)."""

from __future__ import annotations

from autoshard.interpreters.local_gather import local_gather, local_scatter
from autoshard.interpreters.local_op import Localizer, LocalOp
from autoshard.interpreters.local_slicing import local_dynamic_update_slice
from autoshard.interpreters.local_windows import local_convolution, local_reduce_window
from autoshard.interpreters.kernels import simple_reducer


def _scatter(call: LocalOp):
    reducer = simple_reducer(call.op.regions[0]) if call.reduction_axes and len(call.op.results) == 1 else None
    return local_scatter(call, reducer)


LOCALIZERS: dict[str, Localizer] = {
    "stablehlo.gather": local_gather,
    "stablehlo.scatter": _scatter,
    "stablehlo.dynamic_update_slice": local_dynamic_update_slice,
    "stablehlo.reduce_window": local_reduce_window,
    "stablehlo.convolution": local_convolution,
}

#: Ops whose sharded permutation factors (windows) run locally with a halo exchange.
HALO_OPS = frozenset({"stablehlo.reduce_window", "stablehlo.convolution"})

#: Ops whose sharded reduction factors leave partial sums (all-reduced where the result is not unreduced).
PARTIAL_RESULT_OPS = frozenset({"stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution", "stablehlo.gather"})
