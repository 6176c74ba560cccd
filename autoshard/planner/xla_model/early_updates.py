"""Where XLA's memory scheduler runs the ops computing donated arguments' new values (an optimizer's updates).

XLA does not schedule in program order: XLA:CPU orders a computation breadth first (`BFSMemoryScheduler`,
`constants_first`), an instruction running once its operands have; the op writing a donated argument's new value
into that argument's buffer was seen to run as soon as what it reads is ready and the argument's other readers
have run (`XlaBackend.early_donated_updates`). A training step's
optimizer, written after the whole backward pass, so updates each moment right after its gradient is computed,
and the gradient dies there instead of at the end of the step.

`update_ops` are the elementwise ops whose results reach only donated arguments' new values (the results a
`tf.aliasing_output` names, through sharding constraints), not the gradients' dots and reductions;
`early_update_positions` moves them: an op writing a result runs once its inputs are ready (their all-reduces
settled; values of the arguments and constants alone are ready whenever wanted) and the argument it overwrites has
been read by everything else; any other update op runs with the first update op reading it (fused into it, or
written right before it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.planner.xla_model.fusion_groups import TRANSPARENT_KINDS, loop_fusible


def update_ops(graph: PlanGraph, donors: Mapping[int, int]) -> frozenset[int]:
    """The elementwise (loop-fusible) and pass-through nodes computing donated arguments' new values: reached up
    from the results in `donors` (result -> the donated argument its value is written into) through such nodes
    whose every reader is such a result or another such node (not the gradients' dots and reductions)."""
    nodes = graph.nodes
    readers: dict[int, set[int]] = {}
    sources: dict[int, set[int]] = {}
    for e in graph.edges:
        if e.consumer != e.producer:
            readers.setdefault(e.producer, set()).add(e.consumer)
            sources.setdefault(e.consumer, set()).add(e.producer)

    def computes_update(i: int) -> bool:
        n = nodes[i]
        return (loop_fusible(n) or n.kind in TRANSPARENT_KINDS) and not n.loop_carried

    out: set[int] = set()
    stack = [p for r in donors for p in sources.get(r, ()) if computes_update(p)]
    while stack:
        i = stack.pop()
        if i in out or not all(c in out or c in donors or c == i for c in readers.get(i, ())):
            continue
        out.add(i)
        stack.extend(p for p in sources.get(i, ()) if p not in out and computes_update(p))
    return frozenset(out)


def early_update_positions(graph: PlanGraph, donors: Mapping[int, int], runs_at: Sequence[int],
                           ready_at: Sequence[int]) -> dict[int, int]:
    """Update op (`update_ops`) -> the position it reads its operands at, where that is earlier than `runs_at`
    (module docstring). `ready_at`: per node, where its result is ready (after its settling all-reduce)."""
    nodes = graph.nodes
    ops = update_ops(graph, donors)
    if not ops:
        return {}
    sources, readers = graph.forward_neighbours()
    overwrites: dict[int, int] = {}  # update op -> the donated argument whose buffer it writes
    for e in graph.edges:
        if e.consumer in donors and e.producer in ops:
            overwrites[e.producer] = donors[e.consumer]
    order = sorted(ops, key=lambda i: nodes[i].position)
    free = graph.derived("computed from the inputs alone", _inputs_only)
    ready: dict[int, int] = {}
    for op in order:
        at = max((ready[p] if p in ops else ready_at[p] for p in sources.get(op, ()) if p not in free), default=0)
        donor = overwrites.get(op)
        if donor is not None:  # the argument's other readers run first
            at = max([at] + [runs_at[c] for c in readers.get(donor, ()) if c not in ops])
        ready[op] = at
    moved: dict[int, int] = {}
    for op in reversed(order):
        later = [moved.get(c, ready[c]) for c in readers.get(op, ()) if c in ops]
        at = ready[op] if op in overwrites or not later else max(ready[op], min(later))
        if at < runs_at[op]:
            moved[op] = at
    return moved


def _inputs_only(graph: PlanGraph) -> frozenset[int]:
    """Nodes computed from the step's arguments and constants alone (arguments, constants, and the loop-fusible ops
    of them: a broadcast hyperparameter, a bias correction of the step count): ready whenever a reader wants them."""
    nodes = graph.nodes
    sources = graph.forward_neighbours()[0]
    out: set[int] = set()
    for n in sorted(nodes, key=lambda n: n.position):
        inputs = sources.get(n.index, ())
        if n.kind in (NodeKind.ARGUMENT, NodeKind.CONSTANT) or (
                loop_fusible(n) and not n.loop_carried and all(p in out for p in inputs)):
            out.add(n.index)
    return frozenset(out)
