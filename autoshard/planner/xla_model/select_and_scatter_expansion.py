"""XLA's expansion of `select_and_scatter` (a max pool's gradient) on a backend that expands it
(`XlaBackend.select_and_scatter_expanded`): the buffers it holds, where, and the bytes its kernels move.

`SelectAndScatterExpander` (xla/service/select_and_scatter_expander.cc) rewrites
`select_and_scatter(operand, source, init)` as
- one s32 `iota` of the operand's shape per dimension;
- a variadic `reduce_window` over the operand and the iotas selecting each window's element and its coordinates:
  source-shaped results, one of the operand's type and one s32 per dimension;
- a `concatenate` of the coordinates into the scatter's indices, s32 [windows, rank];
- a `broadcast` of `init` to the operand's shape, into which a `scatter` adds the source at the indices (in
  place: the broadcast is the result's buffer).
Its kernels are all memory-bound (`kernel_bytes`). Where they run (`XlaBackend.select_and_scatter_indices_early`,
seen on XLA:CPU, jaxlib 0.10: the memory scheduler emits the scatter's operands, the zero-filled buffer and the
indices, before the gradient chain feeding its updates): the iotas and the reduce_window run where the operand is
first read (the forward pooling, `indices_position`), and the indices and the zero-filled result are held from
there until the scatter. A source not computed by a loop fusion (an argument, a convolution's result) is copied
into the scatter's update layout (`bitcast_copy_fusion`; an argument's at the step's start, as the scheduler runs
what reads no computed value first); a loop-fusible source is computed in that layout.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from autoshard.dialects.op_traits import LoopFusible
from autoshard.dialects.ops_by_name import has_trait
from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.no_op_ops import is_no_op
from autoshard.sharding.hardware_profiles import element_bytes

OP_NAME = "stablehlo.select_and_scatter"


@dataclass(frozen=True)
class Expansion:
    """The sizes of one device's share of an expanded `select_and_scatter`."""

    #: elements of the operand (and the result) and of the source (one per window), per device
    operand_elements: int
    window_elements: int
    rank: int
    #: bytes of one operand element and of one s32 coordinate
    element_bytes: int
    index_bytes: int

    @property
    def iota_bytes(self) -> int:
        """The iotas of the operand's shape, one per dimension."""
        return self.rank * self.operand_elements * self.index_bytes

    @property
    def operand_bytes(self) -> int:
        return self.operand_elements * self.element_bytes

    @property
    def selected_bytes(self) -> int:
        """The reduce_window's results: each window's selected element and its coordinates."""
        return self.window_elements * (self.element_bytes + self.rank * self.index_bytes)

    @property
    def indices_bytes(self) -> int:
        """The scatter's indices, s32 [windows, rank]."""
        return self.rank * self.window_elements * self.index_bytes

    @property
    def source_bytes(self) -> int:
        return self.window_elements * self.element_bytes

    def kernel_bytes(self) -> int:
        """Bytes its kernels read and write: the iotas written; the reduce_window reading the operand and the iotas
        and writing its results; the concatenation reading the coordinates and writing the indices; the broadcast
        writing the zero-filled result; the scatter reading the indices and the source and writing the updates."""
        reduce_window = self.operand_bytes + self.iota_bytes + self.selected_bytes
        concatenate = 2 * self.indices_bytes
        scatter = self.indices_bytes + 2 * self.source_bytes
        return self.iota_bytes + reduce_window + concatenate + self.operand_bytes + scatter


def expansion(node: PlanNode, local_inputs: Sequence[tuple[int, ...]], backend: XlaBackend) -> Expansion | None:
    """The expansion of a `select_and_scatter` node whose operand and source have the per-device shapes
    `local_inputs[0]`, `local_inputs[1]`, on a backend that expands it; None for any other node or backend."""
    if (not backend.select_and_scatter_expanded.value or node.label != OP_NAME or len(node.inputs) < 2
            or None in node.inputs[:2] or len(local_inputs) < 2):
        return None
    operand, source = local_inputs[0], local_inputs[1]
    return Expansion(math.prod(operand), math.prod(source), len(operand), element_bytes(node.inputs[0].dtype),
                     backend.index_bytes.value)


def _no_op(node: PlanNode) -> bool:
    """A node XLA leaves out between a pooled value and its select_and_scatter: a sharding constraint, or a pad
    adding no padding (`no_op_ops`)."""
    return node.kind == NodeKind.CONSTRAINT or is_no_op(node)


def _operand_chain(graph: PlanGraph, node: PlanNode) -> tuple[list[int], tuple[int, int] | None]:
    """The no-op nodes between the select_and_scatter and the value it pools (nearest first), and that value's
    (producer, port)."""
    producer = {(e.consumer, e.in_port): (e.producer, e.out_port) for e in graph.edges}
    chain, at = [], producer.get((node.index, 0))
    while at is not None and _no_op(graph.nodes[at[0]]):
        chain.append(at[0])
        at = producer.get((at[0], 0))
    return chain, at


def _pooled_value(graph: PlanGraph, node: PlanNode) -> tuple[int, int] | None:
    """The (producer, port) of the value the select_and_scatter pools, behind no-op pads and constraints."""
    return _operand_chain(graph, node)[1]


@dataclass(frozen=True)
class EarlyReads:
    """Where a backend that computes the indices early reads each pooled value: the expanded select_and_scatter
    nodes, which no longer read their operand 0, and the no-op nodes between each and the value it pools (`_no_op`:
    no buffers of their own) -> the `indices_position` they are read at."""

    readers: frozenset[int] = frozenset()
    chain: dict[int, int] = field(default_factory=dict)


def early_operand_reads(graph: PlanGraph, runs_at: Sequence[int], backend: XlaBackend) -> EarlyReads:
    """The `EarlyReads` of `graph` on `backend` (none where it does not expand select_and_scatter or computes the
    indices at the scatter)."""
    if not (backend.select_and_scatter_expanded.value and backend.select_and_scatter_indices_early.value):
        return EarlyReads()
    readers, chain = set(), {}
    for node in graph.nodes:
        if node.label == OP_NAME and node.kind == NodeKind.OP and len(node.inputs) >= 2:
            at = indices_position(graph, node, runs_at, backend)
            if at < runs_at[node.index]:  # another reader of the pooled value reads it earlier
                readers.add(node.index)
                chain.update({i: at for i in _operand_chain(graph, node)[0]})
    return EarlyReads(frozenset(readers), chain)


def indices_position(graph: PlanGraph, node: PlanNode, runs_at: Sequence[int], backend: XlaBackend) -> int:
    """The program position where the expansion's iotas and reduce_window run: where the pooled value is first read
    (`Expansion` docstring) on a backend that schedules them early, else the select_and_scatter's own."""
    pooled = _pooled_value(graph, node) if backend.select_and_scatter_indices_early.value else None
    if pooled is None:
        return runs_at[node.index]
    readers = [runs_at[e.consumer] for e in graph.edges if (e.producer, e.out_port) == pooled
               and graph.nodes[e.consumer].kind == NodeKind.OP]
    return min([runs_at[node.index], *readers])


def source_copy(graph: PlanGraph, node: PlanNode) -> NodeKind | None:
    """Where XLA copies the source into the scatter's update layout, the kind of node the source is: an argument's
    or an op's not computed by a loop fusion (a convolution, a dot, a collective); None where it makes no copy."""
    producer = next((e.producer for e in graph.edges if e.consumer == node.index and e.in_port == 1), None)
    if producer is None:
        return None
    source = graph.nodes[producer]
    return None if source.kind == NodeKind.OP and has_trait(source.label, LoopFusible) else source.kind


#: the expansion's buffers beside the select_and_scatter's own (`expansion_spans`)
IOTAS, SELECTED, INDICES, POOLED_OPERAND, ZERO_FILLED_RESULT, SOURCE_COPY = (
    "iotas", "selected", "indices", "pooled operand", "zero-filled result", "source copy")


def buffer_bytes(sizes: Expansion, name: str) -> int:
    """The per-device bytes of the expansion's buffer `name` (one of `expansion_spans`'s)."""
    return {IOTAS: sizes.iota_bytes, SELECTED: sizes.selected_bytes, INDICES: sizes.indices_bytes,
            POOLED_OPERAND: sizes.operand_bytes, ZERO_FILLED_RESULT: sizes.operand_bytes,
            SOURCE_COPY: sizes.source_bytes}[name]


def expansion_spans(graph: PlanGraph, node: PlanNode, runs_at: Sequence[int],
                    fused: Collection[tuple[int, int]], returned: Collection[tuple[int, int]],
                    backend: XlaBackend) -> dict[str, tuple[int, int]]:
    """The expansion's buffers beside the select_and_scatter's own (its operand, source and result), name -> the
    half steps (2 x p: the op at program position p; inclusive) it lives over, whatever the shardings: at the
    reduce_window the iotas and its results, and the pooled value it reads where that is computed inside its other
    readers' fusions (`fused`: no buffer of its own); from there to the scatter the indices, and the zero-filled
    result unless the result is `returned` (the output buffer, held all step); at the scatter the source's copy
    where XLA makes one."""
    at = 2 * runs_at[node.index]
    first = min(2 * indices_position(graph, node, runs_at, backend), at)
    scatter = max(at, first + 1)  # the moment after the reduce_window where both run at the select_and_scatter
    spans = {IOTAS: (first, first), SELECTED: (first, first), INDICES: (first + 1, scatter)}
    if _pooled_value(graph, node) in fused:
        spans[POOLED_OPERAND] = (first, first)
    if first < at and (node.index, 0) not in returned:
        spans[ZERO_FILLED_RESULT] = (first, at - 1)
    copied = source_copy(graph, node)
    if copied is not None:  # a copy of an argument reads no computed value: the scheduler makes it first
        spans[SOURCE_COPY] = (0 if copied == NodeKind.ARGUMENT else scatter, scatter)
    return spans
