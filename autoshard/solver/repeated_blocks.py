"""Repeated layers: find the blocks of a `StrategyGraph` that repeat (the layers of a deep model) and fold the graph
onto one block of each kind, for a lower bound and a plan for the whole graph.

A model with N identical layers gives a graph whose node sequence (program order) contains runs where node i and
node i + p look alike: the same strategy costs and the same incident edge matrices. The layer count is the largest
instance count whose runs cover a good share of the graph; each run is cut into instances of its period p (at the
phase that cuts fewest edges), and instances of different runs linked one to one (the forward pass of layer k, its
backward pass, its parameters and optimizer update) are joined into one block. Nodes and small blocks whose
neighbours all lie in one block join it (a layer's parameter results). Blocks whose node costs and internal edges
are exactly equal, node for node in canonical order, form one class.

The bound: the dual ascent of the folded problem (below), its potentials spread over the copies (`dual_bound.Diffusion.lift`), is a reparametrization of the
whole graph, hence a bound on it, close to the whole graph's own wherever the graph repeats the fold; a few passes
settle the ends of each run (see the repeat phase).

The plan: `fold` gives the problem where every copy of a block makes the same choices (one copy per class, carrying
the costs of all); `RepeatedBlocks.unfold` turns its solution into a plan for the whole graph.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.solver.disjoint_sets import DisjointSets
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph, clip_forbidden

#: fewest instances for a run to count as repeated layers
MIN_REPEATS = 3
#: longest period searched (nodes per repeated unit)
MAX_PERIOD = 4096
#: periods tried (the most frequent gaps between alike nodes)
CANDIDATE_PERIODS = 64
#: gaps counted from each node: to the next this many alike nodes
NEXT_OCCURRENCES = 4
#: least share of the nodes the runs of the layer count must cover
LAYER_COVERAGE = 0.25
#: entries sampled from a matrix for its signature (the exact comparison comes later)
SAMPLED_ENTRIES = 61


@dataclass(frozen=True)
class BlockClass:
    """Blocks with equal node costs and internal edges: `members[k][i]` is the graph node at canonical position `i`
    of member `k`; `graph` is the block as a problem of its own (memory limit dropped)."""

    members: tuple[np.ndarray, ...]
    graph: StrategyGraph


@dataclass(frozen=True)
class RepeatedBlocks:
    """A partition of a graph's nodes into block classes, with the edges between blocks."""

    classes: tuple[BlockClass, ...]
    #: indices into `graph.edges` of the edges whose ends lie in different blocks
    cut_edges: tuple[int, ...]
    #: nodes in blocks of a class with more than one member
    repeated_nodes: int

    def folded_index(self, num_nodes: int) -> np.ndarray:
        """The node of `fold(graph, self)` each of the graph's nodes is a copy of."""
        out = np.empty(num_nodes, dtype=np.int64)
        start = 0
        for cls in self.classes:
            for pos in range(cls.graph.num_nodes):
                out[[m[pos] for m in cls.members]] = start + pos
            start += cls.graph.num_nodes
        return out

    def unfold(self, num_nodes: int, folded_assignment: Sequence[int]) -> np.ndarray:
        """The whole graph's assignment from one of `fold(graph, self)`: every block takes its class's choices."""
        out = np.zeros(num_nodes, dtype=np.int64)
        start = 0
        for cls in self.classes:
            plan = np.asarray(folded_assignment[start : start + cls.graph.num_nodes], dtype=np.int64)
            start += cls.graph.num_nodes
            for nodes in cls.members:
                out[nodes] = plan
        return out


def find_repeated_blocks(graph: StrategyGraph, min_repeats: int = MIN_REPEATS) -> RepeatedBlocks | None:
    """The graph's repeated blocks, or None when fewer than `min_repeats` copies of any block repeat."""
    n = graph.num_nodes
    if n < 2 * min_repeats:
        return None
    sig = _node_signatures(graph)
    ends = np.array([(min(e.u, e.v), max(e.u, e.v)) for e in graph.edges], dtype=np.int64).reshape(-1, 2).T
    runs = [_align(ends, run) for run in _select_runs(sig, min_repeats)]
    runs = [r for r in runs if r[2] >= min_repeats]
    if not runs:
        return None
    unit_of = np.full(n, -1, dtype=np.int64)  # instance id of each node
    units: list[tuple[int, int, int]] = []  # (run id, start, period)
    for r, (start, period, count) in enumerate(runs):
        for k in range(count):
            lo = start + k * period
            unit_of[lo : lo + period] = len(units)
            units.append((r, lo, period))
    linked = DisjointSets(len(units))
    _link_units(graph, runs, units, unit_of, linked)
    joined: dict[int, list[int]] = defaultdict(list)
    for u in sorted(range(len(units)), key=lambda u: units[u][:2]):  # canonical order: by run, then position
        joined[linked.find(u)].append(u)
    blocks = [np.concatenate([np.arange(units[u][1], units[u][1] + units[u][2]) for u in us]) for us in joined.values()]
    outside = unit_of < 0
    blocks = _absorb_satellites(graph, blocks, outside)
    blocks += _components(graph, outside)
    same = _Equality(graph)
    classes = _classes(graph, blocks, same)
    if not any(len(c.members) >= min_repeats for c in classes):
        return None
    # blocks that repeat nowhere join the nodes outside the repeats: fewer cut edges, same exact solves
    pool = np.zeros(n, dtype=bool)
    for c in classes:
        if len(c.members) == 1:
            pool[c.members[0]] = True
    classes = [c for c in classes if len(c.members) > 1] + _classes(graph, _components(graph, pool), same)
    block_index = np.empty(n, dtype=np.int64)
    for i, nodes in enumerate(m for c in classes for m in c.members):
        block_index[nodes] = i
    cut = tuple(i for i, e in enumerate(graph.edges) if block_index[e.u] != block_index[e.v])
    repeated = sum(len(c.members) * c.graph.num_nodes for c in classes if len(c.members) > 1)
    return RepeatedBlocks(tuple(classes), cut, repeated)


def _absorb_satellites(graph: StrategyGraph, blocks: list[np.ndarray], outside: np.ndarray) -> list[np.ndarray]:
    """Blocks and outside nodes whose neighbours all lie in one larger block join it (e.g. a layer's parameter
    results, tied to its arguments), after its nodes, ordered by their neighbours' positions there; repeated until
    nothing joins. Returns the blocks left; `outside` loses the nodes that joined one."""
    n = graph.num_nodes
    costs = [c.tobytes() for c in graph.node_costs]
    group = np.full(n, -1, dtype=np.int64)
    members: dict[int, list[int]] = {}
    for b, nodes in enumerate(blocks):
        group[nodes] = b
        members[b] = [int(v) for v in nodes]
    for v in np.flatnonzero(outside):
        group[v] = len(members)
        members[len(members)] = [int(v)]
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for e in graph.edges:
        if e.u != e.v:
            adjacency[e.u].append(e.v)
            adjacency[e.v].append(e.u)
    changed = True
    while changed:
        changed = False
        for g in sorted(members, key=lambda g: len(members[g])):
            if g not in members:
                continue
            nodes = members[g]
            owners = {int(group[w]) for v in nodes for w in adjacency[v]} - {g}
            if len(owners) != 1:
                continue
            h = owners.pop()
            if len(members[h]) <= len(nodes):
                continue
            position = {v: i for i, v in enumerate(members[h])}
            # (the node's own costs break ties: signatures are hashes, which vary between processes)
            key = {v: (tuple(sorted(position.get(w, -1) for w in adjacency[v])), costs[v], v) for v in nodes}
            members[h] = members[h] + sorted(nodes, key=lambda v: key[v])
            group[nodes] = h
            del members[g]
            changed = True
    kept: list[np.ndarray] = []
    outside[:] = False
    for g, nodes in members.items():
        if g >= len(blocks) and len(nodes) == 1:  # an outside node that joined nothing (and took no one in)
            outside[nodes[0]] = True
        else:
            kept.append(np.asarray(nodes, dtype=np.int64))
    return kept


def _components(graph: StrategyGraph, mask: np.ndarray) -> list[np.ndarray]:
    """The connected components (node order) of the nodes in `mask`, through edges between them."""
    sets = DisjointSets(graph.num_nodes)
    for e in graph.edges:
        if mask[e.u] and mask[e.v]:
            sets.union(e.u, e.v)
    groups: dict[int, list[int]] = defaultdict(list)
    for v in np.flatnonzero(mask):
        groups[sets.find(int(v))].append(int(v))
    return [np.asarray(g, dtype=np.int64) for g in groups.values()]


def _matrix_signature(m: np.ndarray) -> int:
    flat = m.reshape(-1)
    step = max(1, flat.size // SAMPLED_ENTRIES)
    return hash((m.shape, flat[::step].tobytes()))


def _node_signatures(graph: StrategyGraph) -> np.ndarray:
    """A hash per node of its strategy costs and its incident edge matrices (with their direction)."""
    incident: list[list[int]] = [[] for _ in range(graph.num_nodes)]
    seen: dict[int, int] = {}
    for e in graph.edges:
        key = id(e.costs)
        if key not in seen:
            seen[key] = _matrix_signature(e.costs)
        s = seen[key]
        incident[e.u].append(hash((0, s)))
        incident[e.v].append(hash((1, s)))
    return np.array(
        [hash((c.tobytes(), tuple(sorted(inc)))) for c, inc in zip(graph.node_costs, incident)], dtype=np.int64
    )


def _likely_periods(sig: np.ndarray, longest: int) -> list[int]:
    """The gaps between a node and the next `NEXT_OCCURRENCES` ones with its signature, most frequent first (at
    most `CANDIDATE_PERIODS`): a layer's period shows up once per node of the layer, also where a layer holds
    several alike parts (an optimizer's update of two same-shaped weights) whose own gap comes first."""
    order = np.lexsort((np.arange(len(sig)), sig))
    gaps = np.concatenate([(order[k:] - order[:-k])[sig[order[k:]] == sig[order[:-k]]]
                           for k in range(1, min(NEXT_OCCURRENCES, len(sig) - 1) + 1)])
    gaps = gaps[(gaps > 0) & (gaps <= longest)]
    if not len(gaps):
        return []
    counts = np.bincount(gaps)
    periods = np.argsort(-counts, kind="stable")[:CANDIDATE_PERIODS]
    return sorted(int(p) for p in periods if counts[p] > 0)


def _select_runs(sig: np.ndarray, min_repeats: int) -> list[tuple[int, int, int]]:
    """Disjoint periodic runs of the signature sequence as (start, period, instances), most nodes first."""
    n = len(sig)
    candidates = []
    for p in _likely_periods(sig, min(MAX_PERIOD, n // min_repeats)):
        eq = np.concatenate(([False], sig[:-p] == sig[p:], [False]))
        bounds = np.flatnonzero(np.diff(eq.astype(np.int8)))
        lo, hi = bounds[::2], bounds[1::2]
        counts = (hi - lo) // p + 1  # sig[i] == sig[i + p] on [lo, hi): instances cover [lo, hi + p)
        for start, count in zip(lo[counts >= min_repeats], counts[counts >= min_repeats]):
            candidates.append((int(count) * p, p, int(start), int(count)))
    # the layer count is the largest instance count whose runs cover a good share of the nodes (a run of period p
    # also shows as one of period 2p with half the instances, and Adam's parameters, moments and velocities as one
    # of 3); runs with that count come first, so that a region repeating per layer is not taken by a coarser
    # pattern over it
    coverage: dict[int, int] = defaultdict(int)
    for covered, _p, _lo, count in candidates:
        coverage[count] += covered
    layers = max((c for c in coverage if coverage[c] >= LAYER_COVERAGE * n), default=0)
    candidates.sort(key=lambda c: (c[3] != layers, -c[0], c[1], c[2]))
    taken = np.zeros(n, dtype=bool)
    runs = []
    for _covered, p, lo, count in candidates:
        # keep the instances that do not overlap a run already taken
        free = [k for k in range(count) if not taken[lo + k * p : lo + (k + 1) * p].any()]
        if len(free) < min_repeats or len(free) != free[-1] - free[0] + 1:
            continue
        start = lo + free[0] * p
        runs.append((start, p, len(free)))
        taken[start : start + len(free) * p] = True
    return runs


def _align(ends: np.ndarray, run: tuple[int, int, int]) -> tuple[int, int, int]:
    """The run cut at the phase that crosses fewest edges (dropping one instance when it moves the cut); `ends` holds
    each edge's lower and higher node."""
    start, p, count = run
    u, v = ends[0], ends[1]
    inside = (u >= start) & (v < start + count * p) & (v - u < p) & (u != v)  # longer edges cross every phase
    u, d = u[inside], (v - u)[inside]
    first = (u + 1 - start) % p  # phases o in [first, first + d) (mod p) put a cut between u and v
    crossings = np.zeros(2 * p + 1, dtype=np.int64)
    np.add.at(crossings, first, 1)
    np.add.at(crossings, first + d, -1)
    per_phase = np.cumsum(crossings)[: 2 * p]
    per_phase = per_phase[:p] + per_phase[p:]
    best = int(np.argmin(per_phase))
    if per_phase[best] >= per_phase[0]:
        return run
    return start + best, p, count - 1


def _link_units(graph: StrategyGraph, runs: list[tuple[int, int, int]], units: list[tuple[int, int, int]],
                unit_of: np.ndarray, linked: DisjointSets) -> None:
    """Join (in `linked`) instances of different runs that are linked one to one, in order or reversed (a layer's
    forward and backward pass, its parameters)."""
    first_unit = []
    total = 0
    for _start, _p, count in runs:
        first_unit.append(total)
        total += count
    run_of_unit = np.array([u[0] for u in units], dtype=np.int64)
    links: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
    for e in graph.edges:
        a, b = int(unit_of[e.u]), int(unit_of[e.v])
        if a < 0 or b < 0 or run_of_unit[a] == run_of_unit[b]:
            continue
        ra, rb = int(run_of_unit[a]), int(run_of_unit[b])
        if ra > rb:
            ra, rb, a, b = rb, ra, b, a
        links[(ra, rb)].add((a - first_unit[ra], b - first_unit[rb]))
    for (ra, rb), pairs in sorted(links.items()):
        if len({k for k, _ in pairs}) != len(pairs) or len({j for _, j in pairs}) != len(pairs):
            continue  # not one to one
        if len({j - k for k, j in pairs}) == 1 or len({j + k for k, j in pairs}) == 1:
            for k, j in pairs:
                linked.union(first_unit[ra] + k, first_unit[rb] + j)


class _Equality:
    """Exact equality of node costs and edge matrices, each pair of distinct matrices compared once."""

    def __init__(self, graph: StrategyGraph):
        self.graph = graph
        self.cost_bytes = [c.tobytes() for c in graph.node_costs]
        self.matrices: dict[tuple[int, int], bool] = {}

    def blocks(self, a: np.ndarray, b: np.ndarray, ea: list, eb: list) -> bool:
        """Whether blocks `a` and `b` (canonical order) with internal edges `ea`, `eb` (same local pattern) are
        equal."""
        if any(self.cost_bytes[x] != self.cost_bytes[y] for x, y in zip(a, b)):
            return False
        for (_, _, i), (_, _, j) in zip(ea, eb):
            m, k = self.graph.edges[i].costs, self.graph.edges[j].costs
            if m is k:
                continue
            key = (id(m), id(k))
            if key not in self.matrices:
                small = m.size <= 4096 and m.flags.c_contiguous and k.flags.c_contiguous
                # memoryview comparison has far less overhead on small matrices
                self.matrices[key] = m.shape == k.shape and (memoryview(m) == memoryview(k) if small
                                                             else bool(np.array_equal(m, k)))
            if not self.matrices[key]:
                return False
        return True


def _classes(graph: StrategyGraph, blocks: list[np.ndarray], same: _Equality) -> list[BlockClass]:
    """Group blocks whose node costs and internal edges are exactly equal (canonical order)."""
    block_index = np.full(graph.num_nodes, -1, dtype=np.int64)
    for i, nodes in enumerate(blocks):
        block_index[nodes] = i
    internal: list[list[int]] = [[] for _ in blocks]
    for i, e in enumerate(graph.edges):
        if block_index[e.u] == block_index[e.v] >= 0:
            internal[block_index[e.u]].append(i)
    reps: dict[tuple, list[tuple[int, list[int]]]] = defaultdict(list)  # shape key -> [(rep block, members)]
    local_edges: list[list[tuple[int, int, int]]] = []
    for b, nodes in enumerate(blocks):
        pos = {int(v): i for i, v in enumerate(nodes)}
        local = sorted((pos[graph.edges[i].u], pos[graph.edges[i].v], i) for i in internal[b])
        local_edges.append(local)
        key = (tuple(len(graph.node_costs[v]) for v in nodes), tuple((u, v) for u, v, _ in local))
        for rep, group in reps[key]:
            if same.blocks(blocks[rep], nodes, local_edges[rep], local):
                group.append(b)
                break
        else:
            reps[key].append((b, [b]))
    classes = []
    for groups in reps.values():
        for rep, group in groups:
            nodes = blocks[rep]
            sub = StrategyGraph.build(
                [graph.node_costs[v] for v in nodes],
                edges=[(u, v, graph.edges[i].costs) for u, v, i in local_edges[rep]],
                node_names=[graph.node_names[v] for v in nodes] if graph.node_names else None,
            )
            classes.append(BlockClass(tuple(blocks[b] for b in group), sub))
    return classes


def fold(graph: StrategyGraph, blocks: RepeatedBlocks) -> StrategyGraph:
    """The problem restricted to plans where every block of a class makes the same choices: one node per class and
    canonical position, carrying the costs of all its copies; edges map onto the copies' nodes (parallel ones add
    up, ones inside a copy's position become node costs). Its optimum is the cheapest such plan (memory limit
    dropped); `RepeatedBlocks.unfold` turns its solution back into the whole graph's."""
    folded_of = blocks.folded_index(graph.num_nodes)
    costs: list[np.ndarray] = []
    names: list[str] = []
    merged: dict[tuple[int, int], np.ndarray] = {}

    def add(a: int, b: int, m: np.ndarray) -> None:
        if a == b:
            costs[a] = clip_forbidden(costs[a] + np.diagonal(m))
            return
        key, m = ((a, b), m) if a < b else ((b, a), m.T)
        merged[key] = clip_forbidden(merged[key] + m) if key in merged else m

    for cls in blocks.classes:
        first = len(costs)
        copies = len(cls.members)  # equal costs (checked when the class was formed): scale one copy
        for pos in range(cls.graph.num_nodes):
            costs.append(_times(cls.graph.node_costs[pos], copies))
            if graph.node_names:
                names.append(graph.node_names[int(cls.members[0][pos])])
        for e in cls.graph.edges:
            add(first + e.u, first + e.v, _times(e.costs, copies))
    for i in blocks.cut_edges:
        e = graph.edges[i]
        add(int(folded_of[e.u]), int(folded_of[e.v]), e.costs)
    return StrategyGraph.build(costs, edges=[(a, b, m) for (a, b), m in merged.items()],
                               node_names=names or None, name=f"{graph.name} (repeats folded)")


def _times(values: np.ndarray, copies: int) -> np.ndarray:
    """`values * copies`, saturating at `FORBIDDEN`."""
    if copies == 1:
        return values
    return np.where(values >= FORBIDDEN // copies, FORBIDDEN, values * copies)
