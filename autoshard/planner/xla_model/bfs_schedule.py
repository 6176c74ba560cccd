"""The order XLA:CPU's breadth-first memory scheduler runs a plan's instructions in.

XLA:CPU schedules each computation with `BFSMemoryScheduler` (xla/hlo/transforms/simplifiers/hlo_memory_scheduler.cc,
the default while `xla_cpu_enable_concurrency_optimized_scheduler` holds): Kahn's algorithm with a first-in
first-out queue. An instruction is queued when the last of its distinct operands has run; instructions without
operands (parameters, constants) are queued first, in the computation's order; a finished instruction releases its
users in their order: the order their uses were made, which is program order except that library fusions (a dot's,
a convolution's, and a reduction's YNNPACK takes, `library_reductions.library_reduction`, where the backend hands
it reductions, `XlaBackend.library_reductions`) are made after the loop fusions and come after them (seen on XLA:CPU,
jaxlib 0.10: a loss's reduction read beside an exponential of the same logits runs after the exponential though
the program writes it first).

The instructions are those of the partitioned, fused program, as the plan implies them (`instruction_graph`):
- one per kernel of the fusion plan (`fusion_groups.plan_fusion`: the op writing its result, with the producers
  fused into it), and one per argument and constant;
- after a dot XLA runs on flattened operands, a bitcast back to its shape (`dot_layout.flattened_dot`);
- after an op settling partial sums, its all-reduce; all-reduces XLA's combiner merges (`combined_groups`) are one,
  each member's sum then a get-tuple-element of it;
- on an edge whose operand sharding differs from the producer's, one collective, unless the reshard only slices
  locally (computed inside the reader's loop).
A sharding constraint is its operand. Loops' back edges (and a carried value's edge to itself) are not followed.

`scheduled_ranks` gives each op node the rank of the instruction it runs in (the first kernel it is a member of).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from autoshard.planner.plan_graph import NodeKind, PlanEdge, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.dot_layout import flattened_dot
from autoshard.planner.xla_model.fusion_groups import TRANSPARENT_KINDS, plan_fusion
from autoshard.planner.xla_model.library_reductions import library_reduction
from autoshard.sharding.tensor_sharding import is_local_slice

#: an instruction: (kind, key); a kernel or an argument/constant is ("node", node index)
Instruction = tuple
#: ops XLA:CPU runs as library calls (YNNPACK fusions)
LIBRARY_OPS = frozenset({"stablehlo.dot_general", "stablehlo.convolution"})


@dataclass(frozen=True)
class InstructionGraph:
    """The plan's instructions: each one's distinct operands, and its place among an instruction's users (after
    the loop fusions for a library fusion, then the program position of the node it computes or follows)."""

    operands: dict[Instruction, list[Instruction]]
    place: dict[Instruction, tuple[int, int]]


def instruction_graph(graph: PlanGraph, assignment: Sequence[int] | None, backend: XlaBackend,
                      combined: Sequence[Sequence[int]]) -> InstructionGraph:
    """The plan's instructions (module docstring); `combined`: the settling ops whose all-reduces run as one
    (`combined_groups`). Without an `assignment`, the kernels alone (no collectives: what every plan runs)."""
    nodes = graph.nodes
    fusion = plan_fusion(graph, backend)
    group_of = {i: g for g, members in enumerate(combined) for i in members}
    operands: dict[Instruction, list[Instruction]] = {}
    incoming: dict[int, list[PlanEdge]] = {}
    for e in graph.edges:
        if nodes[e.consumer].position > nodes[e.producer].position or e.producer != e.consumer and (
                nodes[e.producer].kind != NodeKind.OP):  # not a loop's back edge, nor a carried value's own
            incoming.setdefault(e.consumer, []).append(e)
    resharded: dict[tuple, Instruction] = {}
    place: dict[Instruction, tuple[int, int]] = {}

    def define(instruction: Instruction, reads: list[Instruction], at: int) -> Instruction:
        if instruction not in operands:
            operands[instruction] = list(dict.fromkeys(reads))
            library = instruction[0] == "node" and library_fusion(nodes[instruction[1]], backend)
            place[instruction] = (int(library), at)
        return instruction

    def computed(node: int) -> Instruction:
        """The instruction node's (unsettled) result is ready after: its kernel, or the bitcast after it."""
        if nodes[node].kind == NodeKind.OP and flattened_dot(nodes[node]):
            return define(("bitcast", node), [("node", node)], nodes[node].position)
        return ("node", node)

    ready: dict[int, list[Instruction]] = {}

    def value(node: int) -> list[Instruction]:
        """The instructions node's result is ready after (settled, bitcast back); worked out once per node (a
        value read through a chain of transparent nodes, a barrier's say, is read by each of its readers)."""
        found = ready.get(node)
        if found is None:
            found = ready[node] = _value(node)
        return found

    def _value(node: int) -> list[Instruction]:
        n = nodes[node]
        if n.kind in TRANSPARENT_KINDS:
            return [i for e in incoming.get(node, ()) for i in read(e)]
        out = computed(node)
        settle = n.strategies[assignment[node]].settle if n.strategies and assignment is not None else None
        if settle is not None:
            if node in group_of:
                members = combined[group_of[node]]
                merged = define(("all_reduce", group_of[node]), [computed(i) for i in members],
                                max(nodes[i].position for i in members))
                out = define(("get_tuple_element", node), [merged], n.position)
            else:
                out = define(("all_reduce", node), [out], n.position)
        return [out]

    def read(e: PlanEdge) -> list[Instruction]:
        producer, consumer = nodes[e.producer], nodes[e.consumer]
        ready = value(e.producer)
        if assignment is None or not producer.strategies or not consumer.strategies:
            return ready
        src = producer.strategies[assignment[e.producer]].outputs[e.out_port]
        dst = consumer.strategies[assignment[e.consumer]].inputs[e.in_port]
        if src == dst or is_local_slice(src, dst):
            return ready
        key = (e.producer, e.out_port, src, dst)
        if key not in resharded:
            resharded[key] = define(("collective", len(resharded)), ready, producer.position)
        return [resharded[key]]

    for root, members in fusion.kernels.items():
        inside = set(members)
        define(("node", root), [i for m in members for e in incoming.get(m, ()) if e.producer not in inside
                                for i in read(e)], nodes[root].position)
    inline = {m for root, members in fusion.kernels.items() for m in members if m != root}
    for n in nodes:
        if (n.kind in (NodeKind.ARGUMENT, NodeKind.CONSTANT)
                or n.kind == NodeKind.OP and n.index not in inline and ("node", n.index) not in operands):
            define(("node", n.index), [i for e in incoming.get(n.index, ()) for i in read(e)], n.position)
    missing = [i for reads in list(operands.values()) for i in reads if i not in operands]
    while missing:  # value nodes other ops read (loop-carried values, manual computations): as instructions
        i = missing.pop()
        if i not in operands:
            define(i, [r for e in incoming.get(i[1], ()) for r in read(e)], nodes[i[1]].position)
            missing.extend(r for r in operands[i] if r not in operands)
    return InstructionGraph(operands, place)


def library_fusion(node: PlanNode, backend: XlaBackend) -> bool:
    """Whether XLA:CPU runs `node` as a library fusion (module docstring)."""
    return node.label in LIBRARY_OPS or (backend.library_reductions.value and library_reduction(node))


def breadth_first_order(instructions: InstructionGraph) -> dict[Instruction, int]:
    """Instruction -> its rank in Kahn's first-in first-out order; instructions released together, and those
    without operands, in the computation's order."""
    users: dict[Instruction, list[Instruction]] = {}
    waiting = {}
    first = instructions.place.__getitem__
    for i, reads in instructions.operands.items():
        waiting[i] = len(reads)
        for r in reads:
            users.setdefault(r, []).append(i)
    queue = deque(sorted((i for i, n in waiting.items() if n == 0), key=first))
    rank: dict[Instruction, int] = {}
    while queue:
        i = queue.popleft()
        rank[i] = len(rank)
        for u in sorted(users.get(i, ()), key=first):
            waiting[u] -= 1
            if waiting[u] == 0:
                queue.append(u)
    return rank


def scheduled_ranks(graph: PlanGraph, assignment: Sequence[int] | None, backend: XlaBackend,
                    combined: Sequence[Sequence[int]] = ()) -> list[int | None]:
    """Per node, the breadth-first rank of the instruction computing it (its first kernel's); None for value
    nodes without an instruction (results, sharding constraints)."""
    nodes = graph.nodes
    rank = breadth_first_order(instruction_graph(graph, assignment, backend, combined))
    group = plan_fusion(graph, backend).group
    out: list[int | None] = []
    for n in nodes:
        root = group[n.index] if n.kind == NodeKind.OP and group[n.index] is not None else n.index
        out.append(rank.get(("node", root)))
    return out
