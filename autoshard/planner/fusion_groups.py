"""Fusion groups: which ops XLA runs as one kernel, and so which tensors go through device memory.

XLA fuses chains of elementwise, broadcast, convert, reshape, transpose and slicing ops, with the reduce,
reduce-window or in-place update that consumes them, into one loop that reads its external inputs and writes its outputs once
(seen on XLA:CPU, jaxlib 0.10: `kLoop` fusions; dots and convolutions are kernels of their own, `__ynn_fusion`
or library calls, with nothing fused into them). The planner prices each op node on its own strategy, so a
fusion is priced per member: a node pays the FLOPs it does and the bytes of the tensors it exchanges with
memory (`NodeTraffic`), under its own strategy's local shapes.

Rules, stated on the plan graph (value nodes between ops: arguments, constants, loop-carried values and results
are memory; sharding constraints are transparent):
- an edge is *fused* when its producer is a loop-fusible op (`LOOP_FUSIBLE`) and every consumer of that value
  can take it inside its own loop (loop-fusible ops and fusion roots `FUSION_ROOTS`), and the producer is cheap
  to recompute (not transcendental) or has a single consumer: XLA then duplicates it into each consumer instead
  of writing it; otherwise the value is written once and read by each consumer;
- a fused producer with several consumers is computed in each of them (`NodeTraffic.copies` times its FLOPs);
- a node reads an unfused input once per fusion group (the group's first reader pays), and writes an output
  that is not fused into all its consumers;
- slices (`slice`, `dynamic_slice`, `gather`) read as much of their operand as they produce; in-place updates
  (`dynamic_update_slice`, `scatter`) read and write only the update, not the buffer they update, unless that
  buffer is computed inside their loop (a broadcast zero buffer): then they write all of it.

`NodeTraffic.memory_bound` records whether the node's group, priced on global shapes, is limited by memory
(then members pay bytes only) or by arithmetic (members pay FLOPs only); None for a node forming a kernel of its
own, priced by its own roofline. This keeps every node's price a function of its own strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from autoshard.planner.plan_graph import PlanGraph, PlanNode
from autoshard.rules.elementwise import CHLO_BROADCASTING_OPS, EXTRA_POINTWISE_OPS, POINTWISE_OPS
from costmodel.compute import TRANSCENDENTAL_OPS

#: ops XLA fuses into loop kernels (producers and consumers of one another)
LOOP_FUSIBLE = frozenset({
    *(n for n in POINTWISE_OPS if not n.startswith("sdy.")), *EXTRA_POINTWISE_OPS, *CHLO_BROADCASTING_OPS,
    "stablehlo.clamp", "stablehlo.select", "stablehlo.bitcast_convert", "stablehlo.broadcast_in_dim",
    "stablehlo.broadcast", "stablehlo.reshape", "stablehlo.transpose", "stablehlo.slice",
    "stablehlo.dynamic_slice", "stablehlo.gather", "stablehlo.concatenate", "stablehlo.pad",
    "stablehlo.iota", "stablehlo.reverse", "chlo.broadcast_select",
})
#: ops that end a loop fusion: fusible producers run inside them, their result is written to memory
FUSION_ROOTS = frozenset({"stablehlo.reduce", "stablehlo.reduce_window", "stablehlo.dynamic_update_slice",
                          "stablehlo.scatter"})
#: ops reading only as much of operand 0 as they produce
SLICING_OPS = frozenset({"stablehlo.slice", "stablehlo.dynamic_slice", "stablehlo.gather"})
#: in-place updates: operand 0 is the buffer updated in place, the update is operand `index`
IN_PLACE_UPDATES = {"stablehlo.dynamic_update_slice": 1, "stablehlo.scatter": 2}
#: value nodes that pass a value through unchanged (no memory of their own)
TRANSPARENT_KINDS = frozenset({"constraint"})

#: a tensor of the node whose local size a read or write has: ("in", port) or ("out", port)
TensorRef = tuple[str, int]


@dataclass(frozen=True)
class NodeTraffic:
    """What one op node moves through device memory per run: for each input port, the tensor whose local size it
    reads (None: nothing, the value is computed inside the same loop); for each output port, the tensor whose local
    size it writes (None: not written); and how its fusion group is priced (see module docstring)."""

    reads: tuple[TensorRef | None, ...]
    writes: tuple[TensorRef | None, ...]
    memory_bound: bool | None = None
    #: how many loops compute the node: XLA duplicates a cheap producer into each of its consumers
    copies: int = 1

    @staticmethod
    def unfused(node: PlanNode) -> NodeTraffic:
        """A node running as a kernel of its own: reads every input, writes every output (slicing and in-place
        rules applied)."""
        reads = tuple(_read_ref(node, i) for i in range(len(node.inputs)))
        return NodeTraffic(reads, tuple(_write_ref(node, j) for j in range(len(node.outputs))))


def _name(node: PlanNode) -> str:
    return node.label


def _read_ref(node: PlanNode, port: int) -> TensorRef | None:
    if node.inputs[port] is None:
        return None
    if port == 0 and _name(node) in SLICING_OPS and node.outputs and node.outputs[0] is not None:
        return ("out", 0)
    if port == 0 and _name(node) in IN_PLACE_UPDATES:
        return None
    return ("in", port)


def _write_ref(node: PlanNode, port: int) -> TensorRef | None:
    if node.outputs[port] is None:
        return None
    update = IN_PLACE_UPDATES.get(_name(node))
    if update is not None and port == 0 and len(node.inputs) > update and node.inputs[update] is not None:
        return ("in", update)
    return ("out", port)


def _fusible_producer(node: PlanNode) -> bool:
    return node.kind == "op" and _name(node) in LOOP_FUSIBLE


def _fusing_consumer(node: PlanNode) -> bool:
    return node.kind == "op" and (_name(node) in LOOP_FUSIBLE or _name(node) in FUSION_ROOTS)


def slice_fusing_nodes(graph: PlanGraph) -> frozenset[int]:
    """The nodes that take a resharded operand inside their own loop fusion, so that a reshard into them ending in
    an all-slice runs no kernel of its own: XLA fuses the dynamic-slice into a loop-fusible consumer or a fusion
    root (seen on XLA:CPU, jaxlib 0.10: the slices of broadcasts, of iotas and of the all-reduce a reduce-scatter
    becomes sit inside the consumer's `kLoop` fusion), while a dot, convolution, custom call, collective or memory
    value (result, loop-carried) gets it from a `dynamic-slice` fusion of its own. A sharding constraint is not an
    op: it fuses when every final user behind it (through further constraints) does."""
    nodes = graph.nodes
    users: dict[int, list[int]] = {}
    for e in graph.edges:
        users.setdefault(e.producer, []).append(e.consumer)
    fusing = {n.index for n in nodes if _fusing_consumer(n)}
    transparent = [n.index for n in nodes if n.kind in TRANSPARENT_KINDS]
    changed = True
    while changed:  # constraints in reverse program order settle chains in one pass; repeat until stable
        changed = False
        for i in reversed(transparent):
            if i not in fusing and users.get(i) and all(u in fusing for u in users[i]):
                fusing.add(i)
                changed = True
    return frozenset(fusing)


def cheap_to_recompute(node: PlanNode) -> bool:
    """An op XLA recomputes in every fusing reader rather than writing out: no transcendental, no divide."""
    return _name(node).split(".", 1)[-1] not in TRANSCENDENTAL_OPS and not _name(node).endswith("divide")


class _UnionFind:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


@dataclass(frozen=True)
class FusionPlan:
    """Fusion groups of a plan graph: each op node's group (the index of its first member) and traffic."""

    group: tuple[int | None, ...]
    traffic: tuple[NodeTraffic | None, ...]

    def members(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for i, g in enumerate(self.group):
            if g is not None:
                out.setdefault(g, []).append(i)
        return out


def plan_fusion(graph: PlanGraph,
                memory_bound: Callable[[Sequence[tuple[PlanNode, NodeTraffic]]], bool] | None = None) -> FusionPlan:
    """The fusion groups of `graph` and every op node's traffic; `memory_bound(members)` tells whether a group of
    several nodes is limited by memory bandwidth on global shapes (None: leave `NodeTraffic.memory_bound` unset)."""
    nodes = graph.nodes
    sources: dict[tuple[int, int], tuple[int, int]] = {}  # (consumer, in port) -> (producer, out port), resolved
    direct_in: dict[int, tuple[int, int]] = {}
    users: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e in graph.edges:
        if nodes[e.consumer].kind in TRANSPARENT_KINDS:
            direct_in[e.consumer] = (e.producer, e.out_port)
        users.setdefault((e.producer, e.out_port), []).append((e.consumer, e.in_port))

    def origin(port: tuple[int, int]) -> tuple[int, int]:
        seen = 0
        while nodes[port[0]].kind in TRANSPARENT_KINDS and port[0] in direct_in and seen < len(nodes):
            port, seen = direct_in[port[0]], seen + 1
        return port

    def final_users(port: tuple[int, int]) -> list[tuple[int, int]]:
        out, stack = [], list(users.get(port, ()))
        while stack:
            consumer, in_port = stack.pop()
            if nodes[consumer].kind in TRANSPARENT_KINDS:
                stack.extend(users.get((consumer, 0), ()))
            else:
                out.append((consumer, in_port))
        return out

    for e in graph.edges:
        if nodes[e.consumer].kind not in TRANSPARENT_KINDS:
            sources[(e.consumer, e.in_port)] = origin((e.producer, e.out_port))

    inline: set[tuple[int, int]] = set()  # producer ports computed inside their consumers' loops
    copies: dict[int, int] = {}  # node -> loops it is duplicated into
    for node in nodes:
        if not _fusible_producer(node):
            continue
        for j, info in enumerate(node.outputs):
            if info is None:
                continue
            consumers = final_users((node.index, j))
            if consumers and all(_fusing_consumer(nodes[c]) for c, _ in consumers) and (
                    len({c for c, _ in consumers}) == 1 or cheap_to_recompute(node)):
                inline.add((node.index, j))
                copies[node.index] = max(copies.get(node.index, 1), len({c for c, _ in consumers}))

    groups = _UnionFind(len(nodes))
    for (consumer, _), producer_port in sources.items():
        if producer_port in inline:
            groups.union(producer_port[0], consumer)

    readers: set[tuple[int, tuple[int, int]]] = set()  # (group, producer port) already read by the group
    traffic: list[NodeTraffic | None] = [None] * len(nodes)
    group: list[int | None] = [None] * len(nodes)
    for node in nodes:  # program order: a group's first reader pays
        if node.kind != "op":
            continue
        g = group[node.index] = groups.find(node.index)
        reads = []
        for i in range(len(node.inputs)):
            src = sources.get((node.index, i))
            if src is not None and src in inline:
                reads.append(None)
                continue
            ref = _read_ref(node, i)
            if src is not None and ref == ("in", i):
                if (g, src) in readers:
                    ref = None
                readers.add((g, src))
            reads.append(ref)
        writes = tuple(None if (node.index, j) in inline else _write_ref(node, j) for j in range(len(node.outputs)))
        if _name(node) in IN_PLACE_UPDATES and writes and reads and reads[0] is None and \
                sources.get((node.index, 0)) in inline:  # the buffer is computed in the update's loop: all written
            writes = (("out", 0), *writes[1:])
        traffic[node.index] = NodeTraffic(tuple(reads), writes, None, copies.get(node.index, 1))

    plan = FusionPlan(tuple(group), tuple(traffic))
    if memory_bound is None:
        return plan
    for members in plan.members().values():
        if len(members) > 1:
            bound = memory_bound([(nodes[i], traffic[i]) for i in members])  # type: ignore[misc]
            for i in members:
                t = traffic[i]
                traffic[i] = NodeTraffic(t.reads, t.writes, bound, t.copies)  # type: ignore[union-attr]
    return FusionPlan(tuple(group), tuple(traffic))
