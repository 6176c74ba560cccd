"""Which buffers XLA gives a `stablehlo.while`'s carried values, stated on the plan graph.

A loop-carried value node's input 0 is the loop's operand, input 1 the value the body yields (its *writer*: the
body op computing the new value); its output is read by the body and, as the loop's result, after the loop.

Rules (XLA's copy insertion and buffer assignment for a while loop, `XlaBackend.loop_state_in_place`):
- the loop state is one buffer per carried value; the body's writer computes the new value into it (no buffer
  of its own);
- the body reads the carry from that same buffer unless a body op that reads the carry does not feed the writer
  (e.g. `a, b = f(a, b), g(a, b)`: `g` reads `a` and does not feed `f`): XLA's ordering cannot put that reader
  before the write, so copy insertion copies the carry each iteration (a second buffer, and a copy kernel per
  iteration reading and writing the carried value); a carry whose every body reader feeds its writer is updated
  in place;
- a carry whose new value is another carry of the loop (a swap, `a, b = b, a`) holds a copy of that carry taken
  each iteration beside its state (a second buffer); the carry it takes is read before its own new value is
  written, so that new value is computed into a buffer of its own and copied into the state;
- the loop's operand is copied into the state buffer once before the loop (a copy kernel) when it is an argument
  or a constant (a buffer XLA does not write) or something reads it after the loop starts; otherwise the state
  takes over the operand's buffer. A carry the body passes back unchanged is the operand's buffer (no writer);
- the loop's carried values are one tuple (a pointer each, `XlaBackend.tuple_entry_bytes`) held from the loop's
  first carried value to its last body op (`loop_tuples`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.rules.attrs import ancestors


@dataclass(frozen=True)
class LoopState:
    """The carried values a graph's loops update and how XLA holds them (module docstring)."""

    #: carried value node -> the (body op, output port) writing its new value into the loop state
    writers: dict[int, tuple[int, int]]
    #: carried value nodes XLA copies every iteration (a body reader does not feed the writer, or the node takes
    #: another carried value as its new value)
    copied_each_iteration: frozenset[int]
    #: updated carried value nodes whose operand XLA copies into the loop state before the loop
    copied_on_entry: frozenset[int]
    #: carried value nodes whose writer computes the new value into a buffer of its own, copied into the state
    #: each iteration (the carry is another carry's new value)
    written_apart: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LoopTuple:
    """The tuple of one loop's carried values: how many, and the positions it is held over (inclusive)."""

    entries: int
    first: int
    last: int


def _loop_of(node) -> object:
    """The `stablehlo.while` whose carried values the data-flow node groups (its result is the last IR value)."""
    return getattr(node.ir[-1], "op", None) if node.ir else None


def loop_state(graph: PlanGraph) -> LoopState:
    """The loop state of every updated carried value of `graph` (cached on the graph)."""
    return graph.derived("loop state", _loop_state)


def _loop_state(graph: PlanGraph) -> LoopState:
    nodes = graph.nodes
    source: dict[tuple[int, int], tuple[int, int]] = {}  # (consumer, in port) -> (producer, out port)
    producers: dict[int, set[int]] = {}  # consumer -> producers over forward edges, through sharding constraints
    readers: dict[int, set[int]] = {}
    for e in graph.edges:
        source[(e.consumer, e.in_port)] = (e.producer, e.out_port)

    def origin(node: int, port: int) -> tuple[int, int]:
        """The value behind a chain of sharding constraints (each passes its operand through)."""
        while nodes[node].kind == NodeKind.CONSTRAINT and (node, 0) in source:
            node, port = source[(node, 0)]
        return node, port

    for e in graph.edges:
        if nodes[e.consumer].kind != NodeKind.CONSTRAINT and nodes[e.consumer].position > nodes[e.producer].position:
            producer = origin(e.producer, e.out_port)[0]
            producers.setdefault(e.consumer, set()).add(producer)
            readers.setdefault(producer, set()).add(e.consumer)
    writers: dict[int, tuple[int, int]] = {}
    taken: dict[int, int] = {}  # carried value node -> the other carried value node it takes as its new value
    operands: dict[int, int] = {}  # carried value node -> the node computing the loop's operand
    for carried in (n.index for n in nodes if n.loop_carried):
        if (carried, 1) in source:
            writer = origin(*source[(carried, 1)])
            if writer[0] != carried and nodes[writer[0]].kind == NodeKind.OP:
                writers[carried] = writer
            elif writer[0] != carried and nodes[writer[0]].loop_carried:
                taken[carried] = writer[0]
        if (carried, 0) in source:
            operands[carried] = origin(*source[(carried, 0)])[0]

    def feeding(roots: set[int]) -> set[int]:
        """The ops `roots` and the ops computing their operands, not looking through carried values."""
        seen, stack = set(roots), list(roots)
        while stack:
            for p in producers.get(stack.pop(), ()):
                if p not in seen and nodes[p].kind == NodeKind.OP:
                    seen.add(p)
                    stack.append(p)
        return seen

    body_of: dict[object, set[int]] = {}  # loop -> the body ops feeding any of its writers
    for carried, (writer, _) in writers.items():
        body_of.setdefault(_loop_of(nodes[carried]), set()).add(writer)
    body_of = {loop: feeding(roots) for loop, roots in body_of.items()}
    copied = set(taken)
    for carried, (writer, _) in writers.items():
        body_readers = readers.get(carried, set()) & body_of[_loop_of(nodes[carried])]
        if not body_readers <= feeding({writer}):
            copied.add(carried)
    on_entry = {carried for carried in writers if carried in operands and (
        nodes[operands[carried]].kind in (NodeKind.ARGUMENT, NodeKind.CONSTANT)
        or any(nodes[r].position > nodes[carried].position for r in readers.get(operands[carried], ()))
    )}
    apart = frozenset(taken.values()) & set(writers)
    return LoopState(writers, frozenset(copied), frozenset(on_entry), apart)


def loop_tuples(graph: PlanGraph) -> tuple[LoopTuple, ...]:
    """The tuple of every loop of `graph` (module docstring; cached on the graph)."""
    return graph.derived("loop tuples", _loop_tuples)


def _loop_tuples(graph: PlanGraph) -> tuple[LoopTuple, ...]:
    spans: dict[object, list[int]] = {}  # loop -> [first, last] position
    for node in graph.nodes:
        if node.loop_carried:
            span = spans.setdefault(_loop_of(node), [node.position, node.position])
            span[0] = min(span[0], node.position)
    for node in graph.nodes:
        for parent in ancestors(node.ir) if isinstance(node.ir, Operation) else ():
            if parent in spans:
                spans[parent][1] = max(spans[parent][1], node.position)
    return tuple(LoopTuple(len(loop.operands), first, last) for loop, (first, last) in spans.items())


def state_copy_passes(graph: PlanGraph) -> dict[tuple[int, int], float]:
    """(writer, output port) -> how many times per run of the writer XLA copies the carried value it writes (a
    copy kernel reading and writing it): once an iteration where the carry is copied each iteration, once more
    where the new value is written apart and copied into the state, and once per loop entry (1 / trip count of
    the writer's runs) where the operand is copied into the state."""
    state = loop_state(graph)
    nodes = graph.nodes
    passes: dict[tuple[int, int], float] = {}
    for carried, writer in state.writers.items():
        trip = max(nodes[writer[0]].multiplier // max(nodes[carried].multiplier, 1), 1)
        n = ((carried in state.copied_each_iteration) + (carried in state.written_apart)
             + (carried in state.copied_on_entry) / trip)
        if n:
            passes[writer] = passes.get(writer, 0.0) + n
    return passes
