"""The order XLA's passes walk a computation in (`HloComputation::MakeInstructionPostOrder`), on a plan graph.

A depth-first post order from the computation's results, in the root tuple's order, each node's operands in
operand order: every node after its operands, and a result's whole cone before the next result's. XLA's collective
combiners (`CombineInstructionsByKey`, xla/service/collective_combiner_utils.h) walk this order, not the program's,
to group independent collectives (`memory_accounting.combined_positions`)."""

from __future__ import annotations

from autoshard.planner.plan_graph import NodeKind, PlanGraph


def post_order(graph: PlanGraph) -> dict[int, int]:
    """Node -> its index in the post order (module docstring); nodes no result depends on follow in program
    order. Loops' back edges are not followed."""
    nodes = graph.nodes
    operands: dict[int, list[tuple[int, int]]] = {}
    for e in graph.edges:
        if nodes[e.consumer].position > nodes[e.producer].position or e.producer != e.consumer and (
                nodes[e.producer].kind != NodeKind.OP):
            operands.setdefault(e.consumer, []).append((e.in_port, e.producer))
    order: list[int] = []
    seen: set[int] = set()
    by_position = sorted(nodes, key=lambda n: n.position)
    for root in [n.index for n in by_position if n.kind == NodeKind.RESULT] + [n.index for n in by_position]:
        stack = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            stack.extend((p, False) for _, p in sorted(operands.get(node, ()), reverse=True) if p not in seen)
    return {node: index for index, node in enumerate(order)}
