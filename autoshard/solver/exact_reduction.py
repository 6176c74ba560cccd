"""Exact problem reduction of a `StrategyGraph`, with a back-mapping from reduced solutions to original ones.

Reductions (each keeps at least one optimal solution):
- parallel edges are merged; edges whose matrix is a sum of a row and a column term move into the node costs;
- dominated strategies are dropped (no worse in cost, in every incident edge row and, where memory can matter,
  in usage);
- nodes with one strategy fold their edges into their neighbours;
- nodes whose choice cannot change memory feasibility are eliminated by dynamic programming when they have
  degree 0, 1 or 2 (a degree-2 node becomes an edge between its neighbours).

Memory "cannot matter" for a node when none of its usage terms whose usage its choice changes holds a binding time
point (a time where even the largest usage of every live term stays within the limit); such a node leaves a
single-strategy "ghost" node in the reduced graph that carries its fixed usage (its own term and its pieces).
A pair piece holding a binding time point makes memory matter for both its nodes (their dominance checks compare
its rows too); once one of them is down to one strategy, the piece becomes a usage term of the other. Pair pieces
holding no binding time point are left out of the reduced graph (even their largest usage fits there).
"""

from __future__ import annotations

import functools
import hashlib
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from autoshard.solver.clock import charge, counting, now
from autoshard.solver.pairwise import int_terms
from autoshard.solver.strategy_graph import FORBIDDEN, Edge, PairPiece, StrategyGraph, UsagePiece, clip_forbidden
from autoshard.solver.work_rates import (
    DOMINANCE_WORK_PER_UNIT,
    ELIMINATION_WORK_PER_UNIT,
    REDUCE_RESULT_WORK_PER_ELEMENT,
    REDUCE_SETUP_WORK_PER_EDGE,
    REDUCE_SETUP_WORK_PER_ENTRY,
    REDUCE_WORK_PER_STEP,
    SEPARABLE_WORK,
    SEPARABLE_WORK_PER_ENTRY,
)

#: Largest S_a * S_u * S_b work allowed to eliminate one degree-2 node.
MAX_CHAIN_WORK = 4_000_000
#: Largest S * S * K work allowed for one dominance check (K = length of a strategy's profile).
MAX_DOMINANCE_WORK = 60_000_000
#: Dominance checks of at least this S * S * K work are expensive: after DOMINANCE_TRIAL of them, they continue
#: only while at least 1 in DOMINANCE_MIN_RATE removes something.
EXPENSIVE_DOMINANCE_WORK = 100_000
DOMINANCE_TRIAL = 200
DOMINANCE_MIN_RATE = 50


@dataclass
class _Record:
    node: int
    kind: str  # "fixed" | "one" | "two"
    fixed: int = -1
    nbrs: tuple[int, ...] = ()
    nbr_keeps: tuple[np.ndarray, ...] = ()
    choice: np.ndarray | None = None  # original strategy of `node`, indexed by the neighbours' local strategies


@dataclass
class Reduction:
    """A reduced graph plus what is needed to expand its solutions back to the original graph."""

    original: StrategyGraph
    reduced: StrategyGraph
    #: original node of each reduced node (-1 for ghosts carrying a fixed usage)
    reduced_to_original: list[int]
    #: original strategy index of each reduced strategy, per reduced node
    strategy_maps: list[np.ndarray]
    #: cost of the original = cost of the reduced + cost_offset
    cost_offset: int
    records: list[_Record] = field(repr=False, default_factory=list)
    infeasible_reason: str | None = None
    #: whether the reductions ran to their fixpoint (not stopped at a deadline): every copy of a repeated block
    #: then reduces alike
    complete: bool = True

    def expand(self, reduced_assignment: Sequence[int]) -> list[int]:
        """The original assignment matching a reduced one (same cost up to `cost_offset`)."""
        out = [-1] * self.original.num_nodes
        for r, s in enumerate(reduced_assignment):
            o = self.reduced_to_original[r]
            if o >= 0:
                out[o] = int(self.strategy_maps[r][s])
        for rec in reversed(self.records):
            if rec.kind == "fixed":
                out[rec.node] = rec.fixed
                continue
            idx = tuple(int(np.searchsorted(k, out[n])) for n, k in zip(rec.nbrs, rec.nbr_keeps))
            out[rec.node] = int(rec.choice[idx])
        return out

    def restrict(self, original_assignment: Sequence[int]) -> list[int] | None:
        """The reduced assignment agreeing with an original one, or None when it uses a removed strategy."""
        out = []
        for r, o in enumerate(self.reduced_to_original):
            if o < 0:
                out.append(0)
                continue
            pos = np.flatnonzero(self.strategy_maps[r] == original_assignment[o])
            if len(pos) == 0:
                return None
            out.append(int(pos[0]))
        return out

    def summary(self) -> str:
        g, r = self.original, self.reduced
        return (
            f"{g.num_nodes} nodes/{len(g.edges)} edges/{sum(len(c) for c in g.node_costs)} strategies -> "
            f"{r.num_nodes} nodes/{len(r.edges)} edges/{sum(len(c) for c in r.node_costs)} strategies"
        )


def _digest(*arrays: np.ndarray) -> bytes:
    """A 128-bit digest of the arrays' entries, in order (the caches' keys add their shapes)."""
    h = hashlib.blake2b(digest_size=16)
    for a in arrays:
        h.update(np.ascontiguousarray(a))
    return h.digest()


class _Reducer:
    def __init__(self, graph: StrategyGraph):
        self.g = graph
        n = graph.num_nodes
        #: per node, its usage terms' intervals and usages ([S, terms]: the node's own term first, then its pieces)
        self.term_intervals = [[(lo, hi) for lo, hi, _ in graph.usage_terms(i)] for i in range(n)]
        self.usage = [np.stack([u for _, _, u in graph.usage_terms(i)], axis=1) for i in range(n)]
        self.keep = [np.arange(len(c)) for c in graph.node_costs]
        self.alive = [True] * n
        self.nbrs: list[set[int]] = [set() for _ in range(n)]
        self.records: list[_Record] = []
        self.ghost_usage: dict[int, np.ndarray] = {}  # per term
        self.offset = 0
        self.infeasible: str | None = None
        self.stopped_early = False
        #: expensive dominance checks, and how many removed a strategy (they stop when few do)
        self.pairwise_checks = 0
        self.pairwise_hits = 0
        self.work_s = 0.0  # the checks' work since the last checkpoint, in work-clock seconds
        #: per edge, the matrix last found not separable (a check is repeated only once the matrix changed)
        self.not_separable: dict[tuple[int, int], np.ndarray] = {}
        #: per node, the inputs of its last dominance check that removed nothing (repeated only once one changed)
        self.undominated: dict[int, tuple] = {}
        #: per node, its usage array and which of its terms vary with its choice (`_varying_terms`)
        self.varying: dict[int, tuple[np.ndarray, list[bool]]] = {}
        #: per dominance profile (shape, digest), the strategies it removes (`_removed`) and whether it removes any
        self.removed_by_profile: dict[tuple, tuple[np.ndarray, bool]] = {}
        #: a two-neighbour elimination's (cheapest middle strategy, its cost) per (a's pair, b's pair, middle costs),
        #: keyed like `removed_by_profile`: the copies of a repeated layer eliminate equal chains
        self.chain_by_terms: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        #: per node, its terms holding a binding time point, for its term list and binding times (`_binding_terms`)
        self.binding_terms: dict[int, tuple[list, np.ndarray, list[int]]] = {}
        self.mats: dict[tuple[int, int], np.ndarray]
        self.unary, self.mats = int_terms(graph)
        for u, v in self.mats:
            self.nbrs[u].add(v)
            self.nbrs[v].add(u)
        #: pair pieces between live nodes, by id: [u, v, usages (restricted like the nodes' strategies), interval]
        self.pairs: dict[int, list] = {k: [p.u, p.v, p.usages, p.interval] for k, p in enumerate(graph.pair_pieces)
                                       if p.interval[1] > p.interval[0] and p.usages.size and p.usages.max() > 0}
        self.pair_background: np.ndarray | None = None  # the largest usage of the pieces left out, per time
        self.pairs_of: list[dict[int, list]] = [{} for _ in range(n)]
        self._update_binding()
        self._leave_out_pairs()

    # ----- edges
    def _get(self, u: int, v: int) -> np.ndarray:
        return self.mats[(u, v)] if u < v else self.mats[(v, u)].T

    def _add_edge(self, u: int, v: int, m: np.ndarray) -> None:
        if u == v:
            self.unary[u] = clip_forbidden(self.unary[u] + np.diagonal(m))
            return
        if u > v:
            u, v, m = v, u, m.T
        key = (u, v)
        if key in self.mats:
            self.mats[key] = clip_forbidden(self.mats[key] + m)
        else:
            self.mats[key] = np.array(m, dtype=np.int64)
            self.nbrs[u].add(v)
            self.nbrs[v].add(u)

    def _drop_edge(self, u: int, v: int) -> None:
        del self.mats[(min(u, v), max(u, v))]
        self.nbrs[u].discard(v)
        self.nbrs[v].discard(u)

    # ----- memory
    def _update_binding(self) -> None:
        g = self.g
        self.binding_prefix = None
        if g.usage_limit is None:
            return
        tmax = g.time_span()
        delta = np.zeros(tmax + 2, dtype=np.int64)
        for i, terms in enumerate(self.term_intervals):
            tops = self.usage[i].max(axis=0) if self.alive[i] else self.ghost_usage.get(i)
            for p, (lo, hi) in enumerate(terms):
                top = 0 if tops is None else int(tops[p])
                if hi > lo and top:
                    delta[lo] += top
                    delta[hi] -= top
        for _, _, usages, (lo, hi) in self.pairs.values():
            top = int(usages.max())
            delta[lo] += top
            delta[hi] -= top
        load = np.cumsum(delta)[: tmax + 1]
        if self.pair_background is not None:
            load += self.pair_background
        binding = (load > g.usage_limit).astype(np.int64)
        self.binding_prefix = np.concatenate([[0], np.cumsum(binding)])

    def _leave_out_pairs(self) -> None:
        """Leave out the pair pieces holding no binding time point (none ever will: usage only falls as strategies
        go), their largest usage kept as background for later binding checks; index the others by node."""
        if self.binding_prefix is None:
            self.pairs = {}
            return
        tmax = self.g.time_span()
        delta = np.zeros(tmax + 2, dtype=np.int64)
        for k, (u, v, usages, (lo, hi)) in list(self.pairs.items()):
            if self._binding(lo, hi):
                self.pairs_of[u][k] = self.pairs_of[v][k] = self.pairs[k]
                continue
            top = int(usages.max())
            delta[lo] += top
            delta[hi] -= top
            del self.pairs[k]
        self.pair_background = np.cumsum(delta)[: tmax + 1]

    def _binding(self, lo: int, hi: int) -> bool:
        return hi > lo and self.binding_prefix[hi] - self.binding_prefix[lo] > 0

    def _memory_matters(self, u: int) -> bool:
        """Whether u's choice can change memory feasibility."""
        if self.binding_prefix is None:
            return False
        binding = self._binding_terms(u)
        if binding:
            varies = self._varying_terms(u)
            if any(varies[p] for p in binding):
                return True
        pieces = self.pairs_of[u]
        return bool(pieces) and any(self._binding(*piece[3]) for piece in pieces.values())

    def _binding_terms(self, u: int) -> list[int]:
        """u's usage terms holding a binding time point (kept until its term list or the binding times change)."""
        terms, prefix = self.term_intervals[u], self.binding_prefix
        cached = self.binding_terms.get(u)
        if cached is None or cached[0] is not terms or cached[1] is not prefix:
            cached = self.binding_terms[u] = (terms, prefix,
                                              [p for p, (lo, hi) in enumerate(terms) if self._binding(lo, hi)])
        return cached[2]

    def _varying_terms(self, u: int) -> list[bool]:
        """Per usage term of u, whether u's choice changes its usage (kept until u's usage array is replaced)."""
        us = self.usage[u]
        cached = self.varying.get(u)
        if cached is None or cached[0] is not us:
            cached = self.varying[u] = (us, (us.min(axis=0) != us.max(axis=0)).tolist())
        return cached[1]

    def _pair_rows(self, u: int) -> list[np.ndarray]:
        """u's pair pieces holding a binding time point, oriented with u's strategies as rows."""
        return [piece[2] if piece[0] == u else piece[2].T for piece in self.pairs_of[u].values()
                if self._binding(*piece[3])]

    def _fold_pairs(self, u: int) -> None:
        """u is down to one strategy: each of its pair pieces becomes a usage term of the other node."""
        for k, (a, b, usages, interval) in self.pairs_of[u].items():
            other, column = (b, usages[0, :]) if a == u else (a, usages[:, 0])
            self.usage[other] = np.hstack([self.usage[other], column[:, None]])
            self.term_intervals[other] = [*self.term_intervals[other], interval]
            del self.pairs_of[other][k], self.pairs[k]
        self.pairs_of[u] = {}

    def _fixed_usage_counts(self, u: int) -> bool:
        if self.binding_prefix is None:
            return False
        return any(self._binding(lo, hi) and int(self.usage[u][0, p]) != 0
                   for p, (lo, hi) in enumerate(self.term_intervals[u]))

    # ----- strategy removal
    def _restrict(self, u: int, mask: np.ndarray) -> None:
        self.unary[u] = self.unary[u][mask]
        self.usage[u] = self.usage[u][mask]
        self.keep[u] = self.keep[u][mask]
        for piece in self.pairs_of[u].values():
            piece[2] = piece[2][mask, :] if piece[0] == u else piece[2][:, mask]
        for v in self.nbrs[u]:
            key = (min(u, v), max(u, v))
            self.mats[key] = self.mats[key][mask, :] if u < v else self.mats[key][:, mask]

    def _dominance(self, u: int) -> bool:
        s = len(self.unary[u])
        if s <= 1:
            return False
        # forbidden strategies go first
        if np.maximum.reduce(self.unary[u]) >= FORBIDDEN:  # `max` without its Python-level dispatch: every step
            ok = self.unary[u] < FORBIDDEN
            if not ok.any():
                self.infeasible = f"every strategy of {self.g.node_label(u)} is forbidden"
                return False
            self._restrict(u, ok)
            return True
        matters = self._memory_matters(u)
        nbrs = sorted(self.nbrs[u])
        work = s * s * (1 + matters + sum(len(self.unary[v]) for v in nbrs))
        expensive = work >= EXPENSIVE_DOMINANCE_WORK
        if expensive and self.pairwise_checks >= DOMINANCE_TRIAL and (
                self.pairwise_hits * DOMINANCE_MIN_RATE < self.pairwise_checks):
            return False  # expensive checks rarely remove anything on this graph (repeated-layer programs)
        # every array is replaced (never changed in place) when it changes: same objects, same answer
        inputs = (self.unary[u], matters, *(self.mats[(min(u, v), max(u, v))] for v in nbrs))
        last = self.undominated.get(u)
        if last is not None and len(last) == len(inputs) and all(a is b for a, b in zip(last, inputs)):
            return False
        self.pairwise_checks += expensive
        cols = [self.unary[u][:, None]]
        if matters:
            cols.append(self.usage[u])
            cols.extend(self._pair_rows(u))
        cols.extend(self._get(u, v) for v in nbrs)
        prof = np.concatenate(cols, axis=1)
        k = prof.shape[1]
        self.work_s += DOMINANCE_WORK_PER_UNIT * s * k * (8 if s * s * k > MAX_DOMINANCE_WORK else s)
        # the copies of a repeated layer check equal profiles: each distinct one is compared once (keyed by a
        # 128-bit digest, so a graph without repeats keeps no copies of its profiles)
        key = (prof.shape, _digest(prof))
        known = self.removed_by_profile.get(key)
        if known is None:
            removed = _removed(prof)
            known = self.removed_by_profile[key] = (removed, bool(removed.any()))
        removed, any_removed = known
        if not any_removed:
            self.undominated[u] = inputs
            return False
        self.pairwise_hits += expensive
        self._restrict(u, ~removed)
        return True

    # ----- elimination
    def _separable(self, u: int, v: int) -> bool:
        key = (min(u, v), max(u, v))
        stored = self.mats[key]
        if self.not_separable.get(key) is stored:
            return False
        m = self._get(u, v)
        self.work_s += SEPARABLE_WORK + SEPARABLE_WORK_PER_ENTRY * m.size
        if m.shape[0] > 1 and m.shape[1] > 1 and m.item(1, 1) - m.item(1, 0) != m.item(0, 1) - m.item(0, 0):
            self.not_separable[key] = stored  # one 2x2 minor already differs from row + column (most matrices)
            return False
        rows = m[:, :1]
        cols = m[:1, :] - m[0, 0]
        if (m != rows + cols).any() or (m >= FORBIDDEN).any():  # most matrices fail the first test
            self.not_separable[key] = stored
            return False
        self.unary[u] = clip_forbidden(self.unary[u] + rows[:, 0])
        self.unary[v] = clip_forbidden(self.unary[v] + cols[0])
        self._drop_edge(u, v)
        return True

    def _remove(self, u: int) -> None:
        self.alive[u] = False
        for k, piece in self.pairs_of[u].items():  # none holds a binding time point (or u's memory would matter)
            other = piece[1] if piece[0] == u else piece[0]
            del self.pairs_of[other][k], self.pairs[k]
        self.pairs_of[u] = {}
        if self._fixed_usage_counts(u):
            self.ghost_usage[u] = self.usage[u][0]

    def _eliminate(self, u: int) -> list[int]:
        """Try to remove u; return the nodes whose neighbourhood changed."""
        nb = sorted(self.nbrs[u])
        if len(self.unary[u]) == 1:
            self._fold_pairs(u)
            for v in nb:
                self.unary[v] = clip_forbidden(self.unary[v] + self._get(u, v)[0])
                self._drop_edge(u, v)
            self.offset += int(self.unary[u][0])
            self.records.append(_Record(u, "fixed", fixed=int(self.keep[u][0])))
            self._remove(u)
            return nb
        if self._memory_matters(u):
            return []
        if len(nb) == 0:
            best = int(np.argmin(self.unary[u]))
            if self.unary[u][best] >= FORBIDDEN:
                self.infeasible = f"every strategy of {self.g.node_label(u)} is forbidden"
            self.offset += int(self.unary[u][best])
            self.records.append(_Record(u, "fixed", fixed=int(self.keep[u][best])))
            self._remove(u)
            return []
        if len(nb) == 1:
            (a,) = nb
            tot = clip_forbidden(self._get(a, u) + self.unary[u][None, :])  # [S_a, S_u]
            arg = np.argmin(tot, axis=1)
            self.unary[a] = clip_forbidden(self.unary[a] + tot[np.arange(len(arg)), arg])
            self.records.append(_Record(u, "one", nbrs=(a,), nbr_keeps=(self.keep[a].copy(),), choice=self.keep[u][arg]))
            self._drop_edge(u, a)
            self._remove(u)
            return [a]
        if len(nb) == 2:
            a, b = nb
            sa, sb, su = len(self.unary[a]), len(self.unary[b]), len(self.unary[u])
            if sa * sb * su > MAX_CHAIN_WORK:
                return []
            self.work_s += ELIMINATION_WORK_PER_UNIT * sa * sb * su
            ma, mb = self._get(a, u), self._get(u, b)
            key = (ma.shape, mb.shape, _digest(ma, mb, self.unary[u]))
            known = self.chain_by_terms.get(key)
            if known is None:
                # through[i, s, j]: a at i, u at s, b at j; the cheapest s, the first on ties (three terms of at
                # most FORBIDDEN each cannot overflow int64: one cap after both sums)
                through = ma[:, :, None] + mb[None, :, :]
                through += self.unary[u][None, :, None]
                np.minimum(through, FORBIDDEN, out=through)
                known = self.chain_by_terms[key] = (through.argmin(axis=1), np.minimum.reduce(through, axis=1))
            arg, best = known  # read only: the record indexes `arg`, the new edge copies `best` (`_add_edge`)
            self.records.append(
                _Record(u, "two", nbrs=(a, b), nbr_keeps=(self.keep[a].copy(), self.keep[b].copy()), choice=self.keep[u][arg])
            )
            self._drop_edge(u, a)
            self._drop_edge(u, b)
            self._remove(u)
            self._add_edge(a, b, best)
            return [a, b]
        return []

    def _ties_first(self) -> list[int]:
        """Every node, those on a tie first (in node order within each part).

        A tie is an edge allowing exactly one strategy of each end for each strategy of the other, every other pair
        forbidden (a carried state's argument and result): a hard constraint every later phase would have to keep.
        Eliminating its nodes turns it into plain costs, so when the deadline stops the reduction early these are
        done."""
        tied = np.zeros(self.g.num_nodes, dtype=bool)
        for (u, v), m in self.mats.items():
            if m.shape[0] == m.shape[1] > 1:
                allowed = m < FORBIDDEN
                if (allowed.sum(axis=0) == 1).all() and (allowed.sum(axis=1) == 1).all():
                    tied[u] = tied[v] = True
        return [*np.flatnonzero(tied).tolist(), *np.flatnonzero(~tied).tolist()]

    def run(self, deadline: float | None = None) -> None:
        """Apply reductions until nothing changes or `deadline` (now()) passes; every step is exact."""
        n = self.g.num_nodes
        steps = 0
        todo = self._ties_first()
        for _ in range(20):
            changed = False
            queue = deque(todo)
            queued = [False] * n
            for u in todo:
                queued[u] = True
            while queue and self.infeasible is None:
                steps += 1
                if deadline is not None and (steps & 63) == 0:
                    charge(REDUCE_WORK_PER_STEP * 64 + self.work_s)
                    self.work_s = 0.0
                    if now() > deadline:
                        self.stopped_early = True
                        return
                u = queue.popleft()
                queued[u] = False
                if not self.alive[u]:
                    continue
                touched: set[int] = set()
                for v in sorted(self.nbrs[u]):
                    if self._separable(u, v):
                        touched.add(v)
                if self._dominance(u):
                    touched.update(self.nbrs[u])
                    changed = True
                touched.update(self._eliminate(u))
                if not self.alive[u]:
                    changed = True
                for v in touched:
                    if self.alive[v] and not queued[v]:
                        queued[v] = True
                        queue.append(v)
            if self.infeasible is not None or not changed:
                break
            # the queue ran to a fixpoint: only nodes for which memory stopped mattering can reduce further
            alive = [u for u in range(n) if self.alive[u]]
            before = [self._memory_matters(u) for u in alive]
            self._update_binding()
            todo = [u for u, was in zip(alive, before) if was != self._memory_matters(u)]
            if not todo:
                break

    def result(self) -> Reduction:
        g = self.g
        alive = [u for u in range(g.num_nodes) if self.alive[u]]
        index = {u: r for r, u in enumerate(alive)}
        costs = [self.unary[u] for u in alive]
        usages = [self.usage[u][:, 0] for u in alive]
        intervals = [g.intervals[u] for u in alive]
        pieces = [UsagePiece(r, self.usage[u][:, p], iv)
                  for r, u in enumerate(alive) for p, iv in enumerate(self.term_intervals[u][1:], 1)]
        names = [g.node_label(u) for u in alive] if g.node_names else None
        to_orig = list(alive)
        maps = [self.keep[u] for u in alive]
        for u, amounts in sorted(self.ghost_usage.items()):
            pieces += [UsagePiece(len(costs), amounts[p : p + 1].astype(np.int64), iv)
                       for p, iv in enumerate(self.term_intervals[u][1:], 1)]
            costs.append(np.zeros(1, dtype=np.int64))
            usages.append(np.array([amounts[0]], dtype=np.int64))
            intervals.append(g.intervals[u])
            to_orig.append(-1)
            maps.append(np.zeros(1, dtype=np.int64))
            if names is not None:
                names.append(f"usage of {g.node_label(u)}")
        edges = tuple(Edge(index[a], index[b], m) for (a, b), m in sorted(self.mats.items()))
        pairs = tuple(PairPiece(index[a], index[b], usages, interval)
                      for _, (a, b, usages, interval) in sorted(self.pairs.items()) if self._binding(*interval))
        reduced = StrategyGraph(
            tuple(costs), tuple(usages), tuple(intervals), edges, g.usage_limit,
            tuple(names) if names is not None else None, g.name, tuple(pieces), pairs,
        )
        return Reduction(g, reduced, to_orig, maps, self.offset, self.records, self.infeasible, not self.stopped_early)


#: profiles of at most this many entries compared all pairs at once (larger ones a block of rows at a time)
DOMINANCE_BLOCK_ENTRIES = 20_000_000


@functools.lru_cache(maxsize=256)
def _lower_triangle(s: int) -> np.ndarray:
    """The s-by-s boolean lower triangle with its diagonal (read-only: shared between calls)."""
    tri = np.tri(s, dtype=bool)
    tri.setflags(write=False)
    return tri


def _removed(prof: np.ndarray) -> np.ndarray:
    """Per row of `prof`, whether the dominance check drops it: dominated (`_dominated`), or, for a profile too
    large to compare all pairs (`MAX_DOMINANCE_WORK`), a repeat of an earlier row."""
    s, k = prof.shape
    if s * s * k > MAX_DOMINANCE_WORK:
        _, first = np.unique(prof, axis=0, return_index=True)
        removed = np.ones(s, dtype=bool)
        removed[first] = False
        return removed
    return _dominated(prof)


def _dominated(prof: np.ndarray) -> np.ndarray:
    """Per row of `prof` (a strategy's profile), whether another row beats it: no larger in every column and either
    smaller in one or earlier."""
    s, k = prof.shape
    block = max(1, DOMINANCE_BLOCK_ENTRIES // max(1, s * k))
    if block >= s:  # le[t, s]: row t <= row s everywhere; equal rows are those no larger both ways
        le = np.logical_and.reduce(prof[:, None, :] <= prof[None, :, :], axis=2)
        return np.logical_or.reduce(le & ~(le.T & _lower_triangle(s)), axis=0)
    dominated = np.zeros(s, dtype=bool)
    idx = np.arange(s)
    for t0 in range(0, s, block):
        le = np.all(prof[t0 : t0 + block, None, :] <= prof[None, :, :], axis=2)
        eq = np.all(prof[t0 : t0 + block, None, :] == prof[None, :, :], axis=2)
        ts = idx[t0 : t0 + block, None]
        dominated |= (le & (~eq | (ts < idx[None, :]))).any(axis=0)
    return dominated


def reduce_graph(graph: StrategyGraph, deadline: float | None = None) -> Reduction:
    """Shrink `graph` exactly; see the module docstring for the reductions applied.

    With a `deadline` (a now() value) the reduction stops early, still exact, when time runs out.
    """
    if counting():
        entries = sum(e.costs.size for e in graph.edges)
        charge(REDUCE_SETUP_WORK_PER_EDGE * len(graph.edges) + REDUCE_SETUP_WORK_PER_ENTRY * entries)
    reducer = _Reducer(graph)
    reducer.run(deadline)
    charge(REDUCE_WORK_PER_STEP * 32 + reducer.work_s)  # since the last checkpoint (half its steps, on average)
    reduction = reducer.result()
    charge(REDUCE_RESULT_WORK_PER_ELEMENT * (reduction.reduced.num_nodes + len(reduction.reduced.edges)))
    return reduction
