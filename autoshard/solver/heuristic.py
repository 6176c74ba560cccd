"""A fast memory-aware heuristic: a feasible start, then iterated conditional modes with random perturbations.

Every move keeps the usage at every time point within the limit, so each incumbent is feasible for memory (it may
still pay a forbidden cost when nothing else exists; callers check with `validate_plan`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.solver.instance import StrategyGraph, clip_forbidden


@dataclass
class _Incident:
    matrix: np.ndarray  # oriented [S_self, S_other]
    other: int
    edge: int


class LocalSearch:
    """Iterated conditional modes on a `StrategyGraph`, keeping a usage profile so every move stays feasible."""

    def __init__(self, graph: StrategyGraph, seed: int = 0):
        self.g = graph
        self.rng = np.random.default_rng(seed)
        n = graph.num_nodes
        self.incident: list[list[_Incident]] = [[] for _ in range(n)]
        for k, e in enumerate(graph.edges):
            if e.u == e.v:
                continue
            self.incident[e.u].append(_Incident(e.costs, e.v, k))
            self.incident[e.v].append(_Incident(e.costs.T, e.u, k))
        self.self_loops = [np.zeros(len(c), dtype=np.int64) for c in graph.node_costs]
        for e in graph.edges:
            if e.u == e.v:
                self.self_loops[e.u] = self.self_loops[e.u] + np.diagonal(e.costs)
        self.unary = [clip_forbidden(c + l) for c, l in zip(graph.node_costs, self.self_loops)]
        self.limit = graph.usage_limit
        self.tmax = max((hi for _, hi in graph.intervals), default=0)
        self.mem_nodes = np.array(
            [
                self.limit is not None and hi > lo and self.g.node_usages[i].max() != self.g.node_usages[i].min()
                for i, (lo, hi) in enumerate(graph.intervals)
            ],
            dtype=bool,
        )

    # ----- state
    def start(self, assignment: Sequence[int] | None = None) -> np.ndarray:
        """A start assignment: the given one, or every node on its least-usage (then cheapest) strategy."""
        if assignment is not None:
            return np.asarray(assignment, dtype=np.int64).copy()
        out = np.zeros(self.g.num_nodes, dtype=np.int64)
        for i in range(self.g.num_nodes):
            order = np.lexsort((self.unary[i], self.g.node_usages[i]))
            out[i] = order[0]
        return out

    def load(self, assignment: np.ndarray) -> np.ndarray:
        delta = np.zeros(self.tmax + 1, dtype=np.int64)
        for i, (lo, hi) in enumerate(self.g.intervals):
            if hi > lo:
                u = self.g.node_usages[i][assignment[i]]
                delta[lo] += u
                delta[hi] -= u
        return np.cumsum(delta)[: max(self.tmax, 1)]

    def local_costs(self, u: int, assignment: np.ndarray) -> np.ndarray:
        vec = self.unary[u]
        for inc in self.incident[u]:
            vec = vec + inc.matrix[:, assignment[inc.other]]
        return clip_forbidden(vec)

    def cost(self, assignment: np.ndarray) -> int:
        total = sum(int(self.unary[i][s]) for i, s in enumerate(assignment))
        for e in self.g.edges:
            if e.u != e.v:
                total += int(e.costs[assignment[e.u], assignment[e.v]])
        return total

    # ----- search
    def _best_move(self, u: int, assignment: np.ndarray, load: np.ndarray, noise: float = 0.0) -> int:
        vec = self.local_costs(u, assignment)
        cur = assignment[u]
        if self.mem_nodes[u]:
            lo, hi = self.g.intervals[u]
            slack = self.limit - int(load[lo:hi].max())
            usage = self.g.node_usages[u]
            allowed = usage <= usage[cur] + slack
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
        if self.mem_nodes[u]:
            lo, hi = self.g.intervals[u]
            load[lo:hi] += self.g.node_usages[u][new] - self.g.node_usages[u][old]
        assignment[u] = new

    def descend(self, assignment: np.ndarray, load: np.ndarray, deadline: float, nodes: Sequence[int] | None = None) -> None:
        """Greedy single-node moves until no node improves (or the deadline passes)."""
        todo = list(range(self.g.num_nodes)) if nodes is None else list(nodes)
        queued = np.zeros(self.g.num_nodes, dtype=bool)
        queued[todo] = True
        k = 0
        while k < len(todo):
            if (k & 255) == 0 and time.monotonic() > deadline:
                return
            u = todo[k]
            k += 1
            queued[u] = False
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

    def repair(self, assignment: np.ndarray, load: np.ndarray, deadline: float) -> bool:
        """Lower usage at the most loaded time point by the cheapest moves per unit of usage saved until it fits."""
        if self.limit is None:
            return True
        mem_idx = np.flatnonzero(self.mem_nodes)
        los = np.array([self.g.intervals[i][0] for i in mem_idx], dtype=np.int64)
        his = np.array([self.g.intervals[i][1] for i in mem_idx], dtype=np.int64)
        while True:
            t = int(np.argmax(load))
            if load[t] <= self.limit:
                return True
            if time.monotonic() > deadline:
                return False
            best_ratio, best_move = None, None
            for i in mem_idx[(los <= t) & (his > t)]:
                usage = self.g.node_usages[i]
                cur = assignment[i]
                lower = usage < usage[cur]
                if not lower.any():
                    continue
                vec = self.local_costs(int(i), assignment).astype(np.float64)
                saved = (usage[cur] - usage).astype(np.float64)
                ratio = np.where(lower, (vec - vec[cur]) / np.maximum(saved, 1.0), np.inf)
                s = int(np.argmin(ratio))
                if best_ratio is None or ratio[s] < best_ratio:
                    best_ratio, best_move = ratio[s], (int(i), s)
            if best_move is None:
                return False
            i, s = best_move
            old = assignment[i]
            lo, hi = self.g.intervals[i]
            load[lo:hi] += self.g.node_usages[i][s] - self.g.node_usages[i][old]
            assignment[i] = s

    def run(
        self,
        deadline: float,
        start: Sequence[int] | None = None,
        on_improve: Callable[[np.ndarray, int], None] | None = None,
        max_rounds: int | None = None,
    ) -> tuple[np.ndarray, int]:
        """Descend from `start`, then perturb random neighbourhoods and descend again until `deadline`."""
        if start is None and self.limit is not None:
            # cheapest plan ignoring memory, then repaired to fit; fall back to the least-usage start
            free = np.array([int(np.argmin(c)) for c in self.unary], dtype=np.int64)
            saved = self.mem_nodes
            self.mem_nodes = np.zeros_like(saved)
            self.descend(free, self.load(free), deadline)
            self.mem_nodes = saved
            free_load = self.load(free)
            if self.repair(free, free_load, deadline):
                cur, load = free, free_load
            else:
                cur = self.start(None)
                load = self.load(cur)
        else:
            cur = self.start(start)
            load = self.load(cur)
        self.descend(cur, load, deadline)
        cur_cost = self.cost(cur)
        best, best_cost = cur.copy(), cur_cost
        if on_improve:
            on_improve(best, best_cost)
        n = self.g.num_nodes
        rounds = 0
        while time.monotonic() < deadline and n and (max_rounds is None or rounds < max_rounds):
            rounds += 1
            trial, trial_load = cur.copy(), load.copy()
            seed = int(self.rng.integers(n))
            region = self.ball(seed, int(self.rng.integers(2, 12)))
            for u in region:
                self._apply(u, self._best_move(u, trial, trial_load, noise=0.5), trial, trial_load)
            around = set(region)
            for u in region:
                around.update(inc.other for inc in self.incident[u])
            self.descend(trial, trial_load, deadline, nodes=sorted(around))
            trial_cost = self.cost_delta(cur, cur_cost, trial, around)
            if trial_cost <= cur_cost:
                cur, load, cur_cost = trial, trial_load, trial_cost
                if cur_cost < best_cost:
                    best, best_cost = cur.copy(), cur_cost
                    if on_improve:
                        on_improve(best, best_cost)
        return best, best_cost

    def cost_delta(self, old: np.ndarray, old_cost: int, new: np.ndarray, hint: set[int]) -> int:
        changed = np.flatnonzero(old != new)
        if len(changed) > 2000:
            return self.cost(new)
        changed_set = set(int(c) for c in changed)
        total = old_cost
        seen_edges: set[int] = set()
        for u in changed_set:
            total += int(self.unary[u][new[u]]) - int(self.unary[u][old[u]])
        for u in changed_set:
            for inc in self.incident[u]:
                v = inc.other
                if v in changed_set:
                    if inc.edge in seen_edges:
                        continue
                    seen_edges.add(inc.edge)
                total += int(inc.matrix[new[u], new[v]]) - int(inc.matrix[old[u], old[v]])
        return total

    def ball(self, seed: int, size: int) -> list[int]:
        seen = [seed]
        mark = {seed}
        k = 0
        while k < len(seen) and len(seen) < size:
            for inc in self.incident[seen[k]]:
                if inc.other not in mark and len(seen) < size:
                    mark.add(inc.other)
                    seen.append(inc.other)
            k += 1
        return seen


def heuristic_solve(graph: StrategyGraph, time_limit_s: float, seed: int = 0) -> tuple[list[int], int]:
    """Best assignment found by `LocalSearch` within `time_limit_s`, with its cost."""
    search = LocalSearch(graph, seed)
    best, cost = search.run(time.monotonic() + time_limit_s)
    return [int(s) for s in best], cost
