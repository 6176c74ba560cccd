"""Turn a plan graph into the solver's integer `StrategyGraph` and read a solution back.

Seconds become integer units of `COST_UNIT_S`; node costs and edge matrices are weighted by trip counts;
memory is bytes per device over each node's live interval as XLA lays buffers out (`memory_accounting`:
arguments and outputs held all step, temporaries from definition to last use), and each op's transient buffers
(`transient_bytes`: partial sums, operand copies) as usage pieces of its own, and the buffer an edge's operand is
resharded into for its reader (`reshard_buffer_bytes`, depending on both ends' strategies) as a pair piece over
the reader's positions, all over the half steps the full accounting counts in (`plan_live_values`: 2p is the op at
position p, 2p + 1 the moment after it); strategies outside a node's `allowed` set cost `FORBIDDEN`.

The full accounting holds one buffer per distinct reshard of a value from its first reader to its last, a term of
the producer's and every reader's choice. The pair pieces hold one per reader over that reader's positions, and
between two reads in a row the buffer of one of the two readers (`reshard_pair_pieces`): exact for readers that
reshard alike; where they read otherwise, over or under the report by one reader's buffer unless the pieces are
made exact for a plan (`around`). Where reads overlap, the pieces hold more than the report.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.errors import UserError
from autoshard.planner.edge_costs import EdgeCostTable
from autoshard.planner.plan_graph import NodeKind, PlanEdge, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.fusion_groups import slice_fusing_nodes
from autoshard.planner.xla_model.memory_accounting import (
    GraphLiveness, fixed_bytes, node_interval, node_usage, operand_producers, reshard_buffer_bytes, reshard_read,
    reshard_writes_buffer, reshard_written_at, solver_liveness, transient_bytes, transient_span,
)
from autoshard.sharding import Mesh
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph

#: One solver cost unit in seconds (0.1 ns): fine enough for tiny ops, coarse enough for int64 sums.
COST_UNIT_S = 1e-10
#: The most strategy pairs one edge's cost matrix may hold: each pair is a reshard priced in Python and a
#: matrix entry (a 4-axis mesh gives an attention dot thousands of strategies, tens of millions of pairs)
MAX_EDGE_STRATEGY_PAIRS = 4_000_000
#: The most strategy pairs all edges together may hold: an int64 matrix entry each, and the bound's float copy of
#: it (16 bytes a pair: 16 GB at this limit; a 3B-parameter step on a 4-axis mesh, axis by axis, has 3.9 billion)
MAX_STRATEGY_PAIRS = 1_000_000_000


class SearchSpaceTooLarge(UserError):
    """The strategies of the plan graph on this mesh make an edge cost matrix too large to price."""


def require_priceable_edges(graph: PlanGraph, mesh: Mesh) -> None:
    """Raise `SearchSpaceTooLarge` before pricing an edge whose strategy pairs exceed `MAX_EDGE_STRATEGY_PAIRS`, or
    edges whose pairs together exceed `MAX_STRATEGY_PAIRS`, naming the largest edge and what to do instead."""
    nodes = graph.nodes
    pairs_of = [len(nodes[e.producer].strategies) * len(nodes[e.consumer].strategies) for e in graph.edges]
    if not pairs_of:
        return
    k = max(range(len(pairs_of)), key=pairs_of.__getitem__)
    a, b = nodes[graph.edges[k].producer], nodes[graph.edges[k].consumer]
    total = sum(pairs_of)
    if pairs_of[k] <= MAX_EDGE_STRATEGY_PAIRS and total <= MAX_STRATEGY_PAIRS:
        return
    edge = (f"the edge from {a.label} (node {a.index}, {len(a.strategies)} strategies) to {b.label} (node "
            f"{b.index}, {len(b.strategies)} strategies)")
    why = (f"{edge} has {pairs_of[k]:,} strategy pairs to price, at most {MAX_EDGE_STRATEGY_PAIRS:,} are"
           if pairs_of[k] > MAX_EDGE_STRATEGY_PAIRS else
           f"its {len(pairs_of):,} edges have {total:,} strategy pairs to price, at most {MAX_STRATEGY_PAIRS:,} are "
           f"(the largest: {edge})")
    raise SearchSpaceTooLarge(
        f"the search space is too large on mesh {mesh} ({len(mesh.axes)} axes): {why}; plan on a mesh with fewer "
        f"axes (merge neighbouring axes that share a link into one)")


def to_units(seconds: float) -> int:
    return int(round(seconds / COST_UNIT_S))


def half_steps_of(interval: tuple[int, int]) -> tuple[int, int]:
    """The half-open half steps of a half-open interval of positions: the ops at its positions, not the moment after
    its last (where `plan_live_values` counts a value last read there as dead)."""
    lo, hi = interval
    return (2 * lo, 2 * hi - 1) if hi > lo else (2 * lo, 2 * lo)


def transient_pieces(node: PlanNode, mesh: Mesh, liveness: GraphLiveness, operand_of: dict[tuple[int, int], int],
                     cache: dict[tuple, dict[str, np.ndarray]]) -> list[tuple[np.ndarray, tuple[int, int]]]:
    """The node's transient buffers (`transient_bytes`, one piece per kind) as usage pieces: bytes per strategy,
    over the half-open half steps [first, last + 1) of `transient_span`. `cache` holds the bytes per shared
    strategy list (read-only)."""
    if node.kind in (NodeKind.ARGUMENT, NodeKind.RESULT) or node.index in liveness.merged:
        return []  # XLA does not compute a merged node: no partial sums, no operand copies
    key = (id(node.strategies), node.label, tuple(p for p in range(len(node.inputs)) if (node.index, p) in liveness.copied))
    by_kind = cache.get(key)
    if by_kind is None:
        by_kind = cache[key] = {}
        for k, strategy in enumerate(node.strategies):
            for kind, nbytes in transient_bytes(node, strategy, mesh, liveness):
                by_kind.setdefault(kind, np.zeros(len(node.strategies), dtype=np.int64))[k] = nbytes
        for usages in by_kind.values():
            usages.setflags(write=False)
    pieces = []
    for kind, usages in by_kind.items():
        first, last = transient_span(node, kind, liveness, operand_of)
        pieces.append((usages, (first, last + 1)))
    return pieces


def reshard_pair_pieces(graph: PlanGraph, mesh: Mesh, liveness: GraphLiveness, around: Sequence[int] | None = None
                        ) -> list[tuple[int, int, np.ndarray, tuple[int, int]]]:
    """Per edge whose reader may read its operand resharded: (producer, consumer, bytes of the reshard buffer per
    pair of their strategies, the reader's half steps). Matrices are shared between same-signature edges
    (read-only).

    Readers of one value that reshard it alike share one buffer from the first read to the last (`_reshard_buffers`:
    a weight gathered for the forward pass and held until the backward pass reads it again), a term of the
    producer's and every reader's choice. Between two reads in a row it is held, as a pair piece with the producer,
    by one of the two readers: the earlier one (its buffer held until the next read), exact where the two read alike
    or the earlier one reads the value as it is; or, with a plan `around`, whichever of these is exact for that plan
    (`_gap_piece`): the earlier one, the later one (exact where the later one reads the value as it is), or the two
    readers where they reshard alike from the producer's sharding in `around` (exact for any plan that keeps it).
    A reshard written before its read (`reshard_written_at`) is held from there instead (`_written_early_pieces`),
    and takes its place among the reads from there (a weight gathered at the step's start for the forward pass and
    read again by the backward pass's recomputation holds one buffer in between). With a plan `around`, a read the
    plan makes without a buffer holds nothing over its reads' span (an update reading the weight as it is, written
    early too, does not keep the gathered buffer between the reads around it)."""
    slice_fusing = graph.derived("slice fusing nodes", slice_fusing_nodes)
    ids: dict = {}  # shardings interned to ints
    cache: dict[tuple, np.ndarray | None] = {}
    out = []
    reads: dict[tuple[int, int], list[tuple[tuple[int, int], PlanEdge, np.ndarray]]] = {}  # per value, its reads
    early: dict[tuple[int, int], list[tuple[tuple[int, int], PlanEdge, np.ndarray]]] = {}  # reshards written early
    written_early: set[int] = set()  # their edges' ids (their own pieces are `_written_early_pieces`')
    for e in graph.edges:
        span = reshard_read(graph, e, liveness)
        if span is None:
            continue
        producer, consumer = graph.nodes[e.producer], graph.nodes[e.consumer]
        info = graph.moved(e.producer, e.out_port)
        key = (id(producer.strategies), e.out_port, id(consumer.strategies), e.in_port, info,
               liveness.origin(e.producer, e.out_port) in liveness.fused, e.consumer in slice_fusing)
        if key not in cache:
            cache[key] = _reshard_matrix(graph, e, mesh, liveness, slice_fusing, ids)
        matrix = cache[key]
        if matrix is None:
            continue
        written = reshard_written_at(graph, e, liveness)
        if written is not None:  # held from where it is written, before the read
            early.setdefault((e.producer, e.out_port), []).append(((written, span[1]), e, matrix))
            written_early.add(id(e))
            # between it and a later read resharding alike, one buffer is held too (a weight gathered at the step's
            # start for the forward pass and read again by the backward pass's recomputation)
            reads.setdefault((e.producer, e.out_port), []).append(((written, span[1]), e, matrix))
            continue
        out.append((e.producer, e.consumer, matrix, (2 * span[0], 2 * span[1] + 1)))
        reads.setdefault((e.producer, e.out_port), []).append((span, e, matrix))
    for value_reads in early.values():
        out.extend(_written_early_pieces(graph, value_reads, around))
    for (producer, port), value_reads in reads.items():
        value_reads.sort(key=lambda read: read[0])
        in_plan = None if around is None else _ReadsInPlan.of(graph, value_reads, around)
        since = -1  # one past the half steps of the reads so far holding a buffer (-1: none yet)
        for k, ((at, until), e, matrix) in enumerate(value_reads):
            if k and 0 <= since < 2 * at:
                u, v, held = _gap_piece(graph, value_reads, k, in_plan)
                if u != v:  # a loop's carried value read by the loop itself holds no buffer apart
                    out.append((u, v, held, (since, 2 * at)))
                since = 2 * at
            if in_plan is not None and 0 < k < len(value_reads) - 1 and id(e) not in written_early:
                piece = _read_piece(value_reads, k, in_plan)
                if piece is not None and piece[0] != piece[1]:
                    out.append((*piece, (2 * at, 2 * until + 1)))
            if in_plan is None or in_plan.held[k]:  # a read the plan makes without a buffer holds none over it
                since = max(since, 2 * until + 1)
    return out


@dataclass(frozen=True)
class _ReadsInPlan:
    """The reads of one value (in read order) as a plan makes them: the producer's strategy and sharding
    (`source`), and per read its reader's strategy, the sharding it reads in (`targets`) and the bytes of its
    reshard buffer (`held`)."""

    producer_strategy: int
    source: object
    strategies: tuple[int, ...]
    targets: tuple[object, ...]
    held: tuple[int, ...]

    @staticmethod
    def of(graph: PlanGraph, value_reads: Sequence[tuple[tuple[int, int], PlanEdge, np.ndarray]],
           plan: Sequence[int]) -> _ReadsInPlan:
        edge = value_reads[0][1]
        return _ReadsInPlan(
            plan[edge.producer], graph.nodes[edge.producer].strategies[plan[edge.producer]].outputs[edge.out_port],
            tuple(plan[e.consumer] for _, e, _ in value_reads),
            tuple(_target(graph, e, plan[e.consumer]) for _, e, _ in value_reads),
            tuple(int(m[plan[e.producer], plan[e.consumer]]) for _, e, m in value_reads))

    def shared(self, before: int, after: int) -> int:
        """Bytes of the shared reshard buffers alive between reads `before - 1` and `after`: one per target read
        both at or before the one and at or after the other, where a reshard into it writes a buffer."""
        earlier = set(self.targets[:before])
        kept = {t: held for t, held in zip(self.targets[after:], self.held[after:])
                if t != self.source and t in earlier and held}
        return sum(kept.values())


def _target(graph: PlanGraph, edge: PlanEdge, strategy: int) -> object:
    """The sharding `edge`'s reader reads its operand in under its `strategy`."""
    return graph.nodes[edge.consumer].strategies[strategy].inputs[edge.in_port]


def _read_piece(value_reads: Sequence[tuple[tuple[int, int], PlanEdge, np.ndarray]], k: int, in_plan: _ReadsInPlan
                ) -> tuple[int, int, np.ndarray] | None:
    """Where read `k` of a value reads it otherwise than readers before and after it that reshard it alike, the
    shared buffer alive over read `k` as a pair piece exact for the plan (the previous or the next reader's buffer,
    with the producer); None where there is none or neither gives it."""
    if in_plan.targets[k] in in_plan.targets[:k]:
        return None  # read k's own piece holds the buffer it shares
    shared = in_plan.shared(k, k + 1)
    if not shared:
        return None
    for neighbour in (k - 1, k + 1):
        if in_plan.held[neighbour] == shared:
            _, edge, matrix = value_reads[neighbour]
            return edge.producer, edge.consumer, matrix
    return None


def _written_early_pieces(graph: PlanGraph, value_reads: Sequence[tuple[tuple[int, int], PlanEdge, np.ndarray]],
                          around: Sequence[int] | None) -> list[tuple[int, int, np.ndarray, tuple[int, int]]]:
    """The pair pieces of a value's reshards written before their reads (`reshard_written_at`): each reader's
    buffer, with the producer, from where it is written to the read. Readers that reshard alike share one buffer
    (`_reshard_buffers`); with a plan `around`, a reader's piece is left out where a later reader shares its buffer
    in that plan (exact for it); without one, every reader's is held (at most the shared buffer more per alike
    reader, before its read)."""
    value_reads = sorted(value_reads, key=lambda read: read[0][1])
    in_plan = None if around is None else _ReadsInPlan.of(graph, value_reads, around)
    out = []
    for k, ((written, until), e, matrix) in enumerate(value_reads):
        if in_plan is not None and in_plan.held[k] and any(
                target == in_plan.targets[k] and held
                for target, held in zip(in_plan.targets[k + 1:], in_plan.held[k + 1:])):
            continue  # a later reader holds the buffer they share, from where it is written
        out.append((e.producer, e.consumer, matrix, (2 * written, 2 * until + 1)))
    return out


def _gap_piece(graph: PlanGraph, value_reads: Sequence[tuple[tuple[int, int], PlanEdge, np.ndarray]], k: int,
               in_plan: _ReadsInPlan | None) -> tuple[int, int, np.ndarray]:
    """The pair piece (two nodes and bytes per pair of their strategies) holding the value's shared reshard buffer
    between reads `k - 1` and `k` (`reshard_pair_pieces`): the earlier reader's buffer, with the producer; with the
    reads as a plan makes them (`in_plan`), the first of these that gives the plan's buffers there: the earlier
    reader's, the later reader's, or the two readers' buffer where they reshard alike from the producer's sharding
    in the plan."""
    (_, before, before_matrix), (_, after, after_matrix) = value_reads[k - 1], value_reads[k]
    producer = before.producer
    earlier_piece = (producer, before.consumer, before_matrix)
    if in_plan is None:
        return earlier_piece
    exact = in_plan.shared(k, k)
    if in_plan.held[k - 1] == exact:
        return earlier_piece
    if in_plan.held[k] == exact:
        return producer, after.consumer, after_matrix
    if before.consumer == after.consumer:
        return earlier_piece
    ids: dict = {}
    before_targets = np.array([ids.setdefault(_target(graph, before, i), len(ids))
                               for i in range(len(graph.nodes[before.consumer].strategies))])
    after_targets = np.array([ids.setdefault(_target(graph, after, j), len(ids))
                              for j in range(len(graph.nodes[after.consumer].strategies))])
    row = in_plan.producer_strategy  # the bytes of resharding from the producer's sharding in the plan
    alike = np.where(before_targets[:, None] == after_targets[None, :],
                     np.minimum(before_matrix[row][:, None], after_matrix[row][None, :]), 0)
    if int(alike[in_plan.strategies[k - 1], in_plan.strategies[k]]) == exact:
        return before.consumer, after.consumer, alike
    return earlier_piece


def _reshard_matrix(graph: PlanGraph, edge: PlanEdge, mesh: Mesh, liveness: GraphLiveness,
                    slice_fusing: frozenset[int], ids: dict) -> np.ndarray | None:
    """Bytes of `edge`'s reshard buffer per (producer strategy, consumer strategy), None where no pair writes one."""
    producer, consumer = graph.nodes[edge.producer], graph.nodes[edge.consumer]
    info = graph.moved(edge.producer, edge.out_port)
    src = [s.outputs[edge.out_port] for s in producer.strategies]
    dst = [s.inputs[edge.in_port] for s in consumer.strategies]
    backend = liveness.backend
    sizes: dict[tuple[int, int], int] = {}  # per interned (source, target)
    for x in dict.fromkeys(src):
        for y in dict.fromkeys(dst):
            sizes[(ids.setdefault(x, len(ids)), ids.setdefault(y, len(ids)))] = (
                backend.aligned(reshard_buffer_bytes(info, x, y, mesh, backend))
                if reshard_writes_buffer(graph, edge, x, y, liveness, slice_fusing) else 0)
    if not any(sizes.values()):
        return None
    src_ids, dst_ids = [ids[x] for x in src], [ids[y] for y in dst]
    matrix = np.array([[sizes[(a, b)] for b in dst_ids] for a in src_ids], dtype=np.int64)
    matrix.setflags(write=False)
    return matrix


def build_strategy_graph(graph: PlanGraph, edges: EdgeCostTable, mesh: Mesh, backend: XlaBackend,
                         usage_limit: int | None, reshard_pairs: bool = False, around: Sequence[int] | None = None,
                         settled_as: Sequence[int] | None = None) -> StrategyGraph:
    """The solver problem of `graph` (one solver node per plan node, same indices, its memory as `backend` assigns
    buffers), its limit `usage_limit` less what every plan holds (`fixed_bytes`), with the reshard buffers as pair
    pieces when `reshard_pairs` (exact for the plan `around`, when given: `reshard_pair_pieces`), partial sums
    settled where XLA's combiners settle those of the plan `settled_as` (`solver_liveness`; where each op runs
    without one); `SearchSpaceTooLarge` when an edge has more strategy pairs than can be priced
    (`require_priceable_edges`)."""
    require_priceable_edges(graph, mesh)
    node_costs, usages, intervals, names = [], [], [], []
    # the edges are priced beside the node terms (a child process on large graphs): neither reads the other
    edge_matrices = edges.priced_beside(graph)
    # on a backend that merges `jax.checkpoint`'s recomputation with the forward pass, the solver's limit sees it
    # merged, as if the plan partitioned every repeat like the value it repeats (what plans do: the search ties each
    # recomputed op to its forward op, `recomputation_ties`; the full accounting, `plan_memory`, keeps an untied
    # repeat partitioned otherwise apart)
    liveness = solver_liveness(graph, backend, settled_as)
    seconds_cache: dict[int, np.ndarray] = {}
    cost_cache: dict[tuple[int, float], np.ndarray] = {}  # shared, read-only
    usage_cache: dict[tuple, np.ndarray] = {}
    operand_of = operand_producers(graph, liveness)
    pieces, transient_cache = [], {}
    for node in graph.nodes:
        key = id(node.strategies)
        if key not in seconds_cache:
            seconds_cache[key] = np.array([s.cost_s for s in node.strategies], dtype=np.float64)
        ckey = (key, node.multiplier)
        costs = cost_cache.get(ckey)
        if costs is None:
            costs = cost_cache[ckey] = _unit_costs(seconds_cache[key], node.multiplier)
            costs.setflags(write=False)
        node_costs.append(_allowed_costs(costs, node.allowed))
        # the facts `node_usage` reads besides the strategy
        ukey = (key, node.kind, node.label, node.index in liveness.aliased_results, node.index in liveness.invariant,
                node.index in liveness.held_twice,
                tuple((node.index, p) in liveness.returned for p in range(len(node.outputs))),
                tuple((node.index, p) in liveness.fused for p in range(len(node.outputs))))
        if ukey not in usage_cache:
            usage = np.array([node_usage(node, s, mesh, liveness) for s in node.strategies], dtype=np.int64)
            usage.setflags(write=False)
            usage_cache[ukey] = usage
        usages.append(usage_cache[ukey])
        intervals.append(half_steps_of(node_interval(node, graph, liveness)))
        names.append(f"{node.label} (node {node.index})")
        pieces += [(node.index, usages, span) for usages, span in transient_pieces(node, mesh, liveness, operand_of,
                                                                                   transient_cache)]
    solver_edges = []
    # edge matrices are shared between same-signature edges (`EdgeCostTable`): convert each (matrix, weight) once;
    # the integer matrices are shared too, read-only
    units: dict[tuple[int, int], np.ndarray] = {}
    for e, seconds in zip(graph.edges, edge_matrices(), strict=True):
        weight = graph.edge_weight(e)
        matrix = units.get((id(seconds), weight))
        if matrix is None:
            matrix = units[(id(seconds), weight)] = np.rint(seconds * weight / COST_UNIT_S).astype(np.int64)
            matrix.setflags(write=False)
        solver_edges.append((e.producer, e.consumer, matrix))
    equal: dict[tuple, np.ndarray] = {}
    for a, b in graph.equal_shardings:
        sa, sb = graph.nodes[a.node].strategies, graph.nodes[b.node].strategies
        key = (id(sa), a.port, a.is_input, id(sb), b.port, b.is_input)
        matrix = equal.get(key)
        if matrix is None:
            ids: dict = {}  # shardings interned to ints: comparing dataclasses pairwise dominated on large graphs
            xa = np.array([ids.setdefault(a.sharding(s), len(ids)) for s in sa])
            xb = np.array([ids.setdefault(b.sharding(s), len(ids)) for s in sb])
            matrix = equal[key] = np.where(xa[:, None] == xb[None, :], 0, FORBIDDEN).astype(np.int64)
            matrix.setflags(write=False)
        solver_edges.append((a.node, b.node, matrix))
    pair_pieces = []
    for u, v, matrix, span in reshard_pair_pieces(graph, mesh, liveness, around) if reshard_pairs else ():
        if u == v:  # a loop's carried value read by the loop itself: both ends take one strategy
            pieces.append((u, np.diagonal(matrix).copy(), span))
        else:
            pair_pieces.append((u, v, matrix, span))
    limit = None if usage_limit is None else usage_limit - fixed_bytes(graph, mesh, backend)
    return StrategyGraph.build(node_costs, usages, intervals, solver_edges, limit, names, name="plan", pieces=pieces,
                               pair_pieces=pair_pieces)


def _unit_costs(seconds: np.ndarray, multiplier: int) -> np.ndarray:
    """A node's strategy costs in solver units, `multiplier` times over."""
    return np.rint(seconds * multiplier / COST_UNIT_S).astype(np.int64)


def _allowed_costs(costs: np.ndarray, allowed: Sequence[int] | None) -> np.ndarray:
    """`costs` with each strategy outside `allowed` (None: every one allowed) costing `FORBIDDEN`."""
    if allowed is None:
        return costs
    costs = costs.copy()
    mask = np.ones(len(costs), dtype=bool)
    mask[allowed] = False
    costs[mask] = FORBIDDEN
    return costs


def with_allowed_strategies(problem: StrategyGraph, graph: PlanGraph, nodes: Iterable[int]) -> StrategyGraph:
    """The problem `build_strategy_graph` gives for `graph`, from `problem`, its problem for a graph that differs
    from `graph` only in which strategies `nodes` allow (`PlanNode.allowed`): those nodes' costs made again."""
    costs = list(problem.node_costs)
    for i in nodes:
        node = graph.nodes[i]
        seconds = np.array([s.cost_s for s in node.strategies], dtype=np.float64)
        costs[i] = _allowed_costs(_unit_costs(seconds, node.multiplier), node.allowed)
    return dataclasses.replace(problem, node_costs=tuple(costs))


def least_sharded_start(graph: PlanGraph) -> list[int]:
    """A starting assignment that honours every hard constraint whenever replication does: each node takes its
    allowed strategy with no unreduced axes and the fewest sharded axes (replicated where allowed).

    Carried state, sharding groups and unconstrained values agree when all are replicated, so the search starts
    feasible on large graphs, where a first descent may not untangle ties between far-apart nodes in time.
    """
    ranks: dict[int, list[tuple[int, int]]] = {}  # per shared strategy list: (unreduced axes, sharded axes)
    start = []
    for node in graph.nodes:
        rank = ranks.get(id(node.strategies))
        if rank is None:
            rank = ranks[id(node.strategies)] = [
                (sum(len(t.unreduced) for t in (*s.inputs, *s.outputs)),
                 sum(len(d.axes) for t in (*s.inputs, *s.outputs) for d in t.dims))
                for s in node.strategies
            ]  # fmt: skip
        allowed = node.allowed if node.allowed is not None else range(len(node.strategies))
        start.append(min(allowed, key=rank.__getitem__))
    return start
