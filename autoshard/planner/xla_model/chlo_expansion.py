"""The buffers XLA writes for a CHLO op it expands into several HLO ops, when the op's result is not fused into
its one reader.

`chlo.erfc` on f32 becomes HLO (seen on XLA:CPU, jaxlib 0.10): a rational approximation whose expensive parts are three values of the result's shape, `exp(-x * x)`, `1 / abs(x)` and
`1 / (x * x)`, and whose root is cheap elementwise arithmetic selecting between them. Where every kernel reading
the erfc is a loop fusion (`jax.nn.gelu(approximate=False)` read by its forward product and by its derivative),
XLA duplicates the cheap root into each and writes the three expensive values once each (an exponential or a
divide is not recomputed in several kernels): three f32 buffers over the span the model holds the erfc's result
for. The derivative's own `exp(-x * x)` is the same value after common-subexpression elimination. Where a library
kernel reads it (a reduction XLA:CPU's library runs, a dot), the root is computed in a kernel of its own and its
result written, as the model writes it. On bf16 XLA converts to f32 and back and writes one value (not
modeled apart: the result, as for any op).
"""

from __future__ import annotations

from collections.abc import Callable

from autoshard.planner.plan_graph import PlanGraph, PlanNode

ERFC = "chlo.erfc"
#: the expensive values XLA's f32 erfc writes when its readers are several loop fusions
ERFC_WRITTEN_VALUES = 3


def expanded_ops(graph: PlanGraph, kernels: dict[int, tuple[int, ...]], loop_kernel: Callable[[PlanNode], bool]
                 ) -> frozenset[int]:
    """The f32 erfc nodes whose every reading kernel (`kernels`: root -> members) has a root for which
    `loop_kernel` holds: where written, XLA writes their expansion's values instead (module docstring)."""
    nodes = graph.nodes
    erfcs = {n.index for n in nodes if n.label == ERFC and n.ir is not None and _written_in_f32(n)}
    if not erfcs:
        return frozenset()
    readers: dict[int, set[int]] = {}
    for e in graph.edges:
        if e.producer in erfcs:
            readers.setdefault(e.producer, set()).add(e.consumer)
    roots_of: dict[int, list[int]] = {}
    for root, members in kernels.items():
        for m in members:
            roots_of.setdefault(m, []).append(root)
    return frozenset(i for i in erfcs if readers.get(i) and all(
        loop_kernel(nodes[root]) for c in readers[i] for root in roots_of.get(c, [c])))


def _written_in_f32(node: PlanNode) -> bool:
    """Whether the program computes the erfc in f32 (as written: a bf16 one holds f32 values in the model, where
    XLA computes bf16 in f32, but XLA expands it otherwise)."""
    return str(node.ir.results[0].type.element_type) == "f32"


def written_buffers(node: PlanNode, local_bytes: int, expanded: frozenset[int]) -> list[int]:
    """Per-device bytes of each buffer XLA writes for a result of `node` (`local_bytes` on one device) where
    the result is not fused into its reader: the result itself, or, for a node of `expanded` (`expanded_ops`), its
    expansion's values."""
    return [local_bytes] * (ERFC_WRITTEN_VALUES if node.index in expanded else 1)
