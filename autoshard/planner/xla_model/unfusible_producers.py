"""The producers XLA's instruction fusion never computes inside a reader: its "globally unfusible" set.

XLA duplicates a loop-fusible producer into each reader that fuses it, unless duplicating it would read more:
a producer is kept out of every reader (written to memory once) when
1. it is not effectively unary: at least two of its operands have a true rank (dimensions larger than 1) at
   least its result's, not counting broadcasts, iotas and one-element constants;
2. its distinct operands hold more elements than its result; and
3. some reader cannot take it along every path: each of that reader's operands the producer reaches (the
   producer itself included) must be fusible into the reader and not itself kept out, and the same must hold
   of that operand, recursively. A path through a dot, a reduction or a memory value breaks it.
Producers are decided readers first, so a kept-out value blocks the paths of the producers above it. In a
training step this keeps out a forward value read by elementwise backward ops that also read a gradient
computed from it through a dot (a SwiGLU's `gate * sigmoid(gate)`, a residual add).

The graph-level rule is decided on global shapes, independent of the assignment.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence

from autoshard.planner.plan_graph import PlanGraph, PlanNode, TensorInfo

#: (node index, port)
Port = tuple[int, int]

#: labels of ops whose result XLA does not count as a large operand (kBroadcast, kIota)
_NEGLIGIBLE_OPERAND_OPS = ("stablehlo.broadcast_in_dim", "stablehlo.iota")


def globally_unfusible(graph: PlanGraph, sources: Mapping[Port, Port], fusible: Collection[int],
                       fusing: Collection[int], readers: Callable[[int], Collection[int]]) -> frozenset[int]:
    """The nodes of `fusible` kept out of all their readers by the rule of the module docstring.

    `sources` maps every (consumer, input port) to the (producer, output port) it reads (sharding constraints
    looked through); `fusible` holds the producers the local rule computes inside each of their readers,
    `fusing` the nodes that take producers inside their loop, and `readers(i)` the nodes reading node i's result.
    """
    nodes = graph.nodes
    operands: dict[int, list[Port]] = {}
    for (consumer, port), src in sorted(sources.items()):
        operands.setdefault(consumer, []).append(src)
    descendants = _descendants(nodes, operands)
    kept_out: set[int] = set()
    for node in sorted(nodes, key=lambda n: (n.position, n.index), reverse=True):
        p = node.index
        if p not in fusible or not _duplication_reads_more(nodes, node, operands.get(p, [])):
            continue
        verdicts: dict[int, bool] = {}
        if not all(_fuses_on_all_paths(p, c, operands, descendants[p], fusible, fusing, kept_out, verdicts)
                   for c in readers(p)):
            kept_out.add(p)
    return frozenset(kept_out)


def _duplication_reads_more(nodes: Sequence[PlanNode], node: PlanNode, operands: Sequence[Port]) -> bool:
    """Conditions 1 and 2 of the module docstring."""
    out = node.outputs[0] if node.outputs else None
    if out is None:
        return False
    rank = _true_rank(out)
    large = [src for src in operands if not _negligible(nodes[src[0]], src[1]) and
             _true_rank(nodes[src[0]].outputs[src[1]]) >= rank]
    if len(large) <= 1:
        return False
    return sum(_elements(nodes[i].outputs[j]) for i, j in set(operands)) > _elements(out)


def _fuses_on_all_paths(producer: int, consumer: int, operands: Mapping[int, Sequence[Port]], reached: int,
                        fusible: Collection[int], fusing: Collection[int], kept_out: Collection[int],
                        verdicts: dict[int, bool]) -> bool:
    """Whether `producer` fuses into `consumer` along every path (condition 3); `reached` is the producer's
    descendants as a bit set, `verdicts` what is known for this producer so far (filled in)."""
    stack, open_ = [consumer], {consumer}
    while stack:
        x = stack[-1]
        if x in verdicts:
            stack.pop()
            open_.discard(x)
            continue
        verdict, pending = x == producer or x in fusing, None
        for q, _ in operands.get(x, ()) if x != producer and verdict else ():
            if q != producer and not (reached >> q) & 1:
                continue  # not on a path from the producer
            if q in kept_out or q not in fusible or q in open_ or verdicts.get(q) is False:
                verdict = False
                break
            if q not in verdicts:
                pending = q
                break
        if verdict and pending is not None:
            stack.append(pending)
            open_.add(pending)
            continue
        verdicts[x] = verdict
        stack.pop()
        open_.discard(x)
    return verdicts[consumer]


def _descendants(nodes: Sequence[PlanNode], operands: Mapping[int, Sequence[Port]]) -> list[int]:
    """Per node, the nodes reachable from it along forward edges (a reader later in program order), as a bit set."""
    readers: dict[int, set[int]] = {}
    for consumer, srcs in operands.items():
        for p, _ in srcs:
            readers.setdefault(p, set()).add(consumer)
    reach = [0] * len(nodes)
    for node in sorted(nodes, key=lambda n: (n.position, n.index), reverse=True):
        bits = 0
        for c in readers.get(node.index, ()):
            if (nodes[c].position, c) > (node.position, node.index):
                bits |= reach[c] | (1 << c)
        reach[node.index] = bits
    return reach


def _negligible(node: PlanNode, port: int) -> bool:
    info = node.outputs[port]
    return node.label in _NEGLIGIBLE_OPERAND_OPS or (node.label == "stablehlo.constant" and
                                                     (info is None or _elements(info) == 1))


def _true_rank(info: TensorInfo) -> int:
    return sum(1 for d in info.shape if d != 1)


def _elements(info: TensorInfo | None) -> int:
    return 0 if info is None else math.prod(info.shape)
