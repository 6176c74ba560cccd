"""Which buffers XLA gives a `stablehlo.case`'s results, stated on the plan graph.

A case result node (data flow) has one input per branch, the value that branch yields; its output is the case's
result. Rules (XLA's buffer assignment of a conditional, `XlaBackend.case_results_in_place`):
- each result is one buffer, from the case on to its last reader, which every branch computes its yielded value
  into: the branch op computing a yielded value has no buffer of its own (the branch's root tuple shares the
  conditional's output buffers); a branch yielding a value computed outside it (or its own value twice) has it
  copied into the result instead (the value keeps its buffer);
- the case's results are one tuple (a pointer each, `XlaBackend.tuple_entry_bytes`), and the values its branches
  read from outside another (its operand tuple), held while the case runs (`case_tuples`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.rules.attrs import ancestors, op_name

CASE = "stablehlo.case"


@dataclass(frozen=True)
class CaseTuples:
    """The tuples of one case: its results' and its operands' entries, and the positions they are held over
    (inclusive)."""

    results: int
    operands: int
    first: int
    last: int


def _case_of(node) -> Operation | None:
    """The `stablehlo.case` whose result a data-flow node is, else None."""
    op = getattr(node.ir[-1], "op", None) if node.kind == NodeKind.DATA_FLOW and node.ir else None
    return op if isinstance(op, Operation) and op_name(op) == CASE else None


def _enclosing(op: Operation, cases: set[Operation]) -> list[Operation]:
    """The cases of `cases` that `op` lies in, at any depth."""
    return [parent for parent in ancestors(op) if parent in cases]


def branch_writers(graph: PlanGraph) -> frozenset[tuple[int, int]]:
    """(branch op, output port) of every value a branch computes into its case's result buffer (module
    docstring; cached on the graph)."""
    return graph.derived("case branch writers", _branch_writers)


def _branch_writers(graph: PlanGraph) -> frozenset[tuple[int, int]]:
    nodes = graph.nodes
    source = {(e.consumer, e.in_port): (e.producer, e.out_port) for e in graph.edges}
    cases = {n.index: _case_of(n) for n in nodes}
    cases = {i: case for i, case in cases.items() if case is not None}
    yielded: dict[tuple[int, int], int] = {}  # (producer, port) -> how many case results it is yielded as
    writers = []
    for result, case in cases.items():
        for port in range(len(nodes[result].inputs)):
            value = source.get((result, port))
            while value is not None and nodes[value[0]].kind == NodeKind.CONSTRAINT:
                value = source.get((value[0], 0))
            if value is None or nodes[value[0]].kind != NodeKind.OP or not isinstance(nodes[value[0]].ir, Operation):
                continue
            yielded[value] = yielded.get(value, 0) + 1
            if case in _enclosing(nodes[value[0]].ir, {case}):
                writers.append(value)
    return frozenset(w for w in writers if yielded[w] == 1)


def case_tuples(graph: PlanGraph) -> tuple[CaseTuples, ...]:
    """The result and operand tuples of every case of `graph` (module docstring; cached on the graph)."""
    return graph.derived("case tuples", _case_tuples)


def _case_tuples(graph: PlanGraph) -> tuple[CaseTuples, ...]:
    nodes = graph.nodes
    spans: dict[Operation, list[int]] = {}  # case -> [first, last] position
    for node in nodes:
        case = _case_of(node)
        if case is not None:
            span = spans.setdefault(case, [node.position, node.position])
            span[0] = min(span[0], node.position)
    inside: dict[int, list[Operation]] = {}  # node -> the cases it lies in
    for node in nodes:
        if isinstance(node.ir, Operation):
            inside[node.index] = _enclosing(node.ir, set(spans))
            for case in inside[node.index]:
                spans[case][1] = max(spans[case][1], node.position)
    operands: dict[Operation, set[tuple[int, int]]] = {case: set() for case in spans}
    for e in graph.edges:
        for case in inside.get(e.consumer, ()):
            if case not in inside.get(e.producer, ()) and nodes[e.producer].kind != NodeKind.CONSTANT:
                operands[case].add((e.producer, e.out_port))
    return tuple(CaseTuples(len(case.results), len(operands[case]), first, last)
                 for case, (first, last) in spans.items())
