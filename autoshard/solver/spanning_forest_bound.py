"""Lower bounds on a `StrategyGraph`'s optimum that need no search.

`spanning_forest_bound` keeps a spanning forest of the edges exact and relaxes every other edge to its cheapest
entry; the forest is then solved exactly by dynamic programming (leaves up). Ignoring the memory limit and the
off-forest couplings can only lower the optimum, so the result is a valid bound; the forest is chosen to keep the
edges whose relaxation would lose most. It is what the planner reports when CP-SAT proved no bound of its own
(large graphs, where only the heuristic and windowed searches run).
"""

from __future__ import annotations

import numpy as np

from autoshard.solver.disjoint_sets import DisjointSets
from autoshard.solver.pairwise import float_terms
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.work_rates import FOREST_SECONDS_PER_EDGE, FOREST_SECONDS_PER_ENTRY


def forest_seconds(graph: StrategyGraph) -> float:
    """Estimated seconds of `spanning_forest_bound(graph)`."""
    return FOREST_SECONDS_PER_ENTRY * graph.num_entries + FOREST_SECONDS_PER_EDGE * len(graph.edges)


def spanning_forest_bound(graph: StrategyGraph) -> int:
    """A lower bound on the cost of every assignment of `graph` (memory limit ignored)."""
    n = graph.num_nodes
    bound = 0
    node_costs, merged = float_terms(graph, float(FORBIDDEN))
    # keep the edges whose relaxation loses most: spread between their mean and cheapest entry
    order = sorted(merged, key=lambda k: -(float(merged[k].mean()) - float(merged[k].min())))
    forest = DisjointSets(n)
    tree: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(n)]  # neighbour, matrix [this node, neighbour]
    for u, v in order:
        m = merged[(u, v)]
        if not forest.union(u, v):
            bound += float(m.min())
            continue
        tree[u].append((v, m))
        tree[v].append((u, m.T))
    return int(min(bound + _forest_optimum(node_costs, tree), float(FORBIDDEN)))


def _forest_optimum(node_costs: list[np.ndarray], tree: list[list[tuple[int, np.ndarray]]]) -> float:
    """Exact minimum of node costs plus forest edge costs, by messages from the leaves to each root."""
    n = len(node_costs)
    seen = [False] * n
    total = 0.0
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        order, via = [root], {root: None}
        stack = [root]
        while stack:  # preorder: parents before children
            x = stack.pop()
            for y, m in tree[x]:
                if not seen[y]:
                    seen[y] = True
                    via[y] = (x, m)  # m is [x strategies, y strategies]
                    order.append(y)
                    stack.append(y)
        belief = {x: node_costs[x].copy() for x in order}
        for x in reversed(order[1:]):
            p, m = via[x]
            belief[p] += np.min(m + belief[x][None, :], axis=1)
        total += float(belief[root].min())
    return total
