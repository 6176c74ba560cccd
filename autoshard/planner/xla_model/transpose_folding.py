"""The transposes XLA folds into the dots reading them (`folded_transposes`): never computed, no buffer.

XLA's `TransposeFolding` pass (xla/service/transpose_folding.cc; XLA:CPU runs it before layout assignment with
`TransposeFolding::IsRowColumnTransposeDotOperand`, xla/service/cpu/cpu_compiler.cc) lets a dot read a transpose's
operand directly, its dimension numbers permuted, where the transposed operand has one contracting dim, its batch
dims + 2 dims in all and the transpose leaves every batch dim in place, and where the dot's implementation can
read a transposed operand (`DotImplementationCanHandleTranspose`, xla/service/cpu/dot_op_emitter.cc): not a batched
dot, whose operands are laid out row-major (seen on XLA:CPU, jaxlib 0.10: `x @ w.T` reads `w`; `x @ swapaxes(w, 1,
2)` over a batch dim copies `w` transposed). So a matrix transposed for a dot without batch dims is folded. A
transpose every reader of which folds it is then dead: the dots read its operand where they run (a tied LM head
reading `embedding.T` reads the embedding). A transpose any other reader takes (an elementwise op, a reduction, a
result, a batched dot) is computed for it.

Decided on the graph alone (global shapes, as XLA sees the partitioned program where the transpose and the dot are
partitioned alike); sharding constraints between the transpose and its readers are looked through.
"""

from __future__ import annotations

from autoshard.dialects.stablehlo import TransposeOp
from autoshard.planner.plan_graph import NodeKind, PlanGraph, PlanNode
from autoshard.planner.xla_model.dot_layout import dot_numbers
from autoshard.rules.typed_ops import typed_op


def folded_transposes(graph: PlanGraph) -> frozenset[int]:
    """The `stablehlo.transpose` nodes every reader of which is a dot that folds them (module docstring)."""
    nodes = graph.nodes
    readers: dict[int, list[tuple[int, int]]] = {}
    for e in graph.edges:
        readers.setdefault(e.producer, []).append((e.consumer, e.in_port))

    def folds(node: int, permutation: tuple[int, ...]) -> bool:
        users = readers.get(node, [])
        return bool(users) and all(
            folds(c, permutation) if nodes[c].kind == NodeKind.CONSTRAINT else _folds_into(nodes[c], port, permutation)
            for c, port in users)

    return frozenset(n.index for n in nodes
                     if n.kind == NodeKind.OP and n.label == TransposeOp.name and n.ir is not None
                     and folds(n.index, tuple(typed_op(n.ir, TransposeOp).permutation)))


def _folds_into(node: PlanNode, port: int, permutation: tuple[int, ...]) -> bool:
    """Whether a dot folds a transpose it reads as operand `port`: a dot without batch dims reading a transposed
    matrix over one contracting dim (module docstring)."""
    numbers = dot_numbers(node)
    if numbers is None or port > 1:
        return False
    lhs_batch, _, lhs_contract, rhs_contract = numbers
    return not lhs_batch and len(permutation) == 2 and len(lhs_contract if port == 0 else rhs_contract) == 1
