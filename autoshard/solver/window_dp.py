"""Exact re-optimization of a window of nodes by variable elimination, every other node held fixed.

With the outside fixed, a window is a small pairwise problem. Nodes of window degree 0, 1 or 2 are eliminated by
dynamic programming (a degree-2 node becomes an edge between its two neighbours), so any window whose subgraph has
treewidth at most 2 (chains, trees, series-parallel blocks) is solved exactly. When every remaining node has degree
3 or more, one of them is conditioned on a strategy (its current one, or with `rng` sometimes a random one) and
elimination goes on. Memory: each window node may only take strategies whose usage stays within its current usage
plus its share of the slack at its live times (see `ContractedView.allowed`), so the result fits the usage limit
whenever the current assignment does. Works on a `ContractedView` (bijection groups as single variables).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from autoshard.solver.contracted import ContractedView

#: Unreachable (ruled out by memory); sums are clipped here so they never overflow int64.
INF: int = 2**61
#: Largest S_a * S_u * S_b table built for one degree-2 elimination.
MAX_TABLE: int = 3_000_000


def _clip(x: np.ndarray) -> np.ndarray:
    return np.minimum(x, INF)


def window_move(search: ContractedView, assignment: np.ndarray, load: np.ndarray, window: Sequence[int], rng=None,
                noise: float = 0.0, accept_worse: int = 0, usage_price: float | None = None,
                moved: dict | None = None) -> int:
    """Re-pick the strategies of `window` (distinct nodes) with the rest of `assignment` fixed; returns the gain.

    The move is applied (updating `assignment` and `load`) when its exact gain is positive, or, with
    `accept_worse` > 0, when it loses at most that much. `noise` perturbs the window's costs multiplicatively
    (a kick for iterated local search); the gain is always computed on the true (penalized) costs.

    With `usage_price`, the per-node slack shares are dropped: instead every extra unit of usage at a time point
    near the limit costs `usage_price`, and the result is kept only if the exact usage profile fits the limit. This
    lets a window trade memory between its nodes (one shrinks so another can grow).

    `moved`, when given, receives {variable: old strategy} of an applied move.
    """
    window = list(dict.fromkeys(int(x) for x in window))
    m = len(window)
    if m == 0:
        return 0
    pos = {x: k for k, x in enumerate(window)}
    cur = [int(assignment[x]) for x in window]
    unary: list[np.ndarray] = []
    edges: dict[tuple[int, int], np.ndarray] = {}
    nbrs: list[set[int]] = [set() for _ in range(m)]
    for k, x in enumerate(window):
        vec = search.unary[x].copy()
        for inc in search.incident[x]:
            j = pos.get(inc.other)
            if j is None:
                vec = vec + inc.matrix[:, assignment[inc.other]]
            elif j > k:
                edges[(k, j)] = inc.matrix
                nbrs[k].add(j)
                nbrs[j].add(k)
        unary.append(_clip(vec))
    if noise and rng is not None:
        unary = [_clip((u * (1.0 + noise * rng.random(len(u)))).astype(np.int64)) for u in unary]
        edges = {key: _clip((mat * (1.0 + noise * rng.random(mat.shape))).astype(np.int64)) for key, mat in edges.items()}
    if usage_price is None:
        allowed = search.allowed(assignment, load, window)
        for k, ok in allowed.items():
            unary[k] = np.where(ok, unary[k], INF)
    else:
        allowed = {}
        tight = load >= search.limit - (search.limit >> 5)
        for k, v in enumerate(window):
            for lo, hi, us in search.mem[v]:
                if tight[lo:hi].any():
                    extra = (us - us[cur[k]]).astype(np.float64) * usage_price
                    unary[k] = _clip(np.maximum(unary[k] + np.clip(extra, -1e17, 1e17).astype(np.int64), 0))

    def get(a: int, b: int) -> np.ndarray:
        return edges[(a, b)] if a < b else edges[(b, a)].T

    def put(a: int, b: int, mat: np.ndarray) -> None:
        if a > b:
            a, b, mat = b, a, mat.T
        if (a, b) in edges:
            edges[(a, b)] = _clip(edges[(a, b)] + mat)
        else:
            edges[(a, b)] = mat
            nbrs[a].add(b)
            nbrs[b].add(a)

    def drop(a: int, b: int) -> None:
        del edges[(min(a, b), max(a, b))]
        nbrs[a].discard(b)
        nbrs[b].discard(a)

    alive = set(range(m))
    # records for back substitution: (node, kind, data)
    records: list[tuple[int, str, object]] = []
    low = [k for k in range(m) if len(nbrs[k]) <= 2]
    while alive:
        u = -1
        while low:
            k = low.pop()
            if k in alive and len(nbrs[k]) <= 2:
                u = k
                break
        if u < 0:
            # condition the node of highest degree (ties at random) on its current strategy or a random one
            best_deg = max(len(nbrs[k]) for k in alive)
            tops = [k for k in alive if len(nbrs[k]) == best_deg]
            u = tops[int(rng.integers(len(tops)))] if rng is not None and len(tops) > 1 else min(tops)
            s = cur[u]
            if rng is not None and rng.random() < 0.2:
                ok = np.flatnonzero(unary[u] < INF)
                if len(ok):
                    s = int(rng.choice(ok))
            for v in list(nbrs[u]):
                unary[v] = _clip(unary[v] + get(v, u)[:, s])
                drop(u, v)
                if len(nbrs[v]) <= 2:
                    low.append(v)
            alive.discard(u)
            records.append((u, "fixed", s))
            continue
        nb = sorted(nbrs[u])
        if len(nb) == 0:
            records.append((u, "free", None))
        elif len(nb) == 1:
            (a,) = nb
            tot = _clip(get(a, u) + unary[u][None, :])
            arg = np.argmin(tot, axis=1)
            unary[a] = _clip(unary[a] + tot[np.arange(len(arg)), arg])
            drop(u, a)
            records.append((u, "one", (a, arg)))
            if len(nbrs[a]) <= 2:
                low.append(a)
        else:
            a, b = nb
            ma, mb = get(a, u), get(u, b)
            if ma.shape[0] * ma.shape[1] * mb.shape[1] > MAX_TABLE:
                # too large to tabulate: condition u instead
                s = cur[u]
                for v in nb:
                    unary[v] = _clip(unary[v] + get(v, u)[:, s])
                    drop(u, v)
                    if len(nbrs[v]) <= 2:
                        low.append(v)
                alive.discard(u)
                records.append((u, "fixed", s))
                continue
            tot = _clip(_clip(ma[:, :, None] + unary[u][None, :, None]) + mb[None, :, :])  # [S_a, S_u, S_b]
            arg = np.argmin(tot, axis=1)
            best = np.take_along_axis(tot, arg[:, None, :], axis=1)[:, 0, :]
            drop(u, a)
            drop(u, b)
            put(a, b, best)
            records.append((u, "two", (a, b, arg)))
            for v in (a, b):
                if len(nbrs[v]) <= 2:
                    low.append(v)
        alive.discard(u)
    new = [0] * m
    for u, kind, data in reversed(records):
        if kind == "fixed":
            new[u] = int(data)
        elif kind == "free":
            new[u] = int(np.argmin(unary[u]))
        elif kind == "one":
            a, arg = data
            new[u] = int(arg[new[a]])
        else:
            a, b, arg = data
            new[u] = int(arg[new[a], new[b]])
    changes = {window[k]: new[k] for k in range(m) if new[k] != cur[k]}
    if not changes:
        return 0
    for k, ok in allowed.items():
        if not ok[new[k]]:
            return 0
    if usage_price is not None and search.limit is not None:
        diff = np.zeros(len(load) + 1, dtype=np.int64)
        for x, s in changes.items():
            for lo, hi, us in search.mem[x]:
                d = int(us[s] - us[assignment[x]])
                diff[lo] += d
                diff[hi] -= d
        if (load + np.cumsum(diff)[: len(load)]).max() > max(search.limit, int(load.max())):
            return 0
    gain = -search.delta(assignment, changes)
    if gain > 0 or (accept_worse > 0 and -gain <= accept_worse):
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
