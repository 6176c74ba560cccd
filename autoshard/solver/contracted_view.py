"""A contracted view of a `LocalSearch` problem: every bijection group becomes one variable.

Nodes joined by bijection edges (each strategy allows exactly one strategy of the other node) can only change
together, so the view gives each group one variable whose strategies are the group's consistent strategy tuples;
node costs, the group's inner edges and the edges between groups are summed onto the variables. Memory stays per
member: a variable's strategy sets each member's usage over that member's own segments (`LocalSearch.mem`); a pair
piece inside a group is one of those, one between groups a pair term of their variables (`pairs`), which `apply`
keeps in the load and `window_dp.window_move` checks exactly.

The view has the interface `window_dp.window_move` needs (`unary`, `incident`, `delta`, `apply`, `allowed`), with
assignments over variables; `to_nodes` maps one back to the graph's nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from autoshard.solver.local_search import LocalSearch, cost_delta
from autoshard.solver.pairwise import PENALTY
from autoshard.solver.strategy_graph import FORBIDDEN, PairTerm


@dataclass
class VarIncident:
    matrix: np.ndarray  # [S_self, S_other]
    other: int


class ContractedView:
    """Variables = bijection groups (and lone nodes) of a `LocalSearch`'s graph."""

    def __init__(self, search: LocalSearch, max_group: int | None = None):
        self.search = search
        g = search.g
        n = g.num_nodes
        self.limit = search.limit
        var_of = np.full(n, -1, dtype=np.int64)
        members: list[np.ndarray] = []
        maps: list[np.ndarray] = []  # per var: [len(members), S_var] strategy of each member
        for mem, mp in search.clusters:
            if max_group is not None and len(mem) > max_group:
                continue
            valid = np.ones(len(mp[0]), dtype=bool)
            for m in mp:
                valid &= m >= 0
            if not valid.any():
                continue
            table = np.stack([m[valid] for m in mp])
            var_of[mem] = len(members)
            members.append(np.asarray(mem, dtype=np.int64))
            maps.append(table)
        for u in range(n):
            if var_of[u] < 0:
                var_of[u] = len(members)
                members.append(np.array([u], dtype=np.int64))
                maps.append(np.arange(len(search.unary[u]), dtype=np.int64)[None, :])
        self.var_of = var_of
        self.members = members
        self.maps = maps
        nv = len(members)
        self.num_vars = nv
        unary = [np.zeros(t.shape[1], dtype=np.int64) for t in maps]
        pair: dict[tuple[int, int], np.ndarray] = {}
        row_of = {}
        for v, mem in enumerate(members):
            for r, x in enumerate(mem):
                row_of[int(x)] = r
        for v, mem in enumerate(members):
            tv = maps[v]
            for r, x in enumerate(mem):
                x = int(x)
                unary[v] = np.minimum(unary[v] + search.unary[x][tv[r]], FORBIDDEN)
                for inc in search.incident[x]:
                    y = inc.other
                    w = int(var_of[y])
                    if w == v:
                        if y > x:
                            unary[v] = np.minimum(unary[v] + inc.matrix[tv[r], tv[row_of[y]]], FORBIDDEN)
                        continue
                    if w < v:
                        continue
                    block = inc.matrix[np.ix_(tv[r], maps[w][row_of[y]])]
                    key = (v, w)
                    pair[key] = block if key not in pair else np.minimum(pair[key] + block, FORBIDDEN)
        self.unary = [np.where(u >= PENALTY, np.minimum(u, PENALTY * 4), u) for u in unary]
        self.incident: list[list[VarIncident]] = [[] for _ in range(nv)]
        for (v, w), m in pair.items():
            self.incident[v].append(VarIncident(m, w))
            self.incident[w].append(VarIncident(m.T, v))
        # memory: per var, the members that matter (interval, usage per var strategy)
        self.mem: list[list[tuple[int, int, np.ndarray]]] = [[] for _ in range(nv)]
        for v, mem in enumerate(members):
            for r, x in enumerate(mem):
                for lo, hi, usages in search.mem[int(x)]:
                    self.mem[v].append((lo, hi, usages[maps[v][r]]))
        #: per var, its pair terms with other vars (interval, usage [S_var, S_other], other var)
        self.pairs: list[list[PairTerm]] = [[] for _ in range(nv)]
        for v, mem in enumerate(members):
            for r, x in enumerate(mem):
                for lo, hi, usages, y in search.pairs[int(x)]:
                    w = int(var_of[y])
                    if w == v:
                        if y > x:
                            self.mem[v].append((lo, hi, usages[maps[v][r], maps[v][row_of[y]]]))
                    elif w > v:
                        block = usages[np.ix_(maps[v][r], maps[w][row_of[y]])]
                        self.pairs[v].append((lo, hi, block, w))
                        self.pairs[w].append((lo, hi, block.T, v))
        self.mem_vars = np.array([bool(m) or bool(p) for m, p in zip(self.mem, self.pairs)], dtype=bool)

    # ----- assignments
    def from_nodes(self, assignment: np.ndarray) -> np.ndarray:
        """Variable strategies matching a node assignment (a group that disagrees takes its least-usage strategy)."""
        out = np.zeros(self.num_vars, dtype=np.int64)
        for v, mem in enumerate(self.members):
            t = self.maps[v]
            hit = np.flatnonzero(np.all(t == assignment[mem][:, None], axis=0))
            if len(hit):
                out[v] = int(hit[0])
            else:  # least usage first (so memory stays as low as it can), then cheapest
                usage = np.zeros(t.shape[1], dtype=np.int64)
                for _, _, us in self.mem[v]:
                    usage += us
                out[v] = int(np.lexsort((self.unary[v], usage))[0])
        return out

    def to_nodes(self, var_assignment: np.ndarray) -> np.ndarray:
        out = np.zeros(len(self.var_of), dtype=np.int64)
        for v, mem in enumerate(self.members):
            out[mem] = self.maps[v][:, var_assignment[v]]
        return out

    def load(self, var_assignment: np.ndarray) -> np.ndarray:
        return self.search.load(self.to_nodes(var_assignment))

    # ----- costs and moves
    def cost(self, a: np.ndarray) -> int:
        total = sum(int(self.unary[v][a[v]]) for v in range(self.num_vars))
        for v in range(self.num_vars):
            for inc in self.incident[v]:
                if inc.other > v:
                    total += int(inc.matrix[a[v], a[inc.other]])
        return total

    def delta(self, a: np.ndarray, changes: dict[int, int]) -> int:
        return cost_delta(self.unary, self.incident, a, changes)

    def apply(self, v: int, s: int, a: np.ndarray, load: np.ndarray) -> None:
        old = a[v]
        if s == old:
            return
        for lo, hi, us in self.mem[v]:
            load[lo:hi] += us[s] - us[old]
        for lo, hi, us, w in self.pairs[v]:
            load[lo:hi] += us[s, a[w]] - us[old, a[w]]
        a[v] = s

    def allowed(self, a: np.ndarray, load: np.ndarray, window: list[int]) -> dict[int, np.ndarray]:
        """Per window position with memory members: the strategies keeping every member within its share of
        the slack at its live times (shares split among the window's members live there)."""
        out: dict[int, np.ndarray] = {}
        if self.limit is None:
            return out
        # a pair term with a var outside the window counts with that var's strategy; one inside is bounded on the
        # window's edge (`window_dp._bound_inner_pairs`), and the move is checked exactly afterwards
        inside = set(window)
        items = [(k, lo, hi, us) for k, v in enumerate(window) for lo, hi, us in self.mem[v]]
        items += [(k, lo, hi, us[:, a[w]]) for k, v in enumerate(window) for lo, hi, us, w in self.pairs[v]
                  if w not in inside]
        if not items:
            return out
        ivs = np.array([(lo, hi) for _, lo, hi, _ in items], dtype=np.int64)
        for k, lo, hi, us in items:
            overlaps = int(np.count_nonzero((ivs[:, 0] < hi) & (ivs[:, 1] > lo)))
            slack = max(0, self.limit - int(load[lo:hi].max()))
            cap = int(us[a[window[k]]]) + slack // overlaps
            ok = us <= cap
            out[k] = ok if k not in out else (out[k] & ok)
        return out
