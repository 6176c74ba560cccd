"""The collectives XLA's GSPMD partitioner inserts to reshard a tensor (`PartitionedHlo::ReshardNoCache` in
xla/service/spmd/spmd_partitioner.cc), modeled on the plain sharding model.

When jax compiles with the Shardy partitioner, Shardy propagates and exports shardings, and XLA's SPMD
partitioner lowers every remaining sharding change its own way, not by Shardy's `-sdy-reshard-to-collectives`
(`autoshard.sharding.reshard`). `xla_reshard_collectives(src, dst, mesh, shape)` returns the steps XLA takes, in
the same `Collective` classes, so `reshard_cost.step_cost` prices either decomposition.

XLA works on tile assignments (an array of device ids per tile, plus a last "replicated" dimension); a sharding
here is turned into one with its dimension axes major to minor and its replicated axes in mesh order (as Shardy
exports it). XLA tries, in order (the first that applies wins; each may end with a collective-permute when the
device order it reaches differs from the target's):

1. the same tile counts in every dimension (and the same replication), another device order: one
   collective-permute of the local shard;
2. tile counts that differ only by moving factors between dimensions, with the same number of tiles
   (`GetReshardAllToAllSourceTargetDims`): one all-to-all per (source, target) dimension pair, moving the
   minor part of the source dimension's tiling to the minor end of the target dimension's;
3. a partially replicated source whose every dimension's tile count divides the target's: a local
   dynamic-slice over replicated devices (free), then a permute if needed;
4. a target that is partially replicated and whose every dimension's tile count divides the source's: a
   permute to a device order from which gathering works (if needed), then one all-gather per dimension that
   loses tiles, last dimension first;
5. neither side fully replicated, where (2)-(4) do not apply (`TryComplexReshardHandling`, in part): to a
   partially replicated target, an all-gather of the first sharded dimension whose tile count times the
   source's replication is the target's replication (`PatternMatchPartiallyReplicateDim`); from a partially
   replicated source to a target without replication, a local slice of the replication into the first
   dimension the source does not shard and the target shards a multiple of it; either followed by (1)-(5)
   without the last resort, else the attempt is dropped;
6. otherwise full replication: one all-gather per sharded dimension, last dimension first (together the whole
   tensor, gathered to every device), then a local dynamic-slice to the target. Unless the target is fully
   replicated (then this is just the all-gather it asks for), this is XLA's last resort: it logs
   "[SPMD] Involuntary full rematerialization" (`ReshardNoCache`) and every device holds the whole tensor for a
   while. `xla_full_rematerialization` tells when. Between two tilings of all devices (no replication on
   either side) whose tile counts share a factor in some dimension, XLA logs the warning but the compiled
   program gathers only down to each dimension's greatest common tile count, then slices and permutes (seen on
   XLA:CPU, jaxlib 0.10: its all-gather and dynamic-slice are shrunk after partitioning).

Not modeled (a reshard falls back to the nearest of the above): XLA's split/merge of a dimension
(`PatternMatchMergeOrSplitSharding`), its all-to-all between a tiled and a partially replicated sharding of the
same devices shifted by one dimension (`ReshardPartialReplicateWithAllToAll`), and its grouping of dimensions
whose tile counts already agree. Unreduced axes and reshards across meshes of another device order are left to
Shardy's lowering (`reshard_collectives`), which XLA follows there (all-reduce first).
The collectives are checked against XLA's compiled HLO in tests/sharding/test_xla_reshard.py, the last resort
against XLA's warning in tests/sharding/test_xla_full_rematerialization.py.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np

from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.mesh import Mesh
from autoshard.sharding.collective_steps import (
    AllGather,
    AllSlice,
    AllToAll,
    AllToAllParam,
    Collective,
    CollectivePermute,
    MeshLookup,
    resolve_mesh,
)
from autoshard.sharding.reshard import ReshardNotLowerable, is_equivalent, reshard_collectives
from autoshard.sharding.tensor_sharding import DimSharding, TensorSharding

AxesPerDim = list[list[AxisRef]]


# -- sub-axis arithmetic ----------------------------------------------------------------------------


def _prod(refs: Sequence[AxisRef], mesh: Mesh) -> int:
    return math.prod(r.size(mesh) for r in refs)


def _split_ref(ref: AxisRef, major_size: int, mesh: Mesh) -> tuple[AxisRef, AxisRef]:
    """`ref` as (its major part of size `major_size`, the minor rest)."""
    size = ref.size(mesh)
    return (AxisRef.make(ref.name, ref.pre_size, major_size, mesh),
            AxisRef.make(ref.name, ref.pre_size * major_size, size // major_size, mesh))


def _take_major(refs: Sequence[AxisRef], size: int, mesh: Mesh) -> tuple[list[AxisRef], list[AxisRef]] | None:
    """Split `refs` (major to minor) into a major prefix whose sizes multiply to `size` and the rest, splitting
    one ref into sub-axes where needed; None when `size` does not fit."""
    taken: list[AxisRef] = []
    rest = list(refs)
    while size > 1:
        if not rest:
            return None
        ref = rest.pop(0)
        ref_size = ref.size(mesh)
        if size % ref_size == 0:
            taken.append(ref)
            size //= ref_size
        elif ref_size % size == 0:
            major, minor = _split_ref(ref, size, mesh)
            taken.append(major)
            rest.insert(0, minor)
            size = 1
        else:
            return None
    return taken, rest


def _replicated_refs(dims: AxesPerDim, mesh: Mesh) -> list[AxisRef]:
    """The parts of the mesh no dimension uses, in mesh order (major to minor): XLA's replicated tile dim."""
    out: list[AxisRef] = []
    for axis in mesh.axes:
        used = sorted((r.pre_size, r.next_pre_size(mesh)) for d in dims for r in d if r.name == axis.name)
        position = 1
        for lo, hi in used + [(axis.size, axis.size)]:
            if lo > position:
                out.append(AxisRef.make(axis.name, position, lo // position, mesh))
            position = max(position, hi)
    return out


def _cuts(refs: Sequence[AxisRef], mesh: Mesh) -> dict[str, list[int]]:
    cuts: dict[str, set[int]] = {a.name: {1, a.size} for a in mesh.axes}
    for r in refs:
        cuts[r.name] |= {r.pre_size, r.next_pre_size(mesh)}
    return {name: sorted(c) for name, c in cuts.items()}


def _piece_layout(dims: AxesPerDim, mesh: Mesh, extra_refs: Sequence[AxisRef] = ()
                  ) -> tuple[list[int], list[list[int]]]:
    """The mesh cut into pieces at every boundary of `dims`, their replication and `extra_refs`: the pieces'
    sizes (mesh order, major to minor) and the pieces of each dimension and of the replication, major to minor.
    A tile index in a dimension is the mixed-radix number of its pieces' coordinates."""
    replicated = _replicated_refs(dims, mesh)
    cuts = _cuts([*(r for d in dims for r in d), *replicated, *extra_refs], mesh)
    piece_sizes: list[int] = []
    first_piece: dict[str, int] = {}
    for axis in mesh.axes:
        first_piece[axis.name] = len(piece_sizes)
        c = cuts[axis.name]
        piece_sizes.extend(c[i + 1] // c[i] for i in range(len(c) - 1))

    def pieces(ref: AxisRef) -> list[int]:
        c = cuts[ref.name]
        lo, hi = c.index(ref.pre_size), c.index(ref.next_pre_size(mesh))
        return [first_piece[ref.name] + i for i in range(lo, hi)]

    return piece_sizes, [[p for r in refs for p in pieces(r)] for refs in [*dims, replicated]]


@functools.lru_cache(maxsize=200_000)  # lowerings ask again and again: 55k times, 11k distinct, pricing a deep step
def _same_tile_assignment(mesh: Mesh, a: tuple[tuple[AxisRef, ...], ...], b: tuple[tuple[AxisRef, ...], ...]) -> bool:
    """Whether axes per dimension `a` and `b` give one tile assignment on `mesh` (`_XlaLowering.same_devices`)."""
    extra = [r for d in (*a, *b) for r in d]
    return _piece_layout(a, mesh, extra)[1] == _piece_layout(b, mesh, extra)[1]


def tile_assignment(dims: AxesPerDim, mesh: Mesh, extra_refs: Sequence[AxisRef] = ()) -> np.ndarray:
    """XLA's tile assignment of a sharding with dimension axes `dims`: device ids of shape
    [tiles of dim 0, ..., tiles of dim r-1, replication] (device order iota, or the mesh's device ids)."""
    piece_sizes, pieces_per_dim = _piece_layout(dims, mesh, extra_refs)
    ids = mesh.device_ids
    devices = (np.arange(mesh.num_devices) if ids is None else np.array(ids)).reshape(piece_sizes or [1])
    shape = [math.prod(piece_sizes[p] for p in pieces) for pieces in pieces_per_dim]
    if not piece_sizes:
        return devices.reshape(shape)
    return devices.transpose([p for pieces in pieces_per_dim for p in pieces]).reshape(shape)


# -- the lowering ---------------------------------------------------------------------------------------


class _XlaLowering:
    """Builds the steps from `src` to `dst`; `dims` is the current sharding's axes per dimension."""

    def __init__(self, src: TensorSharding, dst: TensorSharding, mesh: Mesh, shape: Sequence[int] | None):
        self.mesh = mesh
        self.ref = src
        self.shape = tuple(shape) if shape is not None else None
        self.dims: AxesPerDim = [list(d.axes) for d in src.dims]
        self.target: AxesPerDim = [list(d.axes) for d in dst.dims]
        self.steps: list[Collective] = []
        #: set by `run` when XLA gets there by its last resort (case 6 to a target that is not replicated)
        self.full_rematerialization = False

    # -- state ------------------------------------------------------------------------------------
    def counts(self, dims: AxesPerDim) -> list[int]:
        return [_prod(d, self.mesh) for d in dims] + [self.mesh.num_devices // _prod([r for d in dims for r in d], self.mesh)]

    def same_devices(self, a: AxesPerDim, b: AxesPerDim) -> bool:
        """Whether `a` and `b` have one tile assignment: the same pieces per dimension and replication (the
        device array is a bijection of the pieces' coordinates, so this is equality of the arrays)."""
        return _same_tile_assignment(self.mesh, tuple(map(tuple, a)), tuple(map(tuple, b)))

    def sharding(self, dims: AxesPerDim) -> TensorSharding:
        return TensorSharding(self.ref.mesh_name, tuple(DimSharding(tuple(d)) for d in dims), (), (),
                              self.ref.inline_mesh)

    def emit(self, collective: type[Collective], dims: AxesPerDim, *params) -> None:
        """Append a `collective` with `params` that leaves the tensor sharded as `dims`."""
        self.dims = [list(d) for d in dims]
        self.steps.append(collective(*params, self.sharding(self.dims)))  # type: ignore[call-arg]

    def tiles_within(self, inner: AxesPerDim, outer: AxesPerDim) -> bool:
        """Whether every device's tile under `inner` lies inside its tile under `outer` (a local slice): in each
        dimension, the major pieces of `inner`'s tile index are exactly `outer`'s pieces (checked on the pieces,
        so the cost does not grow with the device count)."""
        inner_counts, outer_counts = self.counts(inner), self.counts(outer)
        if any(i % o for i, o in zip(inner_counts[:-1], outer_counts[:-1])):
            return False
        extra = [r for d in (*inner, *outer) for r in d]
        sizes, inner_pieces = _piece_layout(inner, self.mesh, extra)
        _, outer_pieces = _piece_layout(outer, self.mesh, extra)
        for d, outer_count in enumerate(outer_counts[:-1]):
            major, product = [], 1
            for piece in inner_pieces[d]:
                if product >= outer_count:
                    break
                major.append(piece)
                product *= sizes[piece]
            if product != outer_count or major != outer_pieces[d]:
                return False
        return True

    def permute_to(self, dims: AxesPerDim) -> None:
        """A collective-permute when `dims` places tiles on other devices than the current sharding."""
        if not self.same_devices(self.dims, dims):
            self.emit(CollectivePermute, dims)
        else:
            self.dims = [list(d) for d in dims]

    def finish(self) -> None:
        self.permute_to(self.target)

    # -- 2. all-to-all ----------------------------------------------------------------------------
    def all_to_all_pairs(self, src_counts: list[int], tgt_counts: list[int]
                         ) -> list[tuple[int, int, int | None]] | None:
        """XLA's `GetReshardAllToAllSourceTargetDims`: (source dim, target dim, None) pairs, each swapping the
        two dimensions' tile counts, or None."""
        if math.prod(src_counts[:-1]) != math.prod(tgt_counts[:-1]):
            return None
        src_by_size: dict[int, list[int]] = {}
        tgt_by_size: dict[int, list[int]] = {}
        for i, (s, t) in enumerate(zip(src_counts, tgt_counts)):
            if s != t:
                src_by_size.setdefault(s, []).append(i)
                tgt_by_size.setdefault(t, []).append(i)
        if not src_by_size or sorted((k, len(v)) for k, v in src_by_size.items()) != sorted(
                (k, len(v)) for k, v in tgt_by_size.items()):
            return None

        def remove(size: int, dim: int, table: dict[int, list[int]]) -> None:
            table[size] = [d for d in table.get(size, []) if d != dim]
            if not table[size]:
                del table[size]

        pairs: list[tuple[int, int, int | None]] = []
        while src_by_size:
            source_size = min(src_by_size)
            i = src_by_size[source_size][-1]
            target_i_size = tgt_counts[i]
            if target_i_size == source_size:
                remove(source_size, i, src_by_size)
                remove(source_size, i, tgt_by_size)
                continue
            candidates = src_by_size.get(target_i_size)
            if not candidates:
                return None
            j = candidates[0]
            if source_size == 1:
                j = next((c for c in candidates if tgt_counts[c] != 1), candidates[-1])
            elif target_i_size % source_size == 0:
                j = next((c for c in candidates if tgt_counts[c] == source_size), candidates[-1])
            else:
                return None
            pairs.append((j, i, None))
            remove(target_i_size, i, tgt_by_size)
            src_by_size[source_size][-1] = j
            remove(target_i_size, j, src_by_size)
        return pairs

    @staticmethod
    def divisible_pairs(counts: list[int], target_counts: list[int]) -> list[tuple[int, int, int | None]] | None:
        """Source/target pairs when each moved factor divides both sides (newer XLA also lowers these by
        all-to-alls): every dimension with more tiles than its target gives its surplus to the first
        dimensions that need it."""
        surplus = {d: c // t for d, (c, t) in enumerate(zip(counts[:-1], target_counts[:-1])) if c > t}
        need = {d: t // c for d, (c, t) in enumerate(zip(counts[:-1], target_counts[:-1])) if t > c}
        if any(counts[d] % target_counts[d] for d in surplus) or any(target_counts[d] % counts[d] for d in need):
            return None
        pairs = []
        for s in sorted(surplus):
            for t in sorted(need):
                k = math.gcd(surplus[s], need[t])
                if k > 1:
                    pairs.append((s, t, k))
                    surplus[s] //= k
                    need[t] //= k
        if any(v > 1 for v in surplus.values()) or any(v > 1 for v in need.values()):
            return None
        # XLA moves one dimension's surplus to one other dimension (no fan-out or fan-in): else it replicates
        sources, targets = [s for s, _, _ in pairs], [d for _, d, _ in pairs]
        if len(set(sources)) != len(sources) or len(set(targets)) != len(targets):
            return None
        return pairs

    def all_to_alls(self, target_counts: list[int]) -> bool:
        """Reach `target_counts` (same number of tiles) by all-to-alls; False when XLA would not."""
        counts = self.counts(self.dims)
        if math.prod(counts[:-1]) != math.prod(target_counts[:-1]) or counts[-1] != target_counts[-1]:
            return False
        pairs = self.all_to_all_pairs(counts, target_counts)
        if pairs is None:
            pairs = self.divisible_pairs(counts, target_counts)
        if pairs is None:
            return False
        for source_dim, target_dim, moved_size in pairs:
            counts = self.counts(self.dims)
            if moved_size is None:  # XLA swaps the two dimensions' tile counts
                moved_size = counts[source_dim] // max(counts[target_dim], 1)
                if counts[source_dim] % counts[target_dim]:
                    return False
            keep = counts[source_dim] // moved_size
            if moved_size <= 1 or counts[source_dim] % moved_size:
                return False
            split = _take_major(self.dims[source_dim], keep, self.mesh)
            if split is None:
                return False
            kept, moved = split
            dims = [list(d) for d in self.dims]
            dims[source_dim] = kept
            dims[target_dim] = dims[target_dim] + moved
            self.emit(AllToAll, dims, (AllToAllParam(tuple(moved), source_dim, target_dim),))
        return True

    # -- 3. slicing over replicated devices ---------------------------------------------------------
    def slice_to(self, target: AxesPerDim) -> bool:
        """A local dynamic-slice straight to `target` when every device holds its target tile (free)."""
        if not self.tiles_within(target, self.dims):
            return False
        slicing = tuple(tuple(r for r in t if r not in d) for d, t in zip(self.dims, target))
        self.emit(AllSlice, target, slicing)
        return True

    def slice_towards(self, target_counts: list[int]) -> bool:
        """Slice the current replicated devices so each dimension reaches `target_counts` (free)."""
        counts = self.counts(self.dims)
        if any(t % c for c, t in zip(counts[:-1], target_counts[:-1])):
            return False
        available = _replicated_refs(self.dims, self.mesh)
        dims = [list(d) for d in self.dims]
        slicing: AxesPerDim = [[] for _ in dims]
        for d, (c, t) in enumerate(zip(counts[:-1], target_counts[:-1])):
            split = _take_major(available, t // c, self.mesh)
            if split is None:
                return False
            slicing[d], available = split
            dims[d] = dims[d] + slicing[d]
        if any(slicing):
            self.emit(AllSlice, dims, tuple(tuple(s) for s in slicing))
        return True

    # -- 4. gathering to partial replication ----------------------------------------------------------
    def gather_towards(self, target: AxesPerDim) -> bool:
        """Gather the minor parts of dimensions whose tile count is a multiple of `target`'s; before that,
        permute to the device order from which the gathers produce `target` (XLA's target-compatible order)."""
        counts, target_counts = self.counts(self.dims), self.counts(target)
        if any(c % t for c, t in zip(counts[:-1], target_counts[:-1])):
            return False
        if self.tiles_within(self.dims, target):  # gathering the minor parts of each dimension gives `target`
            dims, kept = [], []
            for d, t in enumerate(target_counts[:-1]):
                split = _take_major(self.dims[d], t, self.mesh)
                if split is None:
                    return False
                dims.append(split[0] + split[1])
                kept.append(len(split[0]))
            self.dims = dims
            self.gather_dims(list(enumerate(kept)))
            return True
        available = _replicated_refs(target, self.mesh)
        compatible: AxesPerDim = []
        for d, (c, t) in enumerate(zip(counts[:-1], target_counts[:-1])):
            split = _take_major(available, c // t, self.mesh)
            if split is None:
                return False
            extra, available = split
            compatible.append(list(target[d]) + extra)
        self.permute_to(compatible)
        self.gather_dims([(d, len(target[d])) for d in range(len(target))])
        return True

    def gather_dims(self, keep: list[tuple[int, int]]) -> None:
        """One all-gather per dimension (last dimension first) of its refs after the first `n` kept."""
        for d, n in sorted(keep, reverse=True):
            gathered = self.dims[d][n:]
            if not gathered:
                continue
            dims = [list(x) for x in self.dims]
            dims[d] = dims[d][:n]
            axes_per_dim = tuple(tuple(gathered) if i == d else () for i in range(len(dims)))
            self.emit(AllGather, dims, axes_per_dim)

    # -- driver -----------------------------------------------------------------------------------
    def run(self) -> list[Collective]:
        self.reshard(last_resort=True)
        return self.steps

    def reshard(self, last_resort: bool) -> bool:
        """Reach the target from the current sharding as XLA's `ReshardNoCache` does; without `last_resort`
        (XLA's `allow_full_replication=false`, in the intermediate steps of `TryComplexReshardHandling`)
        False, state unchanged, where only full replication would do."""
        if self.same_devices(self.dims, self.target):
            self.dims = [list(d) for d in self.target]
            return True
        counts, target_counts = self.counts(self.dims), self.counts(self.target)
        source_partial, target_partial = counts[-1] > 1, target_counts[-1] > 1
        source_replicated = counts[-1] == self.mesh.num_devices
        target_replicated = target_counts[-1] == self.mesh.num_devices
        # 1. same tiling, other devices
        if counts == target_counts:
            self.emit(CollectivePermute, self.target)
            return True
        # 2. all-to-all (same number of tile dims: both partially replicated or both not)
        if source_partial == target_partial and self._attempt(lambda: self.all_to_alls(target_counts)):
            return True
        # 3. from partial replication: slice
        if source_partial and not target_replicated:
            if self._attempt(lambda: self.slice_to(self.target) or self.slice_towards(target_counts)):
                return True
        # 4. to partial replication: gather
        if not source_replicated and target_partial:
            if self._attempt(lambda: self.gather_towards(self.target)):
                return True
        # 5. (and XLA's TryComplexReshardHandling, in part) replicate one dimension, or slice the replication
        # into one, then go on without the last resort
        if not source_replicated and not target_replicated:
            if target_partial and self._attempt(self._replicate_one_dim_first):
                return True
            if source_partial and not target_partial and self._attempt(self._slice_replication_first):
                return True
        if not last_resort:
            return False
        # 6. replicate, then slice: XLA's last resort unless the target is replicated
        self.full_rematerialization = not target_replicated
        if not source_partial and not target_partial and self._attempt(self._gather_to_common_tiling_first):
            return True
        self.gather_dims([(d, 0) for d in range(len(self.dims))])
        if not target_replicated:
            self.slice_to(self.target)
        return True

    def _attempt(self, action) -> bool:
        """Run `action` (then a final permute); on failure restore the state and report False."""
        dims, steps = [list(d) for d in self.dims], list(self.steps)
        if action():
            self.finish()
            return True
        self.dims, self.steps = dims, steps
        return False

    def _slice_replication_first(self) -> bool:
        """From partial replication to a target without replication: slice all of the replication into the first
        dimension the source does not shard and the target shards a multiple of the replication, then go on
        without the last resort (XLA's transposition of the replication into that dimension)."""
        counts, target_counts = self.counts(self.dims), self.counts(self.target)
        grow = counts[-1]
        d = next((d for d, (c, t) in enumerate(zip(counts[:-1], target_counts[:-1])) if c == 1 and t != 1
                  and t % grow == 0), None)
        if d is None:
            return False
        wanted = list(counts)
        wanted[d], wanted[-1] = grow, 1
        return self.slice_towards(wanted) and self.reshard(last_resort=False)

    def _gather_to_common_tiling_first(self) -> bool:
        """Between two tilings of all devices, in XLA's last resort: gather every dimension down to the greatest
        common divisor of its tile counts on both sides (keeping the major part of its axes), then go on without
        the last resort (slice the replicated devices into the target's tiling, permute if needed); e.g.
        [{"data", "model", "seq"}, {}, {}] -> [{"seq"}, {"model"}, {"data"}] is an all-gather over model and
        seq, a local slice and a collective-permute in the compiled program (case 6 of the module docstring)."""
        counts, target_counts = self.counts(self.dims), self.counts(self.target)
        common = [math.gcd(c, t) for c, t in zip(counts[:-1], target_counts[:-1])]
        if math.prod(common) == 1 or common == counts[:-1]:
            return False
        keep = []
        for d, g in enumerate(common):
            split = _take_major(self.dims[d], g, self.mesh)
            if split is None:
                return False
            keep.append((d, len(split[0])))
            self.dims[d] = split[0] + split[1]
        self.gather_dims(keep)
        return self.reshard(last_resort=False)

    def _replicate_one_dim_first(self) -> bool:
        """To a partially replicated target: gather the first sharded dimension whose tile count times the source's
        replication is the target's replication, then go on without the last resort (XLA's
        `PatternMatchPartiallyReplicateDim`)."""
        counts, target_counts = self.counts(self.dims), self.counts(self.target)
        d = next((d for d, c in enumerate(counts[:-1]) if c > 1 and c * counts[-1] == target_counts[-1]), None)
        if d is None:
            return False
        self.gather_dims([(d, 0)])
        return self.reshard(last_resort=False)


def _lowering(src: TensorSharding, dst: TensorSharding, mesh: MeshLookup, shape: Sequence[int] | None
              ) -> _XlaLowering | None:
    """XLA's lowering of `src -> dst`, run (no steps when they are equivalent); None where XLA follows Shardy's
    lowering (unreduced axes, reshards between meshes)."""
    in_mesh, out_mesh = resolve_mesh(src, mesh), resolve_mesh(dst, mesh)
    if (src.unreduced or dst.unreduced or in_mesh != out_mesh or src.mesh_name != dst.mesh_name
            or src.inline_mesh != dst.inline_mesh or not in_mesh.axes):
        return None
    if src.rank != dst.rank:
        raise ReshardNotLowerable(f"sharding rank {src.rank} does not match reshard rank {dst.rank}")
    lowering = _XlaLowering(src, dst, in_mesh, shape)
    if not is_equivalent(src, dst):
        lowering.run()
    return lowering


def xla_reshard_collectives(
    src: TensorSharding,
    dst: TensorSharding,
    mesh: MeshLookup,
    shape: Sequence[int] | None = None,
) -> list[Collective]:
    """The collectives XLA's SPMD partitioner inserts to reshard a tensor from `src` to `dst`, in order.

    Same arguments, result type and errors as `autoshard.sharding.reshard.reshard_collectives`; `all_slice`
    steps stand for XLA's local dynamic-slices (free). Unreduced axes and reshards between meshes are
    lowered as Shardy does.
    """
    lowering = _lowering(src, dst, mesh, shape)
    return reshard_collectives(src, dst, mesh, shape) if lowering is None else lowering.steps


def xla_full_rematerialization(
    src: TensorSharding,
    dst: TensorSharding,
    mesh: MeshLookup,
    shape: Sequence[int] | None = None,
) -> bool:
    """Whether XLA's SPMD partitioner performs `src -> dst` by its last resort, full rematerialization (case 6
    to a target that is not fully replicated): it logs "Involuntary full rematerialization", all-gathers the
    whole tensor to every device and slices the target out (the steps `xla_reshard_collectives` gives)."""
    lowering = _lowering(src, dst, mesh, shape)
    return lowering is not None and lowering.full_rematerialization
