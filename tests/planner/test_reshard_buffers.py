"""Reshard buffers as XLA:CPU writes them: a local slice of a replicated value into a reader that takes it inside its
own loop fusion (an elementwise op: XLA fuses the `dynamic-slice` into the reader's `kLoop` fusion) writes no buffer;
into a dot, which reads its operands from buffers, the slice is written out."""

from __future__ import annotations

import autoshard
from autoshard.planner.xla_model.backend import CPU
from autoshard.planner.xla_model.memory_accounting import plan_live_values, plan_liveness
from autoshard.sharding import DimSharding

#: a replicated dot result read by an elementwise multiply and by a second dot
TWO_READERS = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<64x64xf32>
  %2 = stablehlo.dot_general %0, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %1, %2 : tensor<64x64xf32>, tensor<64x64xf32>
}
"""


def _rows_sharded(node) -> int:
    """The strategy of `node` reading every operand with its rows split over `data` and nothing else split."""
    for s, strategy in enumerate(node.strategies):
        first = strategy.inputs[0].dims
        if [a.name for a in first[0].axes] == ["data"] and not first[1].axes and not strategy.settle and all(
                not d.axes for sharding in strategy.inputs[1:] for d in sharding.dims[1:]):
            return s
    raise AssertionError(f"{node.label}: no row-split strategy")


def _resharded(reader_label: str) -> list:
    plan = autoshard.plan(TWO_READERS, mesh="data=2", time_limit=2)
    graph = plan.graph
    assignment = [0] * len(graph.nodes)  # the first strategies: everything replicated
    assert all(d == DimSharding(()) for n in graph.nodes for s in n.strategies[:1] for t in s.outputs for d in t.dims)
    reader = next(n for n in sorted(graph.nodes, key=lambda n: -n.position) if n.label == reader_label)
    assignment[reader.index] = _rows_sharded(reader)
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, CPU))
    return [v for v in values if v.name.endswith("resharded")]


def test_a_local_slice_into_an_elementwise_reader_writes_no_buffer():
    assert _resharded("stablehlo.multiply") == []


def test_a_local_slice_into_a_dot_is_written_out():
    written = _resharded("stablehlo.dot_general")
    assert [v.size_bytes for v in written] == [64 * 32 * 4]
