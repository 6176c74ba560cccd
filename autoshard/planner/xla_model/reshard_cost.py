"""Pricing a reshard: the cost of the collectives that lower it, as the configuration's `hardware.reshard_lowering`
names (`lowering_for`: XLA's SPMD partitioner, `xla_reshard_collectives`, or Shardy's `reshard_collectives`), each
priced by `costmodel.collectives` with the nccl-tests buffer conventions.

Two kinds of step also run local copy kernels, priced as memory-bound copies and counted as compute in a plan's
breakdown (`COPY_KINDS`), as in XLA's program:
- an `all_slice` sends nothing, but XLA runs it as a dynamic-slice fusion that reads each device's slice of the
  operand and writes it (`slice_copy_cost`), unless it is the reshard's last step and the consumer takes the
  slice inside its own loop fusion (`fused_slice=True`, an elementwise or reduce consumer: XLA fuses the
  dynamic-slice into it, no kernel of its own, and the consumer's read of its local operand is priced with the
  consumer);
- an `all_to_all` packs the chunks for each peer and concatenates those it receives, and an `all_gather` along
  an inner dimension copies its operand into and its result out of a layout with that dimension outermost
  (`step_copy_cost`).

`reshard_cost` prices one reshard; `ReshardPricer` is the memoized form the planner prices every edge with."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from costmodel.collectives import CollectiveCost, collective
from costmodel.compute import roofline_time
from costmodel.hardware import CostConfig

from autoshard.planner.xla_model.backend import backend_for
from autoshard.planner.xla_model.xla_reshard import xla_reshard_collectives
from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.collective_steps import (
    AllGather, AllSlice, AllToAll, Collective, CollectivePermute, MeshLookup, ReplicatedToUnreduced, ShardedToUnreduced,
    resolve_mesh,
)
from autoshard.sharding.hardware_profiles import axis_specs, profile_mesh
from autoshard.sharding.reshard import ReshardNotLowerable, reshard_collectives
from autoshard.sharding.reshard_involved_dims import expand_steps, involved_dims, restrict
from autoshard.sharding.tensor_sharding import TensorSharding

#: `(src, dst, meshes, shape) -> steps`: a lowering of reshards to collectives
Lowering = Callable[[TensorSharding, TensorSharding, MeshLookup, Sequence[int] | None], list[Collective]]

#: The copy kernels around an all-to-all and around an all-gather along an inner dimension (`step_copy_cost`),
#: priced apart from their communication.
ALL_TO_ALL_COPY = "all_to_all_copy"
ALL_GATHER_COPY = "all_gather_copy"
COPY_OF: dict[type[Collective], str] = {AllToAll: ALL_TO_ALL_COPY, AllGather: ALL_GATHER_COPY}

#: Steps (and parts of steps) a device runs as local copy kernels (`slice_copy_cost`, `step_copy_cost`): their
#: time is compute, as in XLA's program, not communication.
COPY_KINDS = ("all_slice", ALL_TO_ALL_COPY, ALL_GATHER_COPY)


@dataclass(frozen=True)
class ReshardCost:
    """The collectives of one reshard and what each costs a device."""

    steps: tuple[Collective, ...]
    costs: tuple[CollectiveCost, ...]
    #: seconds of the copy kernels around its steps (`step_copy_cost`)
    copy_s: float = 0.0

    @property
    def time_s(self) -> float:
        return sum(c.time_s for c in self.costs) + self.copy_s

    @property
    def bytes_per_device(self) -> float:
        return sum(c.bytes_per_device for c in self.costs)


def _permuted_axes(before: TensorSharding, after: TensorSharding, meshes: MeshLookup) -> tuple[AxisRef, ...]:
    """Axes whose device groups exchange data in a collective-permute: every axis outside the per-dimension
    common prefix of both shardings, or the whole mesh when the device order changes."""
    if before.mesh_name != after.mesh_name or before.inline_mesh != after.inline_mesh:
        return tuple(AxisRef(a.name) for a in resolve_mesh(after, meshes).axes)
    moved: list[AxisRef] = []
    for b, a in zip(before.dims, after.dims):
        k = 0
        while k < min(len(b.axes), len(a.axes)) and b.axes[k] == a.axes[k]:
            k += 1
        for ref in b.axes[k:] + a.axes[k:]:
            if ref not in moved:
                moved.append(ref)
    return tuple(moved)


@dataclass(frozen=True)
class StepTraffic:
    """What one reshard step sends, independent of the tensor's size: the collective's class, the mesh axes whose
    device groups take part, and the per-dimension shard counts of the buffer it is priced on (nccl-tests:
    all-gather on its full output, everything else on its input; an all-slice on its local result, the bytes its
    copy reads and writes); `buffer_shards` is None for a step that runs nothing."""

    collective: type[Collective]
    axes: tuple[AxisRef, ...]
    buffer_shards: tuple[int, ...] | None
    #: an all-gather's gathered dimensions, and how many times larger its result is than its operand
    gathered_dims: tuple[int, ...] = ()
    gather_factor: int = 1

    @property
    def kind(self) -> str:
        """The collective's name, as the cost model knows it."""
        return self.collective.kind

    def buffer_bytes(self, shape: Sequence[int], dtype_bytes: int) -> float:
        assert self.buffer_shards is not None
        return float(math.prod(-(-d // n) for d, n in zip(shape, self.buffer_shards)) * dtype_bytes)

    def expanded(self, dims: Sequence[int], rank: int) -> StepTraffic:
        """This traffic, computed on the restricted dims `dims` of a rank-`rank` tensor, on the whole tensor (the
        other dims unsharded)."""
        if self.buffer_shards is None:
            return self
        shards = [1] * rank
        for j, i in enumerate(dims):
            shards[i] = self.buffer_shards[j]
        return replace(self, buffer_shards=tuple(shards), gathered_dims=tuple(dims[j] for j in self.gathered_dims))


def step_traffic(step: Collective, before: TensorSharding, meshes: MeshLookup) -> StepTraffic:
    """The traffic of `step` applied to a tensor sharded as `before`."""
    collective, axes = type(step), step.communicated_axes()
    match step:
        case ReplicatedToUnreduced() | ShardedToUnreduced():  # reinterpret local data: nothing runs
            return StepTraffic(collective, axes, None)
        case CollectivePermute():
            return StepTraffic(collective, _permuted_axes(before, step.out_sharding, meshes), _shards(before, meshes))
        case AllSlice():
            return StepTraffic(collective, axes, _shards(step.out_sharding, meshes))
        case AllGather():
            after = _shards(step.out_sharding, meshes)
            gathered = tuple(i for i, g in enumerate(step.gathering_axes) if g)
            factor = math.prod(b // a for b, a in zip(_shards(before, meshes), after))
            return StepTraffic(collective, axes, after, gathered, max(factor, 1))
    return StepTraffic(collective, axes, _shards(before, meshes))


def _shards(sharding: TensorSharding, meshes: MeshLookup) -> tuple[int, ...]:
    mesh = resolve_mesh(sharding, meshes)
    return tuple(d.num_shards(mesh) for d in sharding.dims)


def lowering_for(config: CostConfig) -> Lowering:
    """The lowering that performs reshards on `config`'s backend (`hardware.reshard_lowering`)."""
    return xla_reshard_collectives if config.hardware.reshard_lowering == "xla" else reshard_collectives


def performed_kind(kind: str, config: CostConfig) -> str:
    """The collective the backend runs for `kind`: a reduce-scatter is a full all-reduce (then a local slice)
    where the backend forms no reduce-scatters (`hardware.reduce_scatter: false`, XLA:CPU)."""
    return "all_reduce" if kind == "reduce_scatter" and not config.hardware.reduce_scatter else kind


def slice_copy_cost(traffic: StepTraffic, config: CostConfig, shape: Sequence[int], dtype_bytes: int
                    ) -> CollectiveCost:
    """An all-slice as XLA runs it: a dynamic-slice fusion per device that reads its local slice of the operand
    (only the slice: the loop emitter computes each output element from the one element it needs) and writes it,
    a memory-bound copy of the local result's bytes; nothing is sent (`bytes_per_device` 0)."""
    local = traffic.buffer_bytes(shape, dtype_bytes)
    no_communication = collective("all_slice", config, axis_specs(traffic.axes), local)
    return replace(no_communication, time_s=roofline_time(config, 0.0, 2.0 * local))


def step_copy_cost(traffic: StepTraffic, config: CostConfig, shape: Sequence[int], dtype_bytes: int,
                   fused: bool = False) -> float:
    """Seconds of the memory-bound copy kernels XLA runs around a step (0 for most), as the profile's backend
    (`backend_for`) runs them:
    - an all-to-all packs the chunks for each peer (a slice kernel per peer: its local buffer read and written)
      and concatenates the chunks received (read and written again): `all_to_all_copy_passes` passes (XLA:CPU: a
      tuple all-to-all between `slice` fusions and a `concatenate`);
    - an all-gather along a dimension inside a non-trivial one of its local result gathers in a layout with that
      dimension outermost (`all_gather_layout_copies`): its operand is copied into that layout and its result
      copied back (each read and written), the copy back fused into a consumer that takes the result inside its
      own loop (`fused`)."""
    if traffic.buffer_shards is None or traffic.collective not in COPY_OF:
        return 0.0
    backend = backend_for(config)
    local = traffic.buffer_bytes(shape, dtype_bytes)
    if traffic.collective is AllToAll:
        return roofline_time(config, 0.0, backend.all_to_all_copy_passes.value * local)
    if not backend.all_gather_layout_copies.value:
        return 0.0
    inner = min(traffic.gathered_dims, default=0)
    if all(-(-d // n) == 1 for d, n in zip(shape[:inner], traffic.buffer_shards[:inner])):
        return 0.0  # the gathered dimension is outermost: no copy
    operand = local / traffic.gather_factor
    return roofline_time(config, 0.0, 2.0 * operand + (0.0 if fused else 2.0 * local))


def copy_costs(traffic: Sequence[StepTraffic], config: CostConfig, shape: Sequence[int], dtype_bytes: int,
               fused_last: bool = False) -> Iterator[tuple[str, float]]:
    """(copy kind, seconds) of the copy kernels around each of a reshard's steps that runs some
    (`step_copy_cost`), given the steps' traffic in order; `fused_last`: the consumer takes the last step's copy
    back inside its own loop."""
    for k, t in enumerate(traffic):
        if t.collective in COPY_OF:
            yield COPY_OF[t.collective], step_copy_cost(t, config, shape, dtype_bytes, fused_last and k == len(traffic) - 1)


def traffic_cost(traffic: StepTraffic, config: CostConfig, shape: Sequence[int], dtype_bytes: int) -> CollectiveCost:
    """The cost of a step's traffic for a tensor of global `shape` (its kind as the backend performs it; an
    all-slice as its local copy, `slice_copy_cost`)."""
    if traffic.buffer_shards is None:
        return CollectiveCost(traffic.kind, tuple(str(a) for a in traffic.axes), 1, 0.0, 0.0)
    if traffic.collective is AllSlice:
        return slice_copy_cost(traffic, config, shape, dtype_bytes)
    kind = performed_kind(traffic.kind, config)
    return collective(kind, config, axis_specs(traffic.axes), traffic.buffer_bytes(shape, dtype_bytes))


def step_cost(
    step: Collective, before: TensorSharding, config: CostConfig, shape: Sequence[int], dtype_bytes: int,
    meshes: MeshLookup | None = None,
) -> CollectiveCost:
    """The cost of one step applied to a tensor sharded as `before` (global `shape`)."""
    meshes = profile_mesh(config) if meshes is None else meshes
    return traffic_cost(step_traffic(step, before, meshes), config, shape, dtype_bytes)


def reshard_cost(
    src: TensorSharding,
    dst: TensorSharding,
    config: CostConfig,
    shape: Sequence[int],
    dtype_bytes: int,
    meshes: MeshLookup | None = None,
    *,
    fused_slice: bool = False,
) -> ReshardCost:
    """Price resharding a tensor of global `shape` from `src` to `dst` on `config`'s mesh and links.

    The steps are those of the configured lowering (`lowering_for`). `meshes` names the meshes when `src` and `dst`
    use different ones (default: the profile's mesh for both). `fused_slice`: the consumer fuses the last step's local
    copy into its own loop: a final all-slice (`fuse_final_slice`) or a final all-gather's copy back
    (`step_copy_cost`).
    """
    meshes = profile_mesh(config) if meshes is None else meshes
    steps = lowering_for(config)(src, dst, meshes, shape)
    traffic = []
    before = src
    for step in steps:
        traffic.append(step_traffic(step, before, meshes))
        before = step.out_sharding
    costs = [traffic_cost(t, config, shape, dtype_bytes) for t in traffic]
    copy_s = sum(seconds for _, seconds in copy_costs(traffic, config, shape, dtype_bytes, fused_slice))
    priced = fuse_final_slice(list(zip(steps, costs))) if fused_slice else list(zip(steps, costs))
    return ReshardCost(tuple(steps), tuple(c for _, c in priced), copy_s)


def ends_in_slice(steps: Sequence[Collective]) -> bool:
    """Whether a reshard's last step is an all-slice (which a fusing consumer can take inside its loop)."""
    return bool(steps) and isinstance(steps[-1], AllSlice)


def fuse_final_slice(priced: list[tuple[Collective, CollectiveCost]]
                     ) -> list[tuple[Collective, CollectiveCost]]:
    """`priced` when its consumer reads the result inside its own loop fusion: a final all-slice is then a
    dynamic-slice XLA fuses into that loop, no kernel of its own (0 s); earlier steps feed collectives and keep
    their price."""
    if not ends_in_slice([step for step, _ in priced]):
        return priced
    step, cost = priced[-1]
    return [*priced[:-1], (step, replace(cost, time_s=0.0))]


class ReshardPricer:
    """Memoized reshard prices on one profile's mesh, as `reshard_cost` computes them (`hardware.reshard_lowering`).

    A lowering depends on the shape only through divisibility, i.e. through gcd(dim, #devices), and only on the
    dimensions sharded on either side (`reshard_involved_dims`): lowerings are memoized on the restricted pair
    and that signature, so same-rank tensors share them.
    """

    def __init__(self, config: CostConfig):
        self.config = config
        self.mesh = profile_mesh(config)
        self._devices = self.mesh.num_devices
        self._lower = lowering_for(config)
        self._steps: dict[tuple, list[Collective]] = {}
        self._restricted_steps: dict[tuple, list[Collective]] = {}
        self._restricted_traffic: dict[tuple, tuple[list[StepTraffic], bool]] = {}
        self._collective_s: dict[tuple, float] = {}
        self._step_costs: dict[tuple, CollectiveCost] = {}
        self._restricted: dict[tuple[TensorSharding, TensorSharding], tuple] = {}

    def steps(self, src: TensorSharding, dst: TensorSharding, shape: Sequence[int], dtype_bytes: int,
              fused_slice: bool = False) -> list[tuple[Collective, CollectiveCost]]:
        """The collectives lowering `src -> dst` for a tensor of global `shape`, each with its cost (memoized on
        (step, sharding before, shape, dtype size)); `fused_slice` as in `reshard_cost`."""
        signature = tuple(math.gcd(d, self._devices) for d in shape)
        key = (src, dst, signature)
        steps = self._steps.get(key)
        if steps is None:
            steps = self._steps[key] = self._lower_on_involved_dims(src, dst, signature)
        out, before = [], src
        for step in steps:
            ckey = (step, before, shape, dtype_bytes)
            cost = self._step_costs.get(ckey)
            if cost is None:
                cost = self._step_costs[ckey] = step_cost(step, before, self.config, shape, dtype_bytes)
            out.append((step, cost))
            before = step.out_sharding
        return fuse_final_slice(out) if fused_slice else out

    def _lower_on_involved_dims(self, src: TensorSharding, dst: TensorSharding, signature: tuple[int, ...]
                                ) -> list[Collective]:
        dims = involved_dims(src, dst)
        steps = self._restricted_lowering(restrict(src, dims), restrict(dst, dims), tuple(signature[i] for i in dims))
        return expand_steps(steps, dims, src.rank)

    def _restricted_lowering(self, src: TensorSharding, dst: TensorSharding, signature: tuple[int, ...]
                             ) -> list[Collective]:
        key = (src, dst, signature)
        steps = self._restricted_steps.get(key)
        if steps is None:
            try:
                steps = self._lower(src, dst, self.mesh, signature)
            except ReshardNotLowerable:
                steps = []
            self._restricted_steps[key] = steps
        return steps

    def seconds(self, src: TensorSharding, dst: TensorSharding, shape: Sequence[int], dtype_bytes: int,
                fused_slice: bool = False) -> float:
        """Seconds to reshard `src -> dst`: the sum of `steps`' costs, computed on the involved dims only (the
        other, unsharded dims scale every buffer by their size) from the steps' traffic memoized per restricted
        pair and divisibility, each collective's price memoized on (kind, axes, bytes); `fused_slice` as in
        `reshard_cost`."""
        if src == dst:
            return 0.0
        # the same restricted objects for the same pair: their hashes are computed once (callers pass the same
        # sharding objects again and again, for tensors of many shapes)
        restricted = self._restricted.get((src, dst))
        if restricted is None:
            dims = involved_dims(src, dst)
            restricted = self._restricted[(src, dst)] = (dims, restrict(src, dims), restrict(dst, dims))
        dims, src_r, dst_r = restricted
        restricted_shape = tuple(shape[i] for i in dims)
        bytes_scale = dtype_bytes * math.prod(d for i, d in enumerate(shape) if i not in dims)
        signature = tuple(math.gcd(d, self._devices) for d in restricted_shape)
        key = (src_r, dst_r, signature)
        memo = self._restricted_traffic.get(key)
        if memo is None:
            traffic, before = [], src_r
            steps = self._restricted_lowering(src_r, dst_r, signature)
            for step in steps:
                t = step_traffic(step, before, self.mesh)
                if t.buffer_shards is not None:
                    traffic.append(t)
                before = step.out_sharding
            memo = self._restricted_traffic[key] = (traffic, ends_in_slice(steps))
        traffic, final_slice = memo
        if fused_slice and final_slice:
            traffic = traffic[:-1]  # an all-slice always has a buffer: it is the last traffic entry
        total = 0.0
        for t in traffic:
            ckey = (t.kind, t.axes, t.buffer_bytes(restricted_shape, bytes_scale))
            seconds = self._collective_s.get(ckey)
            if seconds is None:
                seconds = self._collective_s[ckey] = traffic_cost(t, self.config, restricted_shape, bytes_scale).time_s
            total += seconds
        if any(t.collective in COPY_OF for t in traffic):  # a layout copy depends on the dims outside the restriction too
            whole = [t.expanded(dims, len(shape)) for t in traffic]
            total += sum(seconds for _, seconds in copy_costs(whole, self.config, shape, dtype_bytes,
                                                              fused_slice and not final_slice))
        return total

    def seconds_by_kind(self, src: TensorSharding, dst: TensorSharding, shape: Sequence[int], dtype_bytes: int,
                        fused_slice: bool = False) -> dict[str, float]:
        """Seconds per collective kind (as the backend performs it) of `src -> dst`."""
        out: dict[str, float] = defaultdict(float)
        traffic, before = [], src
        for step, cost in self.steps(src, dst, shape, dtype_bytes, fused_slice):
            out[cost.kind] += cost.time_s
            traffic.append(step_traffic(step, before, self.mesh))
            before = step.out_sharding
        for kind, seconds in copy_costs(traffic, self.config, shape, dtype_bytes, fused_slice):
            out[kind] += seconds
        return dict(out)
