"""Dot operand layouts as XLA lays them out: which dot_general operands XLA reads from a transposed copy
(`copied_ports`, `copied_operands`; a convolution's as well, `conv_layout`) or, being vectors on the device, from a
copy (`vector_ports`), and which dots it runs on flattened 2-D operands (`flattened_dot`, `flattened_operand`). The planner's memory
accounting holds the copies' buffers (`memory_accounting`) and its pricing runs the transposed copies' kernels
(`fusion_groups`), on a backend that makes the copies (`makes_layout_copies`: `XlaBackend.dot_operand_copies`,
`XlaBackend.convolution_operand_copies`; `XlaBackend.dot_vector_operand_copies`)."""

from __future__ import annotations

from collections.abc import Sequence

from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.conv_layout import canonicalized_ports
from autoshard.rules.dot import dot_dimension_numbers


def dot_numbers(node: PlanNode) -> tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]] | None:
    """A two-operand dot_general node's (lhs batch, rhs batch, lhs contracting, rhs contracting) dims, else None."""
    if node.kind != NodeKind.OP or node.label != "stablehlo.dot_general" or node.ir is None or len(node.inputs) != 2:
        return None
    return dot_dimension_numbers(node.ir)


def flattened_dot(node: PlanNode) -> bool:
    """A dot_general XLA runs on 2-D operands: an operand with several free (non-batch, non-contracting) dims is
    flattened, so its elementwise readers read the result through a bitcast and cannot take its buffer over."""
    numbers = dot_numbers(node)
    if numbers is None:
        return False
    lhs_batch, rhs_batch, lhs_contract, rhs_contract = numbers
    lhs, rhs = node.inputs
    return ((lhs is not None and lhs.rank - len(lhs_batch) - len(lhs_contract) > 1)
            or (rhs is not None and rhs.rank - len(rhs_batch) - len(rhs_contract) > 1))


def flattened_operand(node: PlanNode, port: int) -> bool:
    """A dot_general operand XLA reads through a bitcast to 2-D: one with several free or several contracting
    dims. Where every reader reads a value so, XLA fuses the bitcast into the value's kernel, which then writes
    the 2-D shape (its buffer is none of its operands', `memory_accounting`)."""
    numbers = dot_numbers(node)
    if numbers is None or node.inputs[port] is None:
        return False
    batch, contract = numbers[port], numbers[2 + port]
    return node.inputs[port].rank - len(batch) - len(contract) > 1 or len(contract) > 1


def _matrix_layout(rank: int, batch: Sequence[int], contract: Sequence[int], trailing_ok: bool,
                   leading_ok: bool) -> bool:
    nb, nc = len(batch), len(contract)
    if list(batch) != list(range(nb)):
        return False
    trailing = list(contract) == list(range(rank - nc, rank))
    leading = list(contract) == list(range(nb, nb + nc))
    return (trailing_ok and trailing) or (leading_ok and leading)


def _needs_copy(rank: int, batch: Sequence[int], contract: Sequence[int], lhs: bool) -> bool:
    nb, nc = len(batch), len(contract)
    if list(batch) == list(range(nb)) and nc <= 1 and rank - nb - nc <= 1:
        return False
    return not _matrix_layout(rank, batch, contract, trailing_ok=lhs, leading_ok=not lhs)


def copied_ports(node: PlanNode) -> list[int]:
    """The operands of a dot_general XLA reads from a transposed copy (its dot decomposer, seen on XLA:CPU, jaxlib
    0.10): an operand whose batch dims do not lead, or one with several contracting or several free dims not laid
    out as lhs [batch, free, contracting] / rhs [batch, contracting, free] (contracting dims in the order the dot
    pairs them). An operand with at most one contracting and one free dim after its batch dims is read in either
    order. A convolution's: `conv_layout.canonicalized_ports`."""
    numbers = dot_numbers(node)
    if numbers is None:
        return canonicalized_ports(node)
    lhs_batch, rhs_batch, lhs_contract, rhs_contract = numbers
    lhs, rhs = node.inputs
    out = []
    if lhs is not None and _needs_copy(lhs.rank, lhs_batch, lhs_contract, True):
        out.append(0)
    if rhs is not None and _needs_copy(rhs.rank, rhs_batch, rhs_contract, False):
        out.append(1)
    return out


def vector_ports(node: PlanNode, local_inputs: Sequence[tuple[int, ...]]) -> list[int]:
    """The operands of a dot_general XLA reads from a copy (a kernel of its own, or fused with the operand's
    producer) because they are vectors on the device, `local_inputs` being the operands' local shapes: an operand
    with one free (non-batch, non-contracting) dim, of local size 1 (a [1, K] lhs, a [K, 1] rhs, batched or not;
    seen on XLA:CPU, jaxlib 0.10, reading an argument, a loop's carried value, a dot's or an elementwise op's
    result). Where both are vectors XLA multiplies and reduces them instead, writing one product the lhs's size:
    the lhs alone."""
    numbers = dot_numbers(node)
    if numbers is None or None in node.inputs:
        return []
    lhs_batch, rhs_batch, lhs_contract, rhs_contract = numbers
    out = []
    for port, (batch, contract) in enumerate(((lhs_batch, lhs_contract), (rhs_batch, rhs_contract))):
        free = [d for d in range(len(local_inputs[port])) if d not in batch and d not in contract]
        if len(free) == 1 and local_inputs[port][free[0]] == 1:
            out.append(port)
    return out[:1]


def copied_operands(graph: PlanGraph) -> tuple[tuple[int, int], ...]:
    """(dot node, operand index) of every operand read through a transposed copy (`copied_ports`), but for an
    operand computed by another dot whose contracting dims are its trailing or leading block in another order:
    XLA's layout assignment has that dot write its result in the order the reader wants (no copy). Worked out once
    per graph (`PlanGraph.derived`)."""
    return graph.derived("copied operands", _copied_operands)


def _copied_operands(graph: PlanGraph) -> tuple[tuple[int, int], ...]:
    producer = {(e.consumer, e.in_port): e.producer for e in graph.edges}
    out = []
    for node in graph.nodes:
        ports = copied_ports(node)
        if not ports:
            continue
        if dot_numbers(node) is None:  # a convolution's
            out.extend((node.index, port) for port in ports)
            continue
        lhs_batch, rhs_batch, lhs_contract, rhs_contract = dot_dimension_numbers(node.ir)
        for port in ports:
            info, batch, contract = ((node.inputs[0], lhs_batch, lhs_contract) if port == 0
                                     else (node.inputs[1], rhs_batch, rhs_contract))
            source = graph.nodes[producer[(node.index, port)]] if (node.index, port) in producer else None
            reordered = _matrix_layout(info.rank, batch, sorted(contract), True, True)
            if not (reordered and source is not None and source.kind == NodeKind.OP
                    and source.label == "stablehlo.dot_general"):
                out.append((node.index, port))
    return tuple(out)


def makes_layout_copies(node: PlanNode, backend: XlaBackend) -> bool:
    """Whether `backend` reads the node's `copied_ports` from transposed copies: a convolution's where it
    canonicalizes convolutions (`XlaBackend.convolution_operand_copies`), a dot's where its dot decomposer lays
    operands out again (`XlaBackend.dot_operand_copies`)."""
    fact = backend.dot_operand_copies if dot_numbers(node) is not None else backend.convolution_operand_copies
    return fact.value
