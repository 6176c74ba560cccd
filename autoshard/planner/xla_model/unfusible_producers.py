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

The same rule decides whether a producer written to memory anyway (for a dot, a collective, a reduction's library
fusion) is also computed again inside its fusing readers (`written_not_duplicated`). XLA sees a dot reading a
value through a bitcast to 2-D, or from a transposed copy, as that fusible user, which passes condition 3: seen on
XLA:CPU, jaxlib 0.10, a LLaMA-shaped step computes each RMSNorm gradient's input (the sum of two projections'
gradients) again in every slice of its all-to-all and in both products reading it, while the residual stream's
gradient adds, read by the next layer's projections and by an add reading their gradient, are written once.

The graph-level rule is decided on global shapes, independent of the assignment.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from autoshard.planner.plan_graph import PlanGraph, PlanNode, TensorInfo

#: (node index, port)
Port = tuple[int, int]

#: labels of ops whose result XLA does not count as a large operand (kBroadcast, kIota)
_NEGLIGIBLE_OPERAND_OPS = ("stablehlo.broadcast_in_dim", "stablehlo.iota")


@dataclass(frozen=True)
class ProducerPaths:
    """The graph's data-flow paths as the rule walks them: per consumer, the (producer, output port) each input
    reads (sharding constraints looked through), and per node its descendants as a bit set."""

    operands: dict[int, list[Port]]
    descendants: list[int]

    @staticmethod
    def of(graph: PlanGraph, sources: Mapping[Port, Port]) -> ProducerPaths:
        """`sources` maps every (consumer, input port) to the (producer, output port) it reads."""
        operands: dict[int, list[Port]] = {}
        for (consumer, port), src in sorted(sources.items()):
            operands.setdefault(consumer, []).append(src)
        return ProducerPaths(operands, _descendants(graph.nodes, operands))


def globally_unfusible(graph: PlanGraph, paths: ProducerPaths, fusible: Collection[int], fusing: Collection[int],
                       readers: Callable[[int], Collection[int]]) -> frozenset[int]:
    """The nodes of `fusible` kept out of all their readers by the rule of the module docstring.

    `fusible` holds the producers the local rule computes inside each of their readers, `fusing` the nodes that
    take producers inside their loop, and `readers(i)` the nodes reading node i's result.
    """
    return _kept_out(graph, paths, fusible, fusible, fusing, readers, frozenset(), lambda reader, producer: False)


def written_not_duplicated(graph: PlanGraph, paths: ProducerPaths, written: Collection[int],
                           fusible: Collection[int], fusing: Collection[int], readers: Callable[[int], Collection[int]],
                           kept_out: Collection[int], through_fusible_user: Callable[[int, int], bool]
                           ) -> frozenset[int]:
    """The nodes of `written` (loop-fusible producers written to memory for some reader) that XLA computes inside
    none of their readers either, each reading the written buffer: the rule of the module docstring, where a reader
    taking the producer through a fusible user of its own (`through_fusible_user(reader, producer)`) passes
    condition 3. A path runs through `fusible` and `written` nodes, not through `kept_out` ones."""
    return _kept_out(graph, paths, written, {*fusible, *written}, fusing, readers, kept_out, through_fusible_user)


def _kept_out(graph: PlanGraph, paths: ProducerPaths, producers: Collection[int], fusible: Collection[int],
              fusing: Collection[int], readers: Callable[[int], Collection[int]], blocked: Collection[int],
              through_fusible_user: Callable[[int, int], bool]) -> frozenset[int]:
    """The nodes of `producers` the rule keeps out of their readers, decided readers first; `blocked` nodes break
    every path from the start."""
    nodes, operands = graph.nodes, paths.operands
    kept_out: set[int] = set(blocked)
    for node in sorted(nodes, key=lambda n: (n.position, n.index), reverse=True):
        p = node.index
        if p not in producers or not _duplication_reads_more(nodes, node, operands.get(p, [])):
            continue
        verdicts: dict[int, bool] = {}
        if not all(through_fusible_user(c, p)
                   or _fuses_on_all_paths(p, c, operands, paths.descendants[p], fusible, fusing, kept_out, verdicts)
                   for c in readers(p)):
            kept_out.add(p)
    return frozenset(kept_out.difference(blocked))


def _duplication_reads_more(nodes: Sequence[PlanNode], node: PlanNode, operands: Sequence[Port]) -> bool:
    """Conditions 1 and 2 of the module docstring: computing `node` (reading `operands`) inside each of its readers
    reads more than reading its written result."""
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
