"""Values XLA:CPU computes once although the program computes them twice: `jax.checkpoint`'s recomputation.

`jax.checkpoint` recomputes a layer's forward values before their backward readers from the layer's inputs passed
through a `stablehlo.optimization_barrier`, which keeps XLA from merging the recomputation with the forward
pass. XLA:CPU removes the barriers after SPMD partitioning (`OptimizationBarrierExpander`, in the passes before
layout assignment; XLA:GPU only after scheduling and rematerialization) and its common-subexpression
elimination then merges every recomputed value with the forward value it repeats: the forward value's buffer
lives until the backward's last reader, and the recomputation never runs (observed on XLA:CPU, jaxlib 0.10: the
compiled step has fewer dots than the program, and the forward activations live from the forward pass to the
backward). Whether the merge happens is the backend's fact (`XlaBackend.merges_recomputation`), which
`memory_accounting` applies.

`merged_values(graph)` names, per plan node that XLA:CPU does not compute, the (node, port) whose
buffer it is:
- a barrier's value node is its operand (the barrier is gone);
- an op node at the function's top level that repeats an earlier one (the same op, attributes, result types and
  reducer body, reading the same values, barriers seen through) is that earlier node, when the plan partitions
  the two alike: the same operand and result shardings. A repeat the plan shards otherwise is a different
  partitioned op, and so is everything computed from it: XLA keeps both. A repeat with several results (a
  router's `top_k`) is numbered like its forward op, so what is computed from it merges, but is kept as computed
  itself (its results are small). A broadcast of a one-element constant is that constant's broadcast to its
  local shape however the plan shards it (XLA simplifies a slice of it to one): what reads it reads the earlier
  broadcast's value, whether or not the two are partitioned alike (seen on XLA:CPU, jaxlib 0.10: a LLaMA-shaped
  step whose recomputed norms read a replicated broadcast of their epsilon, the forward's a sharded one, compiles
  with its recomputation merged).

How a merged value is then held (`memory_accounting.GraphLiveness`): the forward's buffer lives until the last
reader of either; a repeat of a cheap op XLA computes inside its readers' fusions is computed inside its own
readers' fusions too; a repeat of an expensive one (a transcendental, a divide) that something still reads, or
of a cheap one a reader cannot compute, is written out once by the forward; a repeat read by nothing computed is
dead code.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Operation

from autoshard.ir.op_keys import KeysByObjects
from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.program import BARRIER_OP

BROADCAST = "stablehlo.broadcast_in_dim"
#: ops XLA's common-subexpression elimination never merges (effects, randomness, communication, control flow)
NOT_MERGED = ("rng", "custom_call", "all_", "collective", "reduce_scatter", "send", "recv", "infeed", "outfeed",
              "while", "case", "if", "sdy.")


def merged_values(graph: PlanGraph, assignment: Sequence[int] | None = None) -> dict[int, tuple[int, int]]:
    """Node index -> the (node, port) whose buffer XLA:CPU gives its value (module docstring); without the
    plan's `assignment`, as if it partitioned every repeat like the value it repeats (computed once per graph;
    read-only)."""
    if assignment is None:
        return _numbered_as_if_alike(graph)[0]
    return _numbered_under(graph, assignment)[0]


def repeated_ops(graph: PlanGraph) -> dict[int, int]:
    """Each op node that repeats an earlier one (module docstring: the same op reading the same values, barriers
    seen through, every repeat taken as partitioned like the op it repeats) -> that earlier op node; multi-result
    repeats included."""
    return _numbered_as_if_alike(graph)[1]


def recomputed_ops(graph: PlanGraph) -> frozenset[int]:
    """The op nodes computed from a barrier's value: `jax.checkpoint`'s recomputation (and what reads it)."""
    return _numbered_as_if_alike(graph)[2]


def recomputation_ties(graph: PlanGraph) -> list[tuple[int, int]]:
    """(op, its recomputation) pairs that a plan partitioning alike keeps merged (`merged_values`): the repeats of an
    op that only ops computed from a barrier's value repeat (`recomputed_ops`: one layer's recomputation), each
    with the same strategy list as the op (strategy i of each partitions alike). An op also repeated outside any
    recomputation (a broadcast of a constant every layer makes alike, a table each layer computes again) is left
    untied: its repeats lie in other layers, and tying them would tie the layers together."""
    recomputed = recomputed_ops(graph)
    repeats_of: dict[int, list[int]] = {}
    for repeat, earlier in repeated_ops(graph).items():
        repeats_of.setdefault(earlier, []).append(repeat)
    nodes = graph.nodes
    return [(earlier, repeat) for earlier, repeats in repeats_of.items()
            if all(r in recomputed and _same_strategies(nodes[earlier], nodes[r]) for r in repeats)
            for repeat in repeats]


def _same_strategies(a: PlanNode, b: PlanNode) -> bool:
    """Whether strategy i of `a` and of `b` partition alike for every i (the same operand and result shardings)."""
    if a.strategies is b.strategies:
        return True
    return len(a.strategies) == len(b.strategies) and all(
        x.inputs == y.inputs and x.outputs == y.outputs for x, y in zip(a.strategies, b.strategies))


def _numbered_as_if_alike(graph: PlanGraph) -> tuple[dict[int, tuple[int, int]], dict[int, int], frozenset[int]]:
    """`_numbered` without a plan (every repeat partitioned like the value it repeats), once per graph."""
    return graph.derived("numbered as if alike", lambda g: _numbered(g, None))


def _numbered_under(graph: PlanGraph, assignment: Sequence[int]
                    ) -> tuple[dict[int, tuple[int, int]], dict[int, int], frozenset[int]]:
    """`_numbered` under the plan `assignment`, kept for the last plan asked about (the memory accounting and the
    combiner's groups ask about one plan in turn): the walk without a plan's when the plan partitions each of its
    repeats like the op it repeats (the walk under the plan then takes the same step at every node: the same
    numbers, so the same keys, the same earlier op, partitioned alike), else the walk under the plan."""
    def walk(graph: PlanGraph, assignment: Sequence[int]) -> tuple:
        alike = _numbered_as_if_alike(graph)
        nodes = graph.nodes
        if all(_partitioned_alike(nodes[earlier], nodes[repeat], assignment) for repeat, earlier in alike[1].items()):
            return alike
        return _numbered(graph, assignment)

    return graph.under_plan("numbered", assignment, walk)


def _numbered(graph: PlanGraph, assignment: Sequence[int] | None
              ) -> tuple[dict[int, tuple[int, int]], dict[int, int], frozenset[int]]:
    """(`merged_values`, the op repeats numbered like the op they repeat: repeat -> earlier op, the ops computed
    from a barrier's value)."""
    nodes = graph.nodes
    canonical: dict[tuple[int, int], tuple[int, int]] = {}
    first: dict[object, int] = {}
    merged: dict[int, tuple[int, int]] = {}
    repeats: dict[int, int] = {}
    recomputed: set[int] = set()  # barrier values and the ops reading them, transitively

    def number(node: int, port: int) -> tuple[int, int]:
        return canonical.get((node, port), (node, port))

    for index, role, key, reads, outputs in graph.derived("merge walk", _merge_walk):
        if role == _BARRIER:
            merged[index] = reads[0]
            canonical[index, 0] = number(*reads[0])
            recomputed.add(index)
        elif role == _PASS_THROUGH:
            canonical[index, 0] = number(*reads[0])
            if reads[0][0] in recomputed:
                recomputed.add(index)
        elif role == _CONSTANT:  # constants of one value are one value, not merged (they hold no buffer)
            canonical[index, 0] = number(first.setdefault(key, index), 0)
        else:
            if any(node in recomputed for node, _ in reads):
                recomputed.add(index)
            earlier = first.setdefault((key, tuple(number(*read) for read in reads)), index)
            if earlier != index and _partitioned_alike(nodes[earlier], nodes[index], assignment):
                repeats[index] = earlier
                if outputs == 1:
                    merged[index] = (earlier, 0)
                for port in range(outputs):  # a multi-result repeat (top_k) is numbered, not merged
                    canonical[index, port] = number(earlier, port)
            elif earlier != index and role == _SPLAT:  # the same value, however partitioned
                canonical[index, 0] = number(earlier, 0)
    return merged, repeats, frozenset(i for i in recomputed if nodes[i].kind == NodeKind.OP)


#: what `merged_values` does with a node: a barrier's value and a sharding constraint are their operand, a
#: constant is the first constant of its value, an op the first op of its key reading the same values, and so is
#: a broadcast of a one-element constant, whose value is that op's however the two are partitioned
_BARRIER, _PASS_THROUGH, _CONSTANT, _OP, _SPLAT = range(5)


def _merge_walk(graph: PlanGraph) -> list[tuple[int, int, int | None, tuple[tuple[int, int], ...], int]]:
    """The nodes `merged_values` numbers, in program order, each as (node, role, its op key's interned id, the
    (node, port) it reads per operand in operand order, its number of results): the graph's structure alone, so
    worked out once (`PlanGraph.derived`)."""
    static = _static_keys(graph)
    splats = constant_broadcasts(graph)
    operands: dict[int, dict[int, tuple[int, int]]] = {}
    for e in graph.edges:
        operands.setdefault(e.consumer, {})[e.in_port] = (e.producer, e.out_port)
    walk = []
    for node in sorted(graph.nodes, key=lambda n: n.position):
        reads = operands.get(node.index, {})
        key = static[node.index]
        if is_barrier_value(node) and len(reads) == 1:
            walk.append((node.index, _BARRIER, None, (reads[0],), 1))
        elif node.kind == NodeKind.CONSTRAINT and 0 in reads:
            walk.append((node.index, _PASS_THROUGH, None, (reads[0],), 1))
        elif node.kind == NodeKind.CONSTANT and node.ir is not None:
            if key is not None:
                walk.append((node.index, _CONSTANT, key, (), 1))
        elif key is not None and _mergeable(node):
            walk.append((node.index, _SPLAT if node.index in splats else _OP, key,
                         tuple(reads[i] for i in sorted(reads)), len(node.outputs)))
    return walk


def _partitioned_alike(earlier: PlanNode, repeat: PlanNode, assignment: Sequence[int] | None) -> bool:
    if assignment is None or not earlier.strategies or not repeat.strategies:
        return True
    a, b = earlier.strategies[assignment[earlier.index]], repeat.strategies[assignment[repeat.index]]
    return a.inputs == b.inputs and a.outputs == b.outputs


def is_barrier_value(node: PlanNode) -> bool:
    """Whether `node` is a value of a `jax.checkpoint` barrier (`stablehlo.optimization_barrier`)."""
    return node.kind == NodeKind.DATA_FLOW and str(node.label).startswith(BARRIER_OP)


def _mergeable(node: PlanNode) -> bool:
    return (node.kind == NodeKind.OP and bool(node.outputs) and all(o is not None for o in node.outputs)
            and node.in_function_body() and not any(part in node.label for part in NOT_MERGED))


def _static_keys(graph: PlanGraph) -> list[int | None]:
    """Each node's op key without its operands (`op_key`), interned: equal keys get one integer (hashing the keys'
    attributes again on every walk dominated on deep models); None where it has none."""
    keyed = (NodeKind.OP, NodeKind.CONSTANT)
    ids: dict[tuple, int] = {}
    key_of = KeysByObjects(op_key)
    keys = [key_of(n.ir) if n.kind in keyed and n.ir is not None else None for n in graph.nodes]
    return [None if key is None else ids.setdefault(key, len(ids)) for key in keys]


def op_key(op: Operation) -> tuple | None:
    """What makes two ops reading the same values compute the same value (None: unhashable attributes)."""
    body = tuple(o.name for region in op.regions for block in region.blocks for o in block.ops)  # a reducer
    key = (op.name, tuple(op.result_types), tuple(sorted(op.properties.items())),
           tuple(sorted(op.attributes.items())), body)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def constant_broadcasts(graph: PlanGraph) -> frozenset[int]:
    """The `broadcast_in_dim` nodes of a one-element constant (they read no computed value)."""
    nodes = graph.nodes
    operand = {e.consumer: e.producer for e in graph.edges if e.in_port == 0}
    return frozenset(node.index for node in nodes
                     if node.label == BROADCAST and node.index in operand
                     and nodes[operand[node.index]].kind == NodeKind.CONSTANT
                     and nodes[operand[node.index]].outputs[0] is not None
                     and nodes[operand[node.index]].outputs[0].rank == 0)
