"""Reshard cost matrices of plan edges, computed once per distinct (source, target, tensor) triple."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from autoshard.planner.plan_graph import PlanEdge, PlanGraph, TensorInfo
from autoshard.sharding import TensorSharding

ReshardPricer = Callable[[TensorSharding, TensorSharding, TensorInfo], float]


class EdgeCostTable:
    """Memoized reshard prices (seconds) and per-edge matrices of shape [producer strategies, consumer strategies]."""

    def __init__(self, price: ReshardPricer):
        self._price = price
        self._memo: dict[tuple[TensorSharding, TensorSharding, TensorInfo], float] = {}
        self._matrices: dict[tuple, tuple[np.ndarray, list, list]] = {}

    def price(self, src: TensorSharding, dst: TensorSharding, info: TensorInfo) -> float:
        if src == dst:
            return 0.0
        key = (src, dst, info)
        cost = self._memo.get(key)
        if cost is None:
            cost = self._memo[key] = self._price(src, dst, info)
        return cost

    def matrix(self, graph: PlanGraph, edge: PlanEdge) -> np.ndarray:
        """Seconds to reshard, for every (producer strategy, consumer strategy) pair of `edge`."""
        prod = graph.nodes[edge.producer]
        cons = graph.nodes[edge.consumer]
        info = prod.outputs[edge.out_port]
        # strategy lists are shared between same-signature nodes: key on the lists themselves (kept alive
        # in the cache entry, so their ids stay unique)
        key = (id(prod.strategies), edge.out_port, id(cons.strategies), edge.in_port, info)
        cached = self._matrices.get(key)
        if cached is not None:
            return cached[0]
        srcs = [s.outputs[edge.out_port] for s in prod.strategies]
        dsts = [s.inputs[edge.in_port] for s in cons.strategies]
        src_unique = list(dict.fromkeys(srcs))
        dst_unique = list(dict.fromkeys(dsts))
        small = np.array([[self.price(a, b, info) for b in dst_unique] for a in src_unique], dtype=np.float64)
        src_index = {s: i for i, s in enumerate(src_unique)}
        dst_index = {s: i for i, s in enumerate(dst_unique)}
        rows = np.array([src_index[s] for s in srcs], dtype=np.int64)
        cols = np.array([dst_index[s] for s in dsts], dtype=np.int64)
        full = small[np.ix_(rows, cols)]
        self._matrices[key] = (full, prod.strategies, cons.strategies)
        return full
