"""Reshard buffers as XLA:CPU writes them: a local slice of a replicated value into a reader that takes it inside its
own loop fusion (an elementwise op: XLA fuses the `dynamic-slice` into the reader's `kLoop` fusion) writes no buffer;
into a dot, which reads its operands from buffers, the slice is written out. XLA:CPU's breadth-first scheduler
writes a reshard where the value it reads is ready, and the buffer is held from there to its read."""

from __future__ import annotations

import autoshard
from autoshard.planner.xla_model.backend import CPU, GPU
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.xla_model.memory_accounting import fixed_bytes, plan_live_values, plan_liveness, plan_memory
from autoshard.solver.validate import peak_usage
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
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, plan.mesh, CPU))
    return [v for v in values if v.name.endswith("resharded")]


def test_a_local_slice_into_an_elementwise_reader_writes_no_buffer():
    assert _resharded("stablehlo.multiply") == []


def test_a_local_slice_into_a_dot_is_written_out():
    written = _resharded("stablehlo.dot_general")
    assert [v.size_bytes for v in written] == [64 * 32 * 4]


#: a value split by rows read as is by the ops after it, and whole only by a dot at the end, as is an argument
READ_WHOLE_LATE = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<64x64xf32>
  %1 = stablehlo.add %0, %x : tensor<64x64xf32>
  %2 = stablehlo.exponential %1 : tensor<64x64xf32>
  %3 = stablehlo.sine %2 : tensor<64x64xf32>
  %4 = stablehlo.dot_general %3, %0, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.dot_general %4, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %5 : tensor<64x64xf32>
}
"""


def _split_by_rows(node) -> int:
    """The strategy of an elementwise op or an argument with every tensor's rows split over `data`."""
    for s, strategy in enumerate(node.strategies):
        if all([a.name for a in t.dims[0].axes] == ["data"] and not t.dims[1].axes
               for t in (*strategy.inputs, *strategy.outputs)):
            return s
    raise AssertionError(f"{node.label}: no row-split strategy")


def _read_whole_late():
    """The plan of `READ_WHOLE_LATE` and an assignment splitting `%w` and every op but the dots by rows (the dots
    read the whole of both operands)."""
    plan = autoshard.plan(READ_WHOLE_LATE, mesh="data=2", time_limit=2)
    assignment = [0] * len(plan.graph.nodes)
    for node in plan.graph.nodes:
        if node.label in ("stablehlo.multiply", "stablehlo.add", "stablehlo.exponential", "stablehlo.sine") or (
                node.label == "%arg1"):  # %w
            assignment[node.index] = _split_by_rows(node)
    return plan, assignment


def _written_at(backend) -> dict[str, tuple[int, int]]:
    """Per resharded value of `_read_whole_late`, the half steps its reshard buffer lives over."""
    plan, assignment = _read_whole_late()
    liveness = plan_liveness(plan.graph, assignment, plan.mesh, backend)
    values = plan_live_values(plan.graph, assignment, plan.mesh, liveness)
    return {v.name.removesuffix(" resharded"): (v.def_index, v.last_use_index)
            for v in values if v.name.endswith("resharded")}


def test_breadth_first_xla_cpu_writes_a_reshard_where_its_operand_is_ready_and_holds_it_until_read():
    """XLA:CPU's breadth-first scheduler runs a collective once the value it reads is ready: the gather of the
    multiply's result right after the multiply, the argument's at the step's start, not before the dots."""
    nodes = autoshard.plan(READ_WHOLE_LATE, mesh="data=2", time_limit=2).graph.nodes
    multiply = next(n.position for n in nodes if n.label == "stablehlo.multiply")
    first_dot, second_dot = sorted(n.position for n in nodes if n.label == "stablehlo.dot_general")
    spans = _written_at(CPU)
    assert spans["stablehlo.multiply"] == (2 * multiply, 2 * first_dot)
    assert spans["%arg1"] == (0, 2 * second_dot)


def test_without_a_breadth_first_scheduler_a_reshard_is_written_where_it_is_read():
    spans = _written_at(GPU)
    assert all(lo == hi for lo, hi in spans.values())


def test_the_solver_holds_the_reshards_written_before_their_reads_as_the_report_does():
    plan, assignment = _read_whole_late()
    model = PlanCostModel(plan.config)
    report = plan_memory(plan.graph, assignment, plan.mesh, model.backend).total_bytes
    for around in (None, assignment):
        problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None,
                                       reshard_pairs=True, around=around)
        assert peak_usage(problem, assignment)[0] + fixed_bytes(plan.graph, plan.mesh, model.backend) == report


#: the weight read as it is by an elementwise op, and whole by the dot reading it through a barrier (the
#: recomputation's copy of it, which the forward pass does not read)
BARRIER_READS_WHOLE = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %0 = stablehlo.multiply %w, %w : tensor<64x64xf32>
  %1 = stablehlo.tanh %x : tensor<64x64xf32>
  %2 = stablehlo.exponential %1 : tensor<64x64xf32>
  %3:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %4 = stablehlo.dot_general %3#0, %3#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.add %4, %2 : tensor<64x64xf32>
  return %0, %5 : tensor<64x64xf32>, tensor<64x64xf32>
}
"""


def test_an_argument_resharded_into_a_barrier_is_written_at_the_start_and_held_until_read():
    """XLA:CPU removes the barriers after partitioning: the gather of a weight into one reads the parameter alone
    and runs at the step's start (seen on an 8B step on 64 devices: the output projections gathered for the
    recomputation's barrier at the start, held until the backward dots read them)."""
    plan = autoshard.plan(BARRIER_READS_WHOLE, mesh="data=2", time_limit=2)
    graph = plan.graph
    assignment = [0] * len(graph.nodes)  # everything replicated but the weight and the multiply reading it
    for node in graph.nodes:
        if node.label in ("%arg1", "stablehlo.multiply"):
            assignment[node.index] = _split_by_rows(node)
    dot = next(n for n in graph.nodes if n.label == "stablehlo.dot_general")
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, plan.mesh, CPU))
    spans = {v.name: (v.def_index, v.last_use_index) for v in values if v.name.endswith("resharded")}
    assert spans == {"%arg1 resharded": (0, 2 * dot.position)}
