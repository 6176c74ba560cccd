"""Reshard cost matrices of plan edges, computed once per distinct (source, target, tensor, fused slice) key.

A reshard ending in an all-slice costs its copy kernel unless the edge's consumer takes the slice inside its own
loop fusion (`fusion_groups.slice_fusing_nodes`): the price takes that flag (`fused_slice`).

With price-preserving axis renamings (`autoshard.sharding.axis_renaming`), a pair is priced once per orbit:
its canonical image (the smallest interned ids among its renamed images) is priced, every other pair reuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from autoshard.background import BackgroundCall
from autoshard.planner.xla_model.fusion_groups import slice_fusing_nodes
from autoshard.planner.plan_graph import PlanEdge, PlanGraph, TensorInfo
from autoshard.sharding import TensorSharding

#: graphs of at least this many edges are priced in a forked child while the caller goes on (`priced_beside`); on
#: smaller ones forking costs more than pricing (about 0.1 ms an edge on a large graph)
BESIDE_MIN_EDGES = 5000

#: seconds to reshard a tensor (`TensorInfo`) from one sharding to another, for a consumer that fuses a final
#: all-slice into its loop (True) or not
ReshardPrice = Callable[[TensorSharding, TensorSharding, TensorInfo, bool], float]


class EdgeCostTable:
    """Memoized reshard prices (seconds) and per-edge matrices of shape [producer strategies, consumer strategies].

    Shardings and tensor facts are interned to small integers once per matrix, so the per-pair memo hashes
    integers (deep dataclass hashing and equality of shardings dominated on 3-axis meshes). `renamings` are
    sharding maps the price is invariant under (same price for a pair and for its image).
    """

    def __init__(self, price: ReshardPrice, renamings: Sequence[Callable[[TensorSharding], TensorSharding]] = ()):
        self._price = price
        self._renamings = tuple(renamings)
        self._images: dict[int, tuple[int, ...]] = {}
        self._canonical: dict[tuple[int, int, int, bool], float] = {}
        self._sharding_ids: dict[TensorSharding, int] = {}
        self._shardings: list[TensorSharding] = []
        self._info_ids: dict[TensorInfo, int] = {}
        self._memo: dict[tuple[int, int, int, bool], float] = {}
        self._small: dict[tuple, np.ndarray] = {}
        self._matrices: dict[tuple, tuple[np.ndarray, list, list]] = {}
        self._slice_fusing: tuple[PlanGraph, frozenset[int]] | None = None

    def price(self, src: TensorSharding, dst: TensorSharding, info: TensorInfo, fused_slice: bool = False) -> float:
        if src == dst:
            return 0.0
        return self._price_ids(self._intern(src), self._intern(dst), self._intern_info(info), info, fused_slice)

    def _intern(self, sharding: TensorSharding) -> int:
        index = self._sharding_ids.get(sharding)
        if index is None:
            index = self._sharding_ids[sharding] = len(self._shardings)
            self._shardings.append(sharding)
        return index

    def _intern_info(self, info: TensorInfo) -> int:
        return self._info_ids.setdefault(info, len(self._info_ids))

    def _price_ids(self, src: int, dst: int, info_id: int, info: TensorInfo, fused_slice: bool) -> float:
        if src == dst:
            return 0.0
        key = (src, dst, info_id, fused_slice)
        cost = self._memo.get(key)
        if cost is None:
            if self._renamings:
                canonical = min(zip(self._images_of(src), self._images_of(dst)))
                ckey = (*canonical, info_id, fused_slice)
                cost = self._canonical.get(ckey)
                if cost is None:
                    a, b = canonical
                    cost = self._canonical[ckey] = self._price(self._shardings[a], self._shardings[b], info,
                                                               fused_slice)
            else:
                cost = self._price(self._shardings[src], self._shardings[dst], info, fused_slice)
            self._memo[key] = cost
        return cost

    def _images_of(self, sharding_id: int) -> tuple[int, ...]:
        """Interned ids of the sharding and of its renamed images (itself only for inline-mesh shardings)."""
        images = self._images.get(sharding_id)
        if images is None:
            sharding = self._shardings[sharding_id]
            if sharding.inline_mesh is not None:
                images = (sharding_id,) * (1 + len(self._renamings))
            else:
                images = (sharding_id, *(self._intern(rename(sharding)) for rename in self._renamings))
            self._images[sharding_id] = images
        return images

    def fused_slice(self, graph: PlanGraph, edge: PlanEdge) -> bool:
        """Whether `edge`'s consumer takes a final all-slice inside its own loop (`slice_fusing_nodes`, computed
        once per graph)."""
        if self._slice_fusing is None or self._slice_fusing[0] is not graph:
            self._slice_fusing = (graph, slice_fusing_nodes(graph))
        return edge.consumer in self._slice_fusing[1]

    def matrix(self, graph: PlanGraph, edge: PlanEdge) -> np.ndarray:
        """Seconds to reshard, for every (producer strategy, consumer strategy) pair of `edge`."""
        prod = graph.nodes[edge.producer]
        cons = graph.nodes[edge.consumer]
        info = graph.moved(edge.producer, edge.out_port)
        fused_slice = self.fused_slice(graph, edge)
        # strategy lists are shared between same-signature nodes: key on the lists themselves (kept alive
        # in the cache entry, so their ids stay unique)
        key = (id(prod.strategies), edge.out_port, id(cons.strategies), edge.in_port, info, fused_slice)
        cached = self._matrices.get(key)
        if cached is not None:
            return cached[0]
        src_ids = [self._intern(s.outputs[edge.out_port]) for s in prod.strategies]
        dst_ids = [self._intern(s.inputs[edge.in_port]) for s in cons.strategies]
        src_unique = list(dict.fromkeys(src_ids))
        dst_unique = list(dict.fromkeys(dst_ids))
        info_id = self._intern_info(info)
        small_key = (tuple(src_unique), tuple(dst_unique), info_id, fused_slice)
        small = self._small.get(small_key)
        if small is None:
            small = self._small[small_key] = np.array(
                [[self._price_ids(a, b, info_id, info, fused_slice) for b in dst_unique] for a in src_unique],
                dtype=np.float64,
            )
        src_index = {s: i for i, s in enumerate(src_unique)}
        dst_index = {s: i for i, s in enumerate(dst_unique)}
        rows = np.array([src_index[s] for s in src_ids], dtype=np.int64)
        cols = np.array([dst_index[s] for s in dst_ids], dtype=np.int64)
        full = small[np.ix_(rows, cols)]
        self._matrices[key] = (full, prod.strategies, cons.strategies)
        return full

    def matrices(self, graph: PlanGraph) -> list[np.ndarray]:
        """`matrix` of every edge of `graph`, in edge order (same-signature edges share one array)."""
        return [self.matrix(graph, e) for e in graph.edges]

    def priced_beside(self, graph: PlanGraph) -> Callable[[], list[np.ndarray]]:
        """Start `matrices(graph)` in a forked child (`autoshard.background`) on a graph of `BESIDE_MIN_EDGES` or
        more; the function returned gives them, waiting for the child (or pricing them here where no child ran or
        it failed). What the child prices is not memoized here, nor in the price function's own memo."""
        if len(graph.edges) < BESIDE_MIN_EDGES:
            return lambda: self.matrices(graph)
        return BackgroundCall(lambda: self.matrices(graph)).result
