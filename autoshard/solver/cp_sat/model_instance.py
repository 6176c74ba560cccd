"""`ModelInstance`: what a CP-SAT model is built from: a graph plus a fixed background usage profile."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph


@dataclass(frozen=True, eq=False)
class ModelInstance:
    """A graph to model; `base_load[t]` is usage at time t from nodes outside the graph (fixed elsewhere)."""

    graph: StrategyGraph
    base_load: np.ndarray | None = None

    def residual_edges(self) -> list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
        """Per edge (index, row part, column part, residual): cost = row[i] + col[j] + residual[i, j].

        Row and column minima move into node costs so the residual is zero wherever it can be; forbidden
        entries stay at or above FORBIDDEN in the residual.
        """
        out = []
        for k, e in enumerate(self.graph.edges):
            m = e.costs
            allowed = m < FORBIDDEN
            big = np.iinfo(np.int64).max
            row = np.where(allowed, m, big).min(axis=1)
            row = np.where(row == big, 0, row)
            r = np.where(allowed, m - row[:, None], FORBIDDEN)
            col = np.where(allowed, r, big).min(axis=0)
            col = np.where(col == big, 0, col)
            r = np.where(allowed, r - col[None, :], FORBIDDEN)
            out.append((k, row, col, r))
        return out
