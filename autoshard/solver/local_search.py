"""A fast memory-aware heuristic: a least-usage start, then single-node moves and exact tree moves.

Forbidden entries (>= FORBIDDEN) are priced at `PENALTY` inside the search, so the number of forbidden choices
drops like any other cost instead of saturating. Every move keeps the usage at every time point within the limit
whenever the start does (the least-usage start does whenever any plan fits, when every node has one usage term), so
each incumbent is memory-feasible. A node's usage terms count as its disjoint segments (`usage_segments`): a move is
checked on each.

The strong move is block coordinate descent over trees: grow a window whose induced subgraph is a tree (each node
joins with exactly one neighbour already inside), fold the fixed neighbours' edge costs into node costs, and pick
the optimal strategies of the whole window by dynamic programming. Coupled nodes (e.g. a forbidden pair that only
allows matching strategies) move together. Memory stays feasible by splitting each time point's slack among the
window's nodes live there; a usage depending on two nodes' strategies (a pair piece) is checked exactly on the
whole move instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.solver.clock import charge, now
from autoshard.solver.pairwise import PENALTY, edge_groups, penalized_terms
from autoshard.solver.strategy_graph import FORBIDDEN, PairTerm, StrategyGraph
from autoshard.solver.validate import usage_profile
from autoshard.solver.work_rates import (
    CLUSTER_MOVES_WORK_PER_MEMBER,
    NODE_MOVE_WORK,
    NODE_MOVE_WORK_PER_INCIDENCE,
    TREE_MOVE_WORK_PER_NODE,
)

#: Unreachable in the dynamic program (a strategy ruled out by memory).
_INF: int = 2**61


def cost_delta(unary: Sequence[np.ndarray], incident: Sequence[Sequence[_Incident]], assignment: np.ndarray,
               changes: dict[int, int]) -> int:
    """Change of a pairwise cost (unary vectors, incident matrices oriented [self, other]) when the variables in
    `changes` take their new values; an edge between two changed variables counts once."""
    total = 0
    for x, s in changes.items():
        total += int(unary[x][s]) - int(unary[x][assignment[x]])
        for inc in incident[x]:
            o = inc.other
            if o in changes:
                if o > x:
                    total += int(inc.matrix[s, changes[o]]) - int(inc.matrix[assignment[x], assignment[o]])
            else:
                total += int(inc.matrix[s, assignment[o]]) - int(inc.matrix[assignment[x], assignment[o]])
    return total


def fits_after(mem: Sequence[Sequence[tuple[int, int, np.ndarray]]], limit: int, assignment: np.ndarray,
               load: np.ndarray, changes: dict[int, int],
               pairs: Sequence[Sequence[PairTerm]] | None = None) -> bool:
    """Whether the usage profile `load` after `changes` stays within `limit` (or the current peak, if higher), each
    changed variable's usage being its terms in `mem` (lo, hi, usage per strategy) and its pair terms in `pairs`
    (a pair whose two nodes both change counts once)."""
    diff = np.zeros(len(load) + 1, dtype=np.int64)
    for x, s in changes.items():
        for lo, hi, usage in mem[x]:
            d = int(usage[s] - usage[assignment[x]])
            diff[lo] += d
            diff[hi] -= d
        for lo, hi, usage, o in pairs[x] if pairs is not None else ():
            if o in changes and o < x:
                continue
            d = int(usage[s, changes.get(o, assignment[o])] - usage[assignment[x], assignment[o]])
            diff[lo] += d
            diff[hi] -= d
    return not (load + np.cumsum(diff)[: len(load)]).max() > max(limit, int(load.max()))


@dataclass
class _Incident:
    matrix: np.ndarray  # oriented [S_self, S_other], forbidden entries at PENALTY
    other: int
    edge: int


class LocalSearch:
    """Local search on a `StrategyGraph`, keeping a usage profile so every move stays within the usage limit."""

    def __init__(self, graph: StrategyGraph, seed: int = 0):
        self.g = graph
        self.rng = np.random.default_rng(seed)
        n = graph.num_nodes
        self.unary, merged = penalized_terms(graph)
        groups = edge_groups(graph)
        #: per node, one entry per distinct neighbour (parallel edges summed)
        self.incident: list[list[_Incident]] = [[] for _ in range(n)]
        for (a, b), m in merged.items():
            first = groups.first_edge((a, b))
            self.incident[a].append(_Incident(m, b, first))
            self.incident[b].append(_Incident(m.T, a, first))
        self.limit = graph.usage_limit
        self.tmax = graph.time_span()
        #: per node, its segments whose usage depends on the strategy (none without a usage limit)
        self.mem: list[list[tuple[int, int, np.ndarray]]] = [
            [seg for seg in graph.usage_segments(i) if np.maximum.reduce(seg[2]) != np.minimum.reduce(seg[2])]
            if self.limit is not None else []
            for i in range(n)
        ]
        #: per node, its pair terms (none without a usage limit): usage that depends on a neighbour's strategy too
        self.pairs: list[list[PairTerm]] = [graph.pair_terms(i) if self.limit is not None else [] for i in range(n)]
        self.mem_nodes = np.array([bool(m) or bool(p) for m, p in zip(self.mem, self.pairs)], dtype=bool)
        self.tree_moves = 0
        self.cluster_moves = 0
        self.clusters = self._bijection_clusters()
        #: index into `clusters` of each node's bijection group (-1 when it has none)
        self.cluster_of = np.full(n, -1, dtype=np.int64)
        for c, (members, _maps) in enumerate(self.clusters):
            self.cluster_of[members] = c

    def _bijection_clusters(self) -> list[tuple[np.ndarray, list[np.ndarray]]]:
        """Groups of nodes joined by bijection edges (each strategy allows exactly one strategy of the other node,
        every other pair forbidden): they can only change together. Per group: members (first is the root) and,
        per member, its strategy for each root strategy (-1 where the bijections disagree)."""
        n = self.g.num_nodes
        links: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(n)]
        for u in range(n):
            for inc in self.incident[u]:
                m = inc.matrix
                if m.shape[0] != m.shape[1] or m.shape[0] < 2:
                    continue
                ok = m < PENALTY
                # a bijection allows exactly one entry per row: counting them first rules out most pairs at once
                if (np.count_nonzero(ok) == m.shape[0] and np.all(ok.sum(axis=1) == 1)
                        and np.all(ok.sum(axis=0) == 1)):
                    links[u].append((inc.other, np.argmax(ok, axis=1)))
        seen = np.zeros(n, dtype=bool)
        out = []
        for root in range(n):
            if seen[root] or not links[root]:
                continue
            seen[root] = True
            members, maps = [root], [np.arange(len(self.unary[root]))]
            k = 0
            while k < len(members):
                x, mx = members[k], maps[k]
                for y, perm in links[x]:
                    if not seen[y]:
                        seen[y] = True
                        members.append(y)
                        maps.append(np.where(mx >= 0, perm[np.maximum(mx, 0)], -1))
                k += 1
            out.append((np.array(members, dtype=np.int64), maps))
        return out

    def cluster_move(self, assignment: np.ndarray, load: np.ndarray, members: np.ndarray, maps: list[np.ndarray]) -> int:
        """Move a bijection group to its best common strategy (keeping usage within the limit); returns the gain."""
        inside = {int(x): k for k, x in enumerate(members)}
        root_s = len(maps[0])
        valid = np.ones(root_s, dtype=bool)
        total = np.zeros(root_s, dtype=np.int64)
        for k, x in enumerate(members):
            mx = maps[k]
            valid &= mx >= 0
            idx = np.maximum(mx, 0)
            vec = self.unary[x].copy()
            for inc in self.incident[x]:
                j = inside.get(inc.other)
                if j is None:
                    vec = vec + inc.matrix[:, assignment[inc.other]]
                elif inc.other > x:
                    total += inc.matrix[idx, np.maximum(maps[j], 0)]
            total += vec[idx]
        cur_total = 0
        for x in members:
            cur_total += int(self.unary[x][assignment[x]])
            for inc in self.incident[x]:
                if inc.other not in inside or inc.other > x:
                    cur_total += int(inc.matrix[assignment[x], assignment[inc.other]])
        total = np.where(valid, total, np.iinfo(np.int64).max)
        for r in np.argsort(total, kind="stable"):
            gain = cur_total - int(total[r])
            if gain <= 0 or not valid[r]:
                return 0
            new = [int(maps[k][r]) for k in range(len(members))]
            if self.limit is not None:
                changes = {int(x): new[k] for k, x in enumerate(members) if new[k] != assignment[x]}
                if not fits_after(self.mem, self.limit, assignment, load, changes, self.pairs):
                    continue
            for k, x in enumerate(members):
                self._apply(int(x), new[k], assignment, load)
            self.cluster_moves += 1
            return gain
        return 0

    def delta(self, assignment: np.ndarray, changes: dict[int, int]) -> int:
        """Change of the penalized cost when the nodes in `changes` take their new strategies."""
        return cost_delta(self.unary, self.incident, assignment, changes)

    def cluster_neighbour_move(self, assignment: np.ndarray, load: np.ndarray, members: np.ndarray,
                               maps: list[np.ndarray], tries: int = 3) -> int:
        """Move a bijection group together with each outside neighbour's best response (neighbours may only lower
        their usage); the gain is checked exactly. Returns the gain."""
        inside = {int(x): k for k, x in enumerate(members)}
        root_s = len(maps[0])
        valid = np.ones(root_s, dtype=bool)
        total = np.zeros(root_s, dtype=np.int64)
        links: dict[int, list[tuple[int, np.ndarray]]] = {}
        for k, x in enumerate(members):
            mx = maps[k]
            valid &= mx >= 0
            idx = np.maximum(mx, 0)
            total += self.unary[x][idx]
            for inc in self.incident[x]:
                j = inside.get(inc.other)
                if j is None:
                    links.setdefault(inc.other, []).append((k, inc.matrix))
                elif inc.other > x:
                    total += inc.matrix[idx, np.maximum(maps[j], 0)]
        if len(links) > 400:
            return 0
        responses: dict[int, np.ndarray] = {}
        for o, lst in links.items():
            base = self.unary[o].copy()
            for inc in self.incident[o]:
                if inc.other not in inside:
                    base = base + inc.matrix[:, assignment[inc.other]]
            table = np.broadcast_to(base, (root_s, len(base))).copy()
            for k, m in lst:
                table += m[np.maximum(maps[k], 0), :]
            for _, _, usage in self.mem[o]:
                table[:, usage > usage[assignment[o]]] = np.iinfo(np.int64).max // 4
            choice = np.argmin(table, axis=1)
            total += np.minimum(table[np.arange(root_s), choice], FORBIDDEN)
            responses[o] = choice
        total = np.where(valid, total, np.iinfo(np.int64).max)
        for r in np.argsort(total, kind="stable")[:tries]:
            if not valid[r]:
                return 0
            changes = {int(x): int(maps[k][r]) for k, x in enumerate(members) if maps[k][r] != assignment[x]}
            changes.update({o: int(c[r]) for o, c in responses.items() if c[r] != assignment[o]})
            if not changes:
                continue
            gain = -self.delta(assignment, changes)
            if gain <= 0:
                continue
            if self.limit is not None and not fits_after(self.mem, self.limit, assignment, load, changes, self.pairs):
                continue
            for x, s in changes.items():
                self._apply(x, s, assignment, load)
            self.cluster_moves += 1
            return gain
        return 0

    def cluster_sweep(self, assignment: np.ndarray, load: np.ndarray, deadline: float) -> int:
        """`cluster_move` and `cluster_neighbour_move` on every bijection group; returns the total gain."""
        gain = 0
        for members, maps in self.clusters:
            charge(CLUSTER_MOVES_WORK_PER_MEMBER * len(members))
            if now() > deadline:
                break
            gain += self.cluster_move(assignment, load, members, maps)
            if now() > deadline:
                break
            gain += self.cluster_neighbour_move(assignment, load, members, maps)
        return gain

    # ----- state
    def start(self, assignment: Sequence[int] | None = None) -> np.ndarray:
        """A start assignment: the given one, or every node on its least-usage (then cheapest) strategy.

        Strategies forbidden by themselves are avoided first. When every node has one usage term, the least-usage
        start gives the lowest possible usage at every time point: if it breaks the limit, no plan fits. A node with
        pieces takes the strategy whose highest usage over its segments is least (then its own term's), which may
        not be least at every time point. Ties in usage go to the strategy with the smallest
        node cost plus incident edge entries: the entry with the strategy already chosen for a node placed before
        (in index order), the cheapest entry otherwise, so that tied nodes an equality joins (a carried value and
        its result) start alike.
        """
        if assignment is not None:
            return np.asarray(assignment, dtype=np.int64).copy()
        out = np.zeros(self.g.num_nodes, dtype=np.int64)
        for i in range(self.g.num_nodes):
            optimistic = self.unary[i].copy()
            for inc in self.incident[i]:
                column = inc.matrix[:, out[inc.other]] if inc.other < i else inc.matrix.min(axis=1)
                optimistic = np.minimum(optimistic + column, FORBIDDEN)
            if self.limit is None:
                keys = (optimistic, np.zeros(len(optimistic), dtype=np.int64))
            elif len(self.g.usage_terms(i)) > 1:
                segments = self.g.usage_segments(i)
                peak = np.max([u for _, _, u in segments], axis=0) if segments else self.g.node_usages[i]
                keys = (optimistic, self.g.node_usages[i], peak)
            else:
                keys = (optimistic, self.g.node_usages[i])
            out[i] = np.lexsort((*keys, self.unary[i] >= PENALTY))[0]
        return out

    def load(self, assignment: np.ndarray) -> np.ndarray:
        """The usage profile of `assignment` (`usage_profile`), at least one time point long."""
        profile = usage_profile(self.g, assignment)
        return profile if len(profile) else np.zeros(1, dtype=np.int64)

    def local_costs(self, u: int, assignment: np.ndarray) -> np.ndarray:
        vec = self.unary[u]
        for inc in self.incident[u]:
            vec = vec + inc.matrix[:, assignment[inc.other]]
        return np.minimum(vec, FORBIDDEN)

    def penalized_cost(self, assignment: np.ndarray) -> int:
        """The search's own cost: forbidden entries count `PENALTY` each."""
        total = sum(int(self.unary[i][s]) for i, s in enumerate(assignment))
        for u in range(self.g.num_nodes):
            for inc in self.incident[u]:
                if inc.other > u:
                    total += int(inc.matrix[assignment[u], assignment[inc.other]])
        return total

    def cost(self, assignment: np.ndarray) -> int:
        """The true cost (forbidden entries at their real value, so any forbidden choice gives >= FORBIDDEN)."""
        total = sum(int(c[s]) for c, s in zip(self.g.node_costs, assignment))
        for e in self.g.edges:
            total += int(e.costs[assignment[e.u], assignment[e.v]])
        return total

    # ----- single-node moves
    def _slack(self, lo: int, hi: int, load: np.ndarray) -> int:
        return self.limit - int(load[lo:hi].max())

    def _best_move(self, u: int, assignment: np.ndarray, load: np.ndarray, noise: float = 0.0) -> int:
        vec = self.local_costs(u, assignment)
        cur = assignment[u]
        if self.mem_nodes[u]:
            allowed = np.ones(len(vec), dtype=bool)
            for lo, hi, usage in self.mem[u]:
                allowed &= usage <= usage[cur] + self._slack(lo, hi, load)
            for lo, hi, usage, o in self.pairs[u]:
                column = usage[:, assignment[o]]
                allowed &= column <= column[cur] + self._slack(lo, hi, load)
            vec = np.where(allowed, vec, np.iinfo(np.int64).max)
        if noise:
            vec = vec.astype(np.float64) * (1.0 + noise * self.rng.random(len(vec)))
        best = int(np.argmin(vec))
        if vec[best] < vec[cur]:
            return best
        return int(cur)

    def _apply(self, u: int, new: int, assignment: np.ndarray, load: np.ndarray) -> None:
        old = assignment[u]
        if new == old:
            return
        for lo, hi, usage in self.mem[u]:
            load[lo:hi] += usage[new] - usage[old]
        for lo, hi, usage, o in self.pairs[u]:
            load[lo:hi] += usage[new, assignment[o]] - usage[old, assignment[o]]
        assignment[u] = new

    def descend(self, assignment: np.ndarray, load: np.ndarray, deadline: float, nodes: Sequence[int] | None = None) -> None:
        """Greedy single-node moves until no node improves (or the deadline passes)."""
        todo = list(range(self.g.num_nodes)) if nodes is None else list(nodes)
        queued = np.zeros(self.g.num_nodes, dtype=bool)
        queued[todo] = True
        k = 0
        moves = incidences = 0  # since the last checkpoint (charged to the work clock there)
        while k < len(todo):
            if (k & 255) == 0:
                charge(NODE_MOVE_WORK * moves + NODE_MOVE_WORK_PER_INCIDENCE * incidences)
                moves = incidences = 0
                if now() > deadline:
                    return
            u = todo[k]
            k += 1
            queued[u] = False
            moves += 1
            incidences += len(self.incident[u])
            new = self._best_move(u, assignment, load)
            if new != assignment[u]:
                self._apply(u, new, assignment, load)
                for inc in self.incident[u]:
                    if not queued[inc.other]:
                        queued[inc.other] = True
                        todo.append(inc.other)
            if k > 4096 and k * 2 > len(todo):  # compact the work list
                todo = todo[k:]
                k = 0
        charge(NODE_MOVE_WORK * moves + NODE_MOVE_WORK_PER_INCIDENCE * incidences)

    # ----- tree moves
    def tree_window(self, root: int, size: int) -> tuple[list[int], list[int]]:
        """Nodes (breadth-first from `root`) whose induced subgraph is a tree, and each one's parent (-1 for root)."""
        order, parent = [root], [-1]
        inside = {root}
        k = 0
        while k < len(order) and len(order) < size:
            x = order[k]
            incs = self.incident[x]
            for j in self.rng.permutation(len(incs)) if len(incs) > 1 else range(len(incs)):
                y = incs[j].other
                if y in inside or len(self.incident[y]) > 64:
                    continue
                if sum(1 for inc in self.incident[y] if inc.other in inside) != 1:
                    continue
                inside.add(y)
                order.append(y)
                parent.append(x)
                if len(order) >= size:
                    break
            k += 1
        return order, parent

    def tree_move(self, assignment: np.ndarray, load: np.ndarray, order: list[int], parent: list[int]) -> int:
        """Re-pick the window `order` (a tree, see `tree_window`) optimally with the rest fixed; returns the gain."""
        pos = {x: k for k, x in enumerate(order)}
        m = len(order)
        children: list[list[int]] = [[] for _ in range(m)]
        for k in range(1, m):
            children[pos[parent[k]]].append(k)
        # memory: split each segment's slack among the window's memory nodes whose spans overlap it
        budget: dict[int, list[int]] = {}
        if self.limit is not None:
            mem = [k for k in range(m) if self.mem[order[k]]]
            if mem:
                spans = np.array([(self.mem[order[k]][0][0], self.mem[order[k]][-1][1]) for k in mem], dtype=np.int64)
                for k in mem:
                    budget[k] = [
                        max(0, self._slack(lo, hi, load))
                        // int(np.count_nonzero((spans[:, 0] < hi) & (spans[:, 1] > lo)))
                        for lo, hi, _ in self.mem[order[k]]
                    ]
        value: list[np.ndarray | None] = [None] * m
        choice: list[np.ndarray | None] = [None] * m
        edge_to_parent: list[np.ndarray | None] = [None] * m
        current_value = 0
        for k in range(m - 1, -1, -1):
            x = order[k]
            cur = assignment[x]
            vec = self.unary[x].copy()
            p = parent[k]
            for inc in self.incident[x]:
                if inc.other == p:
                    edge_to_parent[k] = inc.matrix
                elif inc.other not in pos:
                    vec += inc.matrix[:, assignment[inc.other]]
            vec = np.minimum(vec, FORBIDDEN)
            current_value += int(vec[cur])
            if p >= 0:
                current_value += int(edge_to_parent[k][cur, assignment[p]])
            for (_, _, usage), room in zip(self.mem[x], budget.get(k, ())):
                vec = np.where(usage <= usage[cur] + room, vec, _INF)
            for c in children[k]:
                tot = edge_to_parent[c] + value[c][:, None]  # [S_c, S_x]
                arg = np.argmin(tot, axis=0)
                choice[c] = arg
                vec = np.minimum(vec + tot[arg, np.arange(tot.shape[1])], _INF)
            value[k] = vec
        new = [0] * m
        new[0] = int(np.argmin(value[0]))
        gain = current_value - int(value[0][new[0]])
        if gain <= 0:
            return 0
        for k in range(1, m):
            new[k] = int(choice[k][new[pos[parent[k]]]])
        if self.limit is not None and any(self.pairs[x] for x in order):  # the shares do not hold pair terms
            changes = {x: new[k] for k, x in enumerate(order) if new[k] != assignment[x]}
            if not fits_after(self.mem, self.limit, assignment, load, changes, self.pairs):
                return 0
        for k in range(m):
            self._apply(order[k], new[k], assignment, load)
        self.tree_moves += 1
        return gain

    def tree_sweep(self, assignment: np.ndarray, load: np.ndarray, deadline: float, size: int = 64,
                   roots: Sequence[int] | None = None) -> int:
        """One tree move rooted at every node of `roots` (all nodes, shuffled, by default); returns the total gain."""
        n = self.g.num_nodes
        gain = 0
        if roots is None:
            roots = self.rng.permutation(n)[: max(1, min(n, (2 * n) // max(1, size)))]
        for count, r in enumerate(roots):
            if (count & 15) == 0 and now() > deadline:
                break
            if not self.incident[r]:
                continue
            order, parent = self.tree_window(int(r), size)
            charge(TREE_MOVE_WORK_PER_NODE * len(order))
            gain += self.tree_move(assignment, load, order, parent)
        return gain

    # ----- Lagrangian relaxation of the usage limit
    def relaxed_descent(self, assignment: np.ndarray, extra: list[np.ndarray], deadline: float) -> np.ndarray:
        """Improve `assignment` in place ignoring the usage limit, with `extra[i]` added to node i's costs."""
        saved = self.unary, self.limit, self.mem_nodes, self.mem, self.pairs
        self.unary = [np.minimum(u + e, FORBIDDEN) for u, e in zip(self.unary, extra)]
        self.limit, self.mem_nodes, self.mem = None, np.zeros_like(saved[2]), [[] for _ in saved[3]]
        self.pairs = [[] for _ in saved[4]]
        try:
            dummy = np.zeros(max(self.tmax, 1), dtype=np.int64)
            self.descend(assignment, dummy, deadline)
            self.cluster_sweep(assignment, dummy, deadline)
            if self.g.num_nodes <= 5000:
                self.tree_sweep(assignment, dummy, deadline, size=16)
                self.descend(assignment, dummy, deadline)
        finally:
            self.unary, self.limit, self.mem_nodes, self.mem, self.pairs = saved
        return assignment

    def lagrangian(self, deadline: float, steps: int = 12) -> tuple[np.ndarray, int] | None:
        """Price usage at over-limit time points by lambda (bisected) and search without the limit.

        Returns the best plan found that fits the limit (and its penalized cost), or None.
        """
        if self.limit is None or not self.mem_nodes.any():
            return None
        n = self.g.num_nodes
        hot = np.zeros(max(self.tmax, 1), dtype=bool)
        x = self.start(None)
        self.relaxed_descent(x, [np.zeros(len(u), dtype=np.int64) for u in self.unary], deadline)
        best: tuple[np.ndarray, int] | None = None
        lam_lo, lam_hi = 0.0, None
        lam = 1.0
        scale = max(1.0, float(np.median([float(np.ptp(u)) for u in self.unary if np.ptp(u) < PENALTY] or [1.0])))
        for _ in range(steps):
            if now() > deadline:
                break
            load = self.load(x)
            over = load > self.limit
            if not over.any():
                cost = self.penalized_cost(x)
                if best is None or cost < best[1]:
                    best = (x.copy(), cost)
                lam_hi = lam
            else:
                lam_lo = lam
            hot |= over
            if lam_hi is None:
                lam = lam * 4 if lam_lo else 1.0
            else:
                lam = (lam_lo + lam_hi) / 2 if lam_lo else lam_hi / 4
            hot_prefix = np.concatenate([[0], np.cumsum(hot)])
            extra = []
            for i in range(n):
                weight = np.zeros(self.g.num_strategies(i), dtype=np.float64)  # usage at hot time points
                for lo, hi, us in self.mem[i]:
                    hot_len = hot_prefix[min(hi, len(hot))] - hot_prefix[min(lo, len(hot))]
                    if hot_len:
                        weight += (us - us.min()).astype(np.float64) / float(self.limit) * hot_len
                if weight.any():
                    extra.append(np.minimum(weight * lam * scale, 1e15).astype(np.int64))
                else:
                    extra.append(np.zeros(len(weight), dtype=np.int64))
            self.relaxed_descent(x, extra, deadline)
        return best

    # ----- driver
    def run(
        self,
        deadline: float,
        start: Sequence[int] | None = None,
        on_improve: Callable[[np.ndarray, int], None] | None = None,
        max_rounds: int | None = None,
        lagrangian_until: float | None = None,
    ) -> tuple[np.ndarray, int]:
        """Descend from `start` (least-usage by default) with single-node and tree moves until `deadline`.

        With `lagrangian_until`, the start is instead the best limit-fitting plan found by `lagrangian_relaxation` by then.

        Returns the best assignment and its true cost (>= FORBIDDEN when it still has a forbidden choice).
        """
        cur = self.start(start)
        load = self.load(cur)
        if start is None and lagrangian_until is not None:
            found = self.lagrangian(lagrangian_until)
            if found is not None:
                cur = found[0]
                load = self.load(cur)
        self.descend(cur, load, deadline)
        if self.cluster_sweep(cur, load, deadline):
            self.descend(cur, load, deadline)
        best, best_cost = cur.copy(), self.cost(cur)
        if on_improve:
            on_improve(best, best_cost)
        rounds = 0
        size = 16
        while now() < deadline and self.g.num_nodes and (max_rounds is None or rounds < max_rounds):
            rounds += 1
            gain = self.tree_sweep(cur, load, deadline, size=size)
            self.descend(cur, load, deadline)
            gain += self.cluster_sweep(cur, load, deadline)
            cost = self.cost(cur)
            if cost < best_cost:
                best, best_cost = cur.copy(), cost
                if on_improve:
                    on_improve(best, best_cost)
            if gain == 0:
                if size >= min(512, 4 * self.g.num_nodes):
                    break
                size *= 2
        return best, best_cost
