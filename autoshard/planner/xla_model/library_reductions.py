"""Reductions XLA:CPU hands to a library fusion (YNNPACK's `__ynn_fusion`): which of their producers are written.

XLA:CPU's `LibraryRewriter` (xla/backends/cpu/transforms/library_rewriter.cc, with the YNNPACK matcher,
xla/backends/cpu/transforms/ynn_matcher.h) starts a library fusion at every reduce and reduce_window and grows it
up into a producer only when every user of that producer is already in the fusion (it forms no multi-output
fusion) and YNNPACK supports the producer (xla/backends/cpu/ynn_support.cc: the unary and binary elementwise ops
of its maps on f32, bf16 and f64, broadcasts, reshapes, transposes, pads, constants and iotas; not selects,
compares or logical ops). A loop-fusible producer of the fusion that has a reader outside it is computed by a loop
fusion of its own and written: the reduction reads it from memory, and it lives until that read (a batch norm's
`x - mean` read by the variance's reduction and the normalization, `x_hat` read by the scale gradient's
reduction). Its other readers still compute it inside their own loops where they fuse it.

XLA's common-subexpression elimination makes the ops that repeat one another a single instruction
(`merged_values`: the broadcasts of one constant to one shape, say): its users are all their readers, so a relu's
zero broadcast that a reduction's fusion reads beside the zero of the relu's gradient is written, a zero-filled
buffer of the activation's shape.

Decided on the plan graph alone, on global shapes (`written_for_reductions`), where the backend runs reductions so
(`XlaBackend.library_reductions`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from autoshard.dialects.stablehlo import ReduceWindowOp
from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.xla_model.merged_values import merged_values
from autoshard.rules.typed_ops import typed_op

#: (node index, port)
Port = tuple[int, int]

REDUCE = "stablehlo.reduce"
#: ops starting a library fusion
REDUCTIONS = frozenset({REDUCE, ReduceWindowOp.name})
#: ops YNNPACK takes into a fusion (XLA's unary and binary op maps of ynn_support.cc, the layout ops and leaves
#: its matcher supports), by their StableHLO / CHLO names (`chlo.square` is a multiply in HLO)
SUPPORTED = frozenset({f"stablehlo.{name}" for name in (
    "abs", "ceil", "convert", "cosine", "exponential", "exponential_minus_one", "floor", "log", "log_plus_one",
    "logistic", "negate", "round_nearest_even", "rsqrt", "sign", "sine", "sqrt", "tanh", "tan",
    "add", "divide", "maximum", "minimum", "multiply", "power", "subtract",
    "broadcast_in_dim", "reshape", "transpose", "pad", "constant", "iota")} | {"chlo.erf", "chlo.square"})
#: element types of the elementwise ops it takes
SUPPORTED_TYPES = frozenset({"f32", "bf16", "f64"})


def written_for_reductions(graph: PlanGraph, inline: Collection[Port], sources: Mapping[Port, Port],
                           readers: Callable[[Port], Collection[int]]) -> frozenset[Port]:
    """The producer ports of `inline` (computed inside their readers' loops) that a reduction's library fusion
    cannot take and so reads from memory (module docstring). `sources` maps every (consumer, input port) to the
    (producer, output port) it reads (sharding constraints looked through); `readers(port)` are the nodes reading a
    port."""
    nodes = graph.nodes
    operands: dict[int, list[Port]] = {}
    for (consumer, _), src in sorted(sources.items()):
        operands.setdefault(consumer, []).append(src)
    # one instruction after common-subexpression elimination: the readers of the value and of its repeats
    instruction = {(repeat, 0): source for repeat, source in merged_values(graph).items()
                   if nodes[repeat].kind == NodeKind.OP}
    shared: dict[Port, set[int]] = {}
    for port in {*instruction, *instruction.values()}:
        shared.setdefault(instruction.get(port, port), set()).update(readers(port))

    def all_readers(port: Port) -> Collection[int]:
        return shared.get(instruction.get(port, port)) or readers(port)

    written: set[Port] = set()
    taken: set[int] = set()  # nodes inside some library fusion
    for root in sorted(nodes, key=lambda n: (n.position, n.index), reverse=True):
        if not library_reduction(root) or root.index in taken:
            continue
        members, frontier = {root.index}, list(operands.get(root.index, ()))
        while frontier:
            port = frontier.pop(0)
            node = nodes[port[0]]
            if port not in inline or port[0] in members:
                continue
            if (port[0] not in taken and node.label in SUPPORTED and _supported_type(node)
                    and all(c in members for c in all_readers(port))):
                members.add(port[0])
                frontier.extend(operands.get(port[0], ()))
            else:
                written.add(port)
        taken |= members
    return frozenset(written)


def _supported_type(node: PlanNode) -> bool:
    return all(info is None or info.dtype in SUPPORTED_TYPES for info in (*node.inputs, *node.outputs))


def library_reduction(node: PlanNode) -> bool:
    """A reduce or reduce_window the library takes (`IsReduceLikeOpSupportedByYnn`): one input and its init value,
    of a supported type; a reduce over some dimension; a reduce_window whose windows do not overlap (a window of
    several elements moves by its size), without dilations."""
    if node.label not in REDUCTIONS or len(node.inputs) != 2 or not _supported_type(node) or node.ir is None:
        return False
    if node.label == REDUCE:
        return bool(node.inputs[0] is not None and node.outputs[0] is not None
                    and node.inputs[0].rank > node.outputs[0].rank)
    window = typed_op(node.ir, ReduceWindowOp)
    return (all(size == 1 or stride == size for size, stride in zip(window.window_dimensions, window.window_strides))
            and set(window.base_dilations) <= {1} and set(window.window_dilations) <= {1})
