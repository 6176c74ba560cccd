"""Fusion groups: which ops XLA runs as one kernel, and so which tensors go through device memory.

XLA fuses chains of elementwise, broadcast, convert, reshape, transpose and slicing ops, with the reduce,
reduce-window or in-place update that consumes them, into one loop that reads its external inputs and writes its outputs once
(seen on XLA:CPU, jaxlib 0.10: `kLoop` fusions; dots and convolutions are kernels of their own, `__ynn_fusion`
or library calls, with nothing fused into them). The planner prices each op node on its own strategy, so a
fusion is priced per member: a node pays the FLOPs it does and the bytes of the tensors it exchanges with
memory (`NodeTraffic`), under its own strategy's local shapes. These rules are the same on every backend of the
model but two, `XlaBackend.globally_unfusible` and `XlaBackend.library_reductions` (below); what else differs per
backend is applied by the fusion plan's users (a dot's or convolution's transposed copies are priced only where
`dot_layout.makes_layout_copies` holds).

Rules, stated on the plan graph (value nodes between ops: arguments, constants, loop-carried values and results
are memory; sharding constraints are transparent):
- an edge is *fused* when its producer is a loop-fusible op (`LoopFusible`) and every consumer of that value
  can take it inside its own loop (loop-fusible ops and fusion roots, `FusionRoot`), and the producer is cheap
  to recompute (not transcendental) or has a single consumer: XLA then duplicates it into each consumer instead
  of writing it; otherwise the value is written once and read by each consumer; on a backend where
  `XlaBackend.globally_unfusible` holds, a producer with more than one large operand is also written when some
  consumer cannot take it along every path from it (`unfusible_producers`: a backward op reading a forward value
  and a gradient computed from it through a dot); where `XlaBackend.library_reductions` holds, a producer a
  reduction reads through its library fusion is written when it has a reader outside that fusion
  (`library_reductions`);
- a kernel is an op writing an output (or a fusion root, or an op XLA does not loop-fuse) with the fused producers
  it computes inside its loop, transitively; a fused producer with several consumers is computed in each of their
  kernels (`NodeTraffic.copies` times its FLOPs);
- a kernel reads each tensor it takes from memory once (its first member in program order reading it pays), so a
  duplicated producer's inputs are read once per kernel it runs in (`NodeTraffic.read_times`); a node writes an
  output that is not fused into all its consumers;
- a dot_general operand XLA reads from a transposed copy (`dot_layout.copied_operands`) costs a copy kernel,
  reading the operand and writing the copy (`NodeTraffic.layout_copies`), unless the operand is a loop-fusible
  value read by that dot alone: its producer's loop writes it transposed;
- the body op writing a loop-carried value's new value pays the copy kernels of that loop state
  (`loop_state.state_copy_passes`: each iteration where copy insertion copies the carry, once per loop entry
  where the operand is copied into the state), reading and writing its output (`NodeTraffic.state_copies`);
- slices (`slice`, `dynamic_slice`, `gather`) read as much of their operand as they produce; in-place updates
  (`dynamic_update_slice`, `scatter`) read and write only the update, not the buffer they update, unless that
  buffer is computed inside their loop (a broadcast zero buffer): then they write all of it.

`NodeTraffic.memory_bound` records whether the node's kernel (the first it runs in), priced on global shapes, is
limited by memory (then members pay bytes only) or by arithmetic (members pay FLOPs only); None for a node forming a
kernel of its own, priced by its own roofline. This keeps every node's price a function of its own strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from autoshard.dialects.op_traits import FusionRoot, InPlaceUpdate, LoopFusible, Slicing, Transcendental
from autoshard.dialects.ops_by_name import get_trait, has_trait
from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.dot_layout import copied_operands, flattened_operand
from autoshard.planner.xla_model.library_reductions import written_for_reductions
from autoshard.planner.xla_model.loop_state import state_copy_passes
from autoshard.planner.xla_model.unfusible_producers import ProducerPaths, globally_unfusible, written_not_duplicated

#: value nodes that pass a value through unchanged (no memory of their own)
TRANSPARENT_KINDS = frozenset({NodeKind.CONSTRAINT})

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
    #: per input port, how many kernels read that tensor through this node (a duplicated producer's external
    #: input is read by every kernel it is computed in); empty: once each
    read_times: tuple[int, ...] = ()
    #: input ports a dot reads from a transposed copy that a kernel of its own makes (`dot_layout`): it reads the
    #: operand and writes the copy
    layout_copies: tuple[int, ...] = ()
    #: per output port, how many times a run copies the loop state it writes (`loop_state.state_copy_passes`):
    #: copy kernels reading and writing the output's local size; empty: none
    state_copies: tuple[float, ...] = ()

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
    if port == 0 and has_trait(_name(node), Slicing) and node.outputs and node.outputs[0] is not None:
        return ("out", 0)
    if port == 0 and has_trait(_name(node), InPlaceUpdate):
        return None
    return ("in", port)


def _write_ref(node: PlanNode, port: int) -> TensorRef | None:
    if node.outputs[port] is None:
        return None
    update = in_place_update_operand(node)
    if update is not None and port == 0 and len(node.inputs) > update and node.inputs[update] is not None:
        return ("in", update)
    return ("out", port)


def in_place_update_operand(node: PlanNode) -> int | None:
    """The operand a node's op writes into operand 0's buffer in place (`InPlaceUpdate`); None for other ops."""
    update = get_trait(_name(node), InPlaceUpdate)
    return None if update is None else update.update_operand


def loop_fusible(node: PlanNode) -> bool:
    """Whether the node is an op XLA fuses into loop kernels (`LoopFusible`)."""
    return node.kind == NodeKind.OP and has_trait(_name(node), LoopFusible)


def _fusing_consumer(node: PlanNode) -> bool:
    return loop_fusible(node) or (node.kind == NodeKind.OP and has_trait(_name(node), FusionRoot))


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
    return not has_trait(_name(node), Transcendental) and not _name(node).endswith("divide")


@dataclass(frozen=True)
class FusionPlan:
    """The kernels of a plan graph, each named by its root (the op writing its result) and listing its members in
    program order (a producer duplicated into several kernels is a member of each); each op node's group (the root
    of the first kernel it runs in) and traffic."""

    group: tuple[int | None, ...]
    traffic: tuple[NodeTraffic | None, ...]
    kernels: dict[int, tuple[int, ...]]
    #: loop-fusible producers written once and read by every reader, none computing them again
    #: (`unfusible_producers.globally_unfusible`)
    kept_out: frozenset[int] = frozenset()
    #: producers written for some reader anyway that no other reader computes again either
    #: (`unfusible_producers.written_not_duplicated`; the memory accounting's, not priced)
    written_once: frozenset[int] = frozenset()

    def members(self) -> dict[int, list[int]]:
        return {root: list(members) for root, members in self.kernels.items()}


def plan_fusion(graph: PlanGraph, backend: XlaBackend,
                memory_bound: Callable[[Sequence[tuple[PlanNode, NodeTraffic]]], bool] | None = None) -> FusionPlan:
    """The fusion groups of `graph` on `backend` and every op node's traffic; `memory_bound(members)` tells whether
    a group of several nodes is limited by memory bandwidth on global shapes (None: leave
    `NodeTraffic.memory_bound` unset)."""
    all_paths, libraries = backend.globally_unfusible.value, backend.library_reductions.value
    # memory-boundness aside, it depends on the graph and those facts alone
    plan = graph.derived(f"fusion, globally unfusible: {all_paths}, library reductions: {libraries}",
                         lambda g: _fusion_of(g, all_paths, libraries))
    if memory_bound is None:
        return plan
    nodes, traffic = graph.nodes, list(plan.traffic)
    bounds: dict[int, bool] = {}  # a node in several kernels is priced as the first of them
    for root, members in plan.kernels.items():
        if len(members) > 1:
            bound = memory_bound([(nodes[i], traffic[i]) for i in members])  # type: ignore[misc]
            for i in members:
                bounds.setdefault(i, bound)
    for i, bound in bounds.items():
        t = traffic[i]
        traffic[i] = replace(t, memory_bound=bound)  # type: ignore[arg-type]
    return replace(plan, traffic=tuple(traffic))


def _fusion_of(graph: PlanGraph, globally_unfusible_kept_out: bool, library_reductions: bool) -> FusionPlan:
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
    for node in nodes:
        if not loop_fusible(node):
            continue
        for j, info in enumerate(node.outputs):
            if info is None:
                continue
            consumers = final_users((node.index, j))
            if consumers and all(_fusing_consumer(nodes[c]) for c, _ in consumers) and (
                    len({c for c, _ in consumers}) == 1 or cheap_to_recompute(node)):
                inline.add((node.index, j))
    fusing = {n.index for n in nodes if _fusing_consumer(n)}
    paths = ProducerPaths.of(graph, sources) if globally_unfusible_kept_out else None
    if paths is not None:
        kept_out = globally_unfusible(graph, paths, {i for i, _ in inline}, fusing,
                                      lambda i: {c for c, _ in final_users((i, 0))})
        inline = {port for port in inline if port[0] not in kept_out}
    else:
        kept_out = frozenset()
    if library_reductions:
        inline -= written_for_reductions(graph, inline, sources, lambda port: {c for c, _ in final_users(port)})
    written_once = frozenset() if paths is None else _written_once(graph, paths, sources, inline, fusing, kept_out,
                                                                   final_users)

    kernels = _kernels(nodes, sources, inline)
    copied: dict[int, list[int]] = {}  # dot -> operands copied by a kernel of their own
    for dot, port in copied_operands(graph):
        src = sources.get((dot, port))
        if src is not None and loop_fusible(nodes[src[0]]) and \
                {c for c, _ in final_users(src)} == {dot}:  # its only reader: the producer writes it transposed
            continue
        copied.setdefault(dot, []).append(port)
    kernels_of: dict[int, list[int]] = {}
    for root, members in kernels.items():
        for i in members:
            kernels_of.setdefault(i, []).append(root)
    read_times: dict[tuple[int, int], int] = {}  # (node, in port) -> kernels in which the node reads it first
    for root, members in kernels.items():
        read: set[tuple[int, int]] = set()
        for i in members:
            for port in range(len(nodes[i].inputs)):
                src = sources.get((i, port))
                if src is not None and src in inline:
                    continue
                if src is not None and _read_ref(nodes[i], port) == ("in", port):
                    if src in read:
                        continue
                    read.add(src)
                read_times[(i, port)] = read_times.get((i, port), 0) + 1
    traffic: list[NodeTraffic | None] = [None] * len(nodes)
    group: list[int | None] = [None] * len(nodes)
    state_copies = state_copy_passes(graph)
    for node in nodes:
        if node.kind != NodeKind.OP:
            continue
        group[node.index] = min(kernels_of.get(node.index, [node.index]))
        times = tuple(read_times.get((node.index, i), 0) for i in range(len(node.inputs)))
        reads = tuple(_read_ref(node, i) if times[i] else None for i in range(len(node.inputs)))
        writes = tuple(None if (node.index, j) in inline else _write_ref(node, j) for j in range(len(node.outputs)))
        if has_trait(_name(node), InPlaceUpdate) and writes and reads and reads[0] is None and \
                sources.get((node.index, 0)) in inline:  # the buffer is computed in the update's loop: all written
            writes = (("out", 0), *writes[1:])
        copies = tuple(state_copies.get((node.index, j), 0.0) for j in range(len(node.outputs)))
        traffic[node.index] = NodeTraffic(reads, writes, None, max(len(kernels_of.get(node.index, ())), 1),
                                          times, tuple(copied.get(node.index, ())), copies if any(copies) else ())

    return FusionPlan(tuple(group), tuple(traffic), kernels, kept_out, written_once)


def _written_once(graph: PlanGraph, paths: ProducerPaths, sources: dict[tuple[int, int], tuple[int, int]],
                  inline: set[tuple[int, int]], fusing: set[int], kept_out: frozenset[int],
                  final_users: Callable[[tuple[int, int]], list[tuple[int, int]]]) -> frozenset[int]:
    """The cheap loop-fusible ops written to memory (not `inline`) that XLA computes again inside none of their
    readers (`unfusible_producers.written_not_duplicated`); a dot reading one through a bitcast to 2-D
    (`flattened_operand`) or from a transposed copy (`copied_operands`) reads it through a fusible user."""
    nodes = graph.nodes
    written = {n.index for n in nodes if loop_fusible(n) and len(n.outputs) == 1 and n.outputs[0] is not None
               and (n.index, 0) not in inline and n.index not in kept_out and cheap_to_recompute(n)}
    copied = set(copied_operands(graph))
    ports: dict[tuple[int, int], list[int]] = {}  # (reader, producer) -> the reader's ports reading it
    for (consumer, port), (producer, out_port) in sources.items():
        if producer in written and out_port == 0:
            ports.setdefault((consumer, producer), []).append(port)

    def through_fusible_user(reader: int, producer: int) -> bool:
        read_at = ports.get((reader, producer), ())
        return bool(read_at) and all((reader, port) in copied or flattened_operand(nodes[reader], port)
                                     for port in read_at)

    return written_not_duplicated(graph, paths, written, {i for i, _ in inline}, fusing,
                                  lambda i: {c for c, _ in final_users((i, 0))}, kept_out, through_fusible_user)


def _kernels(nodes: Sequence[PlanNode], sources: dict[tuple[int, int], tuple[int, int]],
             inline: set[tuple[int, int]]) -> dict[int, tuple[int, ...]]:
    """Root -> the kernel's members in program order: every op node writing an output (or computing none inline)
    is a root, and pulls in the producers computed inside its loop, transitively."""
    inputs: dict[int, list[int]] = {}
    for (consumer, _), src in sources.items():
        if src in inline:
            inputs.setdefault(consumer, []).append(src[0])
    kernels: dict[int, tuple[int, ...]] = {}
    for node in nodes:
        if node.kind != NodeKind.OP or (node.outputs and all((node.index, j) in inline or info is None
                                                      for j, info in enumerate(node.outputs))
                                 and any(info is not None for info in node.outputs)):
            continue
        members, stack = {node.index}, [node.index]
        while stack:
            for producer in inputs.get(stack.pop(), ()):
                if producer not in members:
                    members.add(producer)
                    stack.append(producer)
        kernels[node.index] = tuple(sorted(members))
    return kernels
