"""One op about to run on every device's local shards: what a local implementation (a localizer) reads.

A localizer turns an op whose operands carry the shardings of the op's local plan (its rule's factor
shardings projected onto every operand) into one list of local results per device. It may localize the op's
attributes for the kernel (`run_kernel(inputs, overrides)`), translate indices to a device's block, exchange
halos with neighbours (collectives counted in `stats`), and mask what a device does not own. Its
`unsupported` check runs first, before any operand is resharded, and names a case it cannot run on local
shards (the op then runs globally, listed with that reason); a plan its op's sharding rule forbids raises
`SimulationError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.ir import Operation

from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.shards import Shards, block_index, local_shape
from autoshard.rules.rule import OpShardingRule
from autoshard.sharding import AxisRef, TensorSharding

#: (local inputs, attribute overrides) -> local results, with the op's local result shapes.
RunKernel = Callable[[Sequence[np.ndarray], dict[str, object]], list[np.ndarray]]


@dataclass
class LocalOp:
    """An op, its operands' shards under the local plan, and the plan's factor shardings."""

    op: Operation
    rule: OpShardingRule
    operand_shardings: list[TensorSharding]
    operand_shapes: list[tuple[int, ...]]
    result_shardings: list[TensorSharding]
    result_shapes: list[tuple[int, ...]]
    factor_axes: dict[int, list[AxisRef]]
    reduction_axes: list[AxisRef]
    dmesh: DeviceMesh
    stats: CollectiveStats
    run_kernel: RunKernel
    #: Each operand's shards under `operand_shardings`; empty while `Localizer.unsupported` runs.
    operand_shards: list[Shards] = field(default_factory=list)

    def inputs(self, device: int) -> list[np.ndarray]:
        return [shards[device] for shards in self.operand_shards]

    def operand_block_start(self, device: int, operand: int) -> tuple[int, ...]:
        """Global coordinates of the first element of the device's block of an operand."""
        sharding = self.operand_shardings[operand]
        local = local_shape(self.operand_shapes[operand], sharding, self.dmesh)
        return tuple(i * n for i, n in zip(block_index(device, sharding, self.dmesh), local))

    def result_local_shape(self, result: int = 0) -> tuple[int, ...]:
        return local_shape(self.result_shapes[result], self.result_shardings[result], self.dmesh)

    def reduction_index(self, device: int) -> int:
        """The device's in-group index over the sharded reduction factors' axes (0 for the group's first)."""
        return self.dmesh.index_along(device, self.reduction_axes)

    def per_device(self, fn: Callable[[int], list[np.ndarray]]) -> dict[int, list[np.ndarray]]:
        return {device: fn(device) for device in self.dmesh.device_ids}


def _supported(call: LocalOp) -> str | None:
    return None


def run_everywhere(call: LocalOp) -> dict[int, list[np.ndarray]]:
    """The kernel on each device's shards with the op's own attributes (right when every sharded factor is
    one whose local result is the kernel of the local operands)."""
    return call.per_device(lambda device: call.run_kernel(call.inputs(device), {}))


@dataclass(frozen=True)
class Localizer:
    """How an op runs on local shards, and which plans it cannot run so (a reason, checked first)."""

    run: Callable[[LocalOp], dict[int, list[np.ndarray]]] = run_everywhere
    unsupported: Callable[[LocalOp], str | None] = _supported
