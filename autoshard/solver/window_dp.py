"""Exact re-optimization of a window of nodes by variable elimination, every other node held fixed.

With the outside fixed, a window is a small pairwise problem, solved by variable elimination (bucket elimination:
eliminating a variable sums the factors touching it into one table over it and its neighbours and minimizes it out),
cheapest table first. So windows of small treewidth (chains, trees, series-parallel blocks, and wider ones while the
tables stay below `MAX_TABLE` entries) are solved exactly. When every table would be too large, the variable with
most neighbours is conditioned on a strategy (its current one, or with `rng` sometimes a random one) and
elimination goes on. Memory: each window node may only take strategies whose usage stays within its current usage
plus its share of the slack at its live times (see `ContractedView.allowed`), so the result fits the usage limit
whenever the current assignment does. Works on a `ContractedView` (bijection groups as single variables).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

import numpy as np

from autoshard.solver.clock import charge
from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.local_search import fits_after
from autoshard.solver.work_rates import (
    WINDOW_MOVE_WORK_PER_INCIDENCE,
    WINDOW_MOVE_WORK_PER_INCIDENCE_PRICED,
    WINDOW_MOVE_WORK_PER_VAR,
)

#: Unreachable (ruled out by memory); sums are clipped here so they never overflow int64.
INF: int = 2**61
#: Largest table (product of strategy counts of a variable and its neighbours) built for one elimination.
MAX_TABLE: int = 50_000
#: Most variables in one elimination table (numpy's limit on array dimensions is 64).
MAX_SCOPE: int = 32


def _clip(x: np.ndarray) -> np.ndarray:
    return np.minimum(x, INF)


class _Factors:
    """The factors of a pairwise problem under variable elimination: tables over scopes, each variable's factors
    and neighbours, and a heap of variables by the size of their elimination table."""

    def __init__(self, unary: list[np.ndarray], edges: dict[tuple[int, int], np.ndarray], max_table: int):
        m = len(unary)
        self.sizes = [len(u) for u in unary]
        self.max_table = max_table
        self.factors: dict[int, tuple[tuple[int, ...], np.ndarray]] = {}
        self.of_var: list[set[int]] = [set() for _ in range(m)]
        self.nbrs: list[set[int]] = [set() for _ in range(m)]
        self.next_id = 0
        for k in range(m):
            self.add((k,), unary[k])
        for (a, b), mat in edges.items():
            self.add((a, b), mat)
        self.alive = set(range(m))
        self.version = [0] * m
        self.heap: list[tuple[int, int, int]] = []
        for x in range(m):
            self.push(x)

    def add(self, scope: tuple[int, ...], table: np.ndarray) -> None:
        self.next_id += 1
        self.factors[self.next_id] = (scope, table)
        for v in scope:
            self.of_var[v].add(self.next_id)
            self.nbrs[v].update(w for w in scope if w != v)

    def pop(self, fid: int) -> tuple[tuple[int, ...], np.ndarray]:
        scope, table = self.factors.pop(fid)
        for v in scope:
            self.of_var[v].discard(fid)
        return scope, table

    def table_size(self, x: int) -> int:
        if len(self.nbrs[x]) >= MAX_SCOPE:  # numpy arrays have at most 64 axes (single-strategy neighbours add axes)
            return self.max_table + 1
        size = self.sizes[x]
        for w in self.nbrs[x]:
            size *= self.sizes[w]
        return size

    def push(self, x: int) -> None:
        self.version[x] += 1
        heapq.heappush(self.heap, (self.table_size(x), x, self.version[x]))

    def smallest(self) -> tuple[int, int]:
        """(table size, variable) of the live variable cheapest to eliminate."""
        heap = self.heap
        while heap and (heap[0][1] not in self.alive or heap[0][2] != self.version[heap[0][1]]):
            heapq.heappop(heap)
        return heap[0][0], heap[0][1]

    def remove(self, x: int) -> None:
        """Drop `x` from the problem; its former neighbours' tables change."""
        self.alive.discard(x)
        touched = self.nbrs[x]
        for w in touched:
            self.nbrs[w].discard(x)
        self.nbrs[x] = set()
        for w in touched:
            self.push(w)

    def condition(self, x: int, s: int) -> None:
        """Fix `x` to strategy `s` in every factor over it."""
        for fid in list(self.of_var[x]):
            scope, table = self.pop(fid)
            axis = scope.index(x)
            rest = scope[:axis] + scope[axis + 1 :]
            if rest:
                self.add(rest, np.take(table, s, axis=axis))
        self.remove(x)

    def eliminate(self, x: int) -> tuple[tuple[int, ...], np.ndarray]:
        """Minimize `x` out: its factors summed into one table over it and its neighbours, minimized over `x`.
        Returns the neighbours' scope and `x`'s best strategy for each of their combinations."""
        sizes = self.sizes
        scope = tuple(sorted({x} | self.nbrs[x]))
        shape = tuple(sizes[v] for v in scope)
        total = None
        for fid in list(self.of_var[x]):
            fscope, table = self.pop(fid)
            if len(fscope) != len(scope):
                table = table.reshape([sizes[v] if v in fscope else 1 for v in scope])
            total = table if total is None else _clip(total + table)
        if total.shape != shape:
            total = np.broadcast_to(total, shape)
        axis = scope.index(x)
        arg = np.argmin(total, axis=axis)
        rest = scope[:axis] + scope[axis + 1 :]
        if rest:
            self.add(rest, total.min(axis=axis))
        self.remove(x)
        return rest, arg


def eliminate(unary: list[np.ndarray], edges: dict[tuple[int, int], np.ndarray], current: Sequence[int],
              rng=None, max_table: int = MAX_TABLE) -> list[int]:
    """Minimize sum(unary[k][x_k]) + sum(edges[(a, b)][x_a, x_b]) by variable elimination.

    The variable whose elimination table (product of its and its neighbours' strategy counts) is smallest goes
    first; when even that exceeds `max_table`, the variable with most neighbours is conditioned on its `current`
    strategy (with `rng`, sometimes on a random allowed one). Exact whenever no conditioning was needed.
    """
    f = _Factors(unary, edges, max_table)
    records: list[tuple[int, tuple[int, ...] | None, object]] = []
    while f.alive:
        best_size, best_x = f.smallest()
        if best_size > max_table:
            top = max(len(f.nbrs[x]) for x in f.alive)
            tops = sorted(x for x in f.alive if len(f.nbrs[x]) == top)
            x = tops[int(rng.integers(len(tops)))] if rng is not None and len(tops) > 1 else tops[0]
            s = int(current[x])
            if rng is not None and rng.random() < 0.2:
                ok = np.flatnonzero(unary[x] < INF)
                if len(ok):
                    s = int(rng.choice(ok))
            f.condition(x, s)
            records.append((x, None, s))
            continue
        rest, arg = f.eliminate(best_x)
        records.append((best_x, rest, arg))
    values = [0] * len(unary)
    for x, rest, data in reversed(records):
        values[x] = int(data) if not rest else int(data[tuple(values[v] for v in rest)])
    return values


def window_move(search: ContractedView, assignment: np.ndarray, load: np.ndarray, window: Sequence[int], rng=None,
                noise: float = 0.0, accept_worse: int = 0, usage_price: float | None = None,
                moved: dict | None = None, max_table: int = MAX_TABLE, time_prices: np.ndarray | None = None) -> int:
    """Re-pick the strategies of `window` (distinct nodes) with the rest of `assignment` fixed; returns the gain.

    The move is applied (updating `assignment` and `load`) when its exact gain is positive, or, with
    `accept_worse` > 0, when it loses at most that much. `noise` perturbs the window's costs multiplicatively
    (a kick for iterated local search); the gain is always computed on the true (penalized) costs.

    With `usage_price`, the per-node slack shares are dropped: instead every extra unit of usage at a time point
    near the limit costs `usage_price`, and the result is kept only if the exact usage profile fits the limit. This
    lets a window trade memory between its nodes (one shrinks so another can grow).

    With `time_prices` (prefix sums of a price per unit of usage per time point), the limit is ignored: a member
    live over [lo, hi) pays its usage times ``time_prices[hi] - time_prices[lo]``, and a move is kept when the
    true cost plus these prices goes down (Lagrangian relaxation of the usage limit). The true gain is returned.

    `moved`, when given, receives {variable: old strategy} of an applied move.
    """
    window = list(dict.fromkeys(int(x) for x in window))
    m = len(window)
    if m == 0:
        return 0
    cur = [int(assignment[x]) for x in window]
    unary, edges, incidences = _window_terms(search, assignment, window)
    priced = WINDOW_MOVE_WORK_PER_INCIDENCE_PRICED if time_prices is not None else WINDOW_MOVE_WORK_PER_INCIDENCE
    charge(WINDOW_MOVE_WORK_PER_VAR * m + priced * incidences)
    if noise and rng is not None:
        unary = [_clip((u * (1.0 + noise * rng.random(len(u)))).astype(np.int64)) for u in unary]
        edges = {key: _clip((mat * (1.0 + noise * rng.random(mat.shape))).astype(np.int64)) for key, mat in edges.items()}
    allowed: dict[int, np.ndarray] = {}
    price_of: dict[int, np.ndarray] = {}
    pair_price: dict[tuple[int, int], np.ndarray] = {}
    if time_prices is not None:
        price_of = _price_by_time(search, window, cur, time_prices, unary)
        pair_price = _price_pairs(search, window, cur, assignment, unary, edges, price_of,
                                  lambda lo, hi: time_prices[hi] - time_prices[lo])
    elif usage_price is None:
        allowed = search.allowed(assignment, load, window)
        for k, ok in allowed.items():
            unary[k] = np.where(ok, unary[k], INF)
        _bound_inner_pairs(search, window, cur, load, edges)
    else:
        _price_usage(search, window, cur, load, usage_price, unary)
        tight = load >= search.limit - (search.limit >> 5)
        _price_pairs(search, window, cur, assignment, unary, edges, {},
                     lambda lo, hi: usage_price if tight[lo:hi].any() else 0.0)
    new = eliminate(unary, edges, cur, rng, max_table)
    changes = {window[k]: new[k] for k in range(m) if new[k] != cur[k]}
    if not changes:
        return 0
    for k, ok in allowed.items():
        if not ok[new[k]]:
            return 0
    paired = any(search.pairs[x] for x in changes)
    # priced usage drops the slack shares, and a pair term between two window nodes escapes them: check exactly
    if search.limit is not None and (usage_price is not None or (paired and time_prices is None)) and not fits_after(
            search.mem, search.limit, assignment, load, changes, search.pairs):
        return 0
    gain = -search.delta(assignment, changes)
    priced = gain - sum(int(price_of[k][new[k]]) for k in price_of if new[k] != cur[k]) - sum(
        int(m[new[k], new[j]]) for (k, j), m in pair_price.items())
    if priced > 0 or (accept_worse > 0 and -priced <= accept_worse):
        if moved is not None:
            moved.update({x: int(assignment[x]) for x in changes})
        for x, s in changes.items():
            search.apply(x, s, assignment, load)
        return gain
    return 0


def ball(search, seed: int, size: int, rng) -> list[int]:
    """A breadth-first ball of about `size` nodes around `seed`, neighbours visited in random order."""
    seen = [seed]
    mark = {seed}
    k = 0
    while k < len(seen) and len(seen) < size:
        incs = search.incident[seen[k]]
        order = rng.permutation(len(incs)) if len(incs) > 1 else range(len(incs))
        for j in order:
            y = incs[j].other
            if y not in mark:
                mark.add(y)
                seen.append(y)
                if len(seen) >= size:
                    break
        k += 1
    return seen


def _window_terms(search: ContractedView, assignment: np.ndarray, window: list[int]
                  ) -> tuple[list[np.ndarray], dict[tuple[int, int], np.ndarray], int]:
    """The window's subproblem with the rest of `assignment` fixed: unary vectors (the fixed neighbours' edge
    costs folded in), edges inside the window (positions, lower first), and the incidences read."""
    pos = {x: k for k, x in enumerate(window)}
    unary: list[np.ndarray] = []
    edges: dict[tuple[int, int], np.ndarray] = {}
    incidences = 0
    for k, x in enumerate(window):
        vec = search.unary[x].copy()
        incidences += len(search.incident[x])
        for inc in search.incident[x]:
            j = pos.get(inc.other)
            if j is None:
                vec = vec + inc.matrix[:, assignment[inc.other]]
            elif j > k:
                edges[(k, j)] = inc.matrix
        unary.append(_clip(vec))
    return unary, edges, incidences


def _price_by_time(search: ContractedView, window: list[int], cur: list[int], time_prices: np.ndarray,
                   unary: list[np.ndarray]) -> dict[int, np.ndarray]:
    """Add each member's usage priced by `time_prices` (relative to its current strategy) to `unary`; returns the
    price vector per window position that has one."""
    price_of: dict[int, np.ndarray] = {}
    for k, v in enumerate(window):
        extra = None
        for lo, hi, us in search.mem[v]:
            w = time_prices[hi] - time_prices[lo]
            if w:
                part = us.astype(np.float64) * w
                extra = part if extra is None else extra + part
        if extra is not None:
            extra = np.minimum(extra, 1e17)
            price = (extra - extra[cur[k]]).astype(np.int64)
            price_of[k] = price
            unary[k] = _clip(np.maximum(unary[k] + price, 0))
    return price_of


def _price_pairs(search: ContractedView, window: list[int], cur: list[int], assignment: np.ndarray,
                 unary: list[np.ndarray], edges: dict[tuple[int, int], np.ndarray], price_of: dict[int, np.ndarray],
                 weight_of) -> dict[tuple[int, int], np.ndarray]:
    """Price each pair term of the window's variables at `weight_of(lo, hi)` per unit of usage over the current
    strategies': one with a variable outside the window on the inner one's costs (and its `price_of`), one inside
    on the window's edge. Returns the prices added to edges, per edge."""
    added: dict[tuple[int, int], np.ndarray] = {}
    pos = {x: k for k, x in enumerate(window)}
    for k, v in enumerate(window):
        for lo, hi, us, w in search.pairs[v]:
            weight = weight_of(lo, hi)
            j = pos.get(w)
            if not weight or (j is not None and j < k):
                continue
            if j is None:
                column = us[:, assignment[w]].astype(np.float64)
                price = np.clip((column - column[cur[k]]) * weight, -1e17, 1e17).astype(np.int64)
                unary[k] = _clip(np.maximum(unary[k] + price, 0))
                price_of[k] = price_of[k] + price if k in price_of else price
            else:
                mat = us.astype(np.float64)
                price = np.clip((mat - mat[cur[k], cur[j]]) * weight, -1e17, 1e17).astype(np.int64)
                edges[(k, j)] = _clip(np.maximum(edges[(k, j)] + price, 0)) if (k, j) in edges else _clip(
                    np.maximum(price, 0))
                added[(k, j)] = added[(k, j)] + price if (k, j) in added else price
    return added


def _bound_inner_pairs(search: ContractedView, window: list[int], cur: list[int], load: np.ndarray,
                       edges: dict[tuple[int, int], np.ndarray]) -> None:
    """Forbid on the window's edges the strategy pairs of a pair term inside the window that would grow its usage by
    more than half the slack at its live times (the exact check follows the move)."""
    if search.limit is None:
        return
    pos = {x: k for k, x in enumerate(window)}
    for k, v in enumerate(window):
        for lo, hi, us, w in search.pairs[v]:
            j = pos.get(w)
            if j is None or j < k:
                continue
            slack = max(0, search.limit - int(load[lo:hi].max()))
            over = us > int(us[cur[k], cur[j]]) + slack // 2
            if over.any():
                edges[(k, j)] = np.where(over, INF, edges[(k, j)] if (k, j) in edges else 0)


def _price_usage(search: ContractedView, window: list[int], cur: list[int], load: np.ndarray, usage_price: float,
                 unary: list[np.ndarray]) -> None:
    """Add `usage_price` per unit of extra usage at time points near the limit to `unary`."""
    tight = load >= search.limit - (search.limit >> 5)
    for k, v in enumerate(window):
        for lo, hi, us in search.mem[v]:
            if tight[lo:hi].any():
                extra = (us - us[cur[k]]).astype(np.float64) * usage_price
                unary[k] = _clip(np.maximum(unary[k] + np.clip(extra, -1e17, 1e17).astype(np.int64), 0))
