"""Values XLA:CPU computes at the start of the step: those of constants alone (a broadcast zeros, an iota).

XLA:CPU orders a computation breadth first (`BFSMemoryScheduler`, xla/service/cpu/cpu_compiler.cc, under
`xla_cpu_enable_concurrency_optimized_scheduler`, true by default in xla/debug_options_flags.cc): an instruction
runs once its operands have, in the order they became ready. An op of constants alone (what constant folding
leaves: a large broadcast, an iota) is ready at the start and runs there, wherever the program writes it; seen on
XLA:CPU, jaxlib 0.10: the zeros an embedding's gradient is scattered into, written among the first instructions and
held until the scatter at the end of the backward pass (`XlaBackend.constants_computed_first`).

A scatter does not compute the operand it updates inside its own kernel (XLA:CPU wraps the scatter alone,
`wrapped_scatter`, and the broadcast apart): XLA writes that operand out, and an operand of constants alone is
written at the start; the scatter then updates that buffer, which is held from the start
(`scatters_into_constants`), even where the fusion model computes the operand inside the scatter. Not where XLA
folds the scatter into the add reading it (`scatter_add.scatters_into_adds`: the add its only reader, reading it
in the sharding it writes): XLA scatters into the add's other operand instead, and the zeros are gone (seen on
XLA:CPU, jaxlib 0.10: a tied embedding's input gradient scattered into the head's gradient). Where the add reads
it through a reshard, the zeros are written at the start (seen: a Gemma-shaped step on 8x8).

`constants_first_positions` moves those ops to the start; ops inside a loop body or a conditional branch run where
their region runs and are not moved."""

from __future__ import annotations

from collections.abc import Collection, Sequence


from autoshard.dialects.stablehlo import ScatterOp
from autoshard.planner.plan_graph import NodeKind, PlanGraph


def constants_only(graph: PlanGraph) -> frozenset[int]:
    """The constants and the ops of the function's body (not of a loop or a branch) that read nothing else."""
    nodes = graph.nodes
    sources: dict[int, list[int]] = {}
    for e in graph.edges:
        sources.setdefault(e.consumer, []).append(e.producer)
    out: set[int] = set()
    for n in sorted(nodes, key=lambda n: n.position):
        if n.kind == NodeKind.CONSTANT or (
                n.kind == NodeKind.OP and not n.loop_carried and n.in_function_body()
                and all(p in out for p in sources.get(n.index, ()))):
            out.add(n.index)
    return frozenset(out)


def constants_first_positions(graph: PlanGraph, runs_at: Sequence[int]) -> dict[int, int]:
    """Op -> 0 for the ops of `constants_only` that read their operands later than the step's start."""
    nodes = graph.nodes
    return {i: 0 for i in graph.derived("constants only", constants_only)
            if nodes[i].kind == NodeKind.OP and runs_at[i] > 0}


def scatters_of_constants(graph: PlanGraph) -> frozenset[int]:
    """The scatters whose updated operand (operand 0) is an op of constants alone (`constants_only`)."""
    constants = graph.derived("constants only", constants_only)
    nodes = graph.nodes
    return frozenset(e.consumer for e in graph.edges
                     if e.in_port == 0 and e.producer in constants and nodes[e.producer].kind == NodeKind.OP
                     and nodes[e.consumer].label == ScatterOp.name)


def scatters_into_constants(graph: PlanGraph, folded: Collection[int]) -> frozenset[int]:
    """The scatters of the function's body into a value of constants alone (`scatters_of_constants`) but those XLA
    folds into the add reading them (`folded`): their buffer is that operand's, written at the start."""
    nodes = graph.nodes
    return frozenset(i for i in scatters_of_constants(graph) if nodes[i].in_function_body() and i not in folded)
