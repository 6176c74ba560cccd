"""The memory the solver holds under the budget is the memory the plan's report states: on the zoo's plans the peak
of the problem a plan over the budget is searched again with (node usages over their intervals, each op's transient
buffers as usage pieces, each reader's reshard buffer as a pair piece of its two nodes and the buffer readers
resharding alike share between their reads as pair pieces too: `reshard_pairs`, plus what every plan holds) equals
`plan_memory`'s total. The first search leaves the pair pieces out."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.xla_model.memory_accounting import fixed_bytes
from autoshard.solver.validate import peak_usage

REPO = Path(__file__).resolve().parents[2]
MESHES = ("data=2,model=4", "data=2,model=2,seq=2")
CASES = [(model, mesh) for model in ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
         for mesh in MESHES]


@pytest.mark.parametrize(("model", "mesh"), CASES)
def test_the_solver_holds_the_memory_the_report_states(model, mesh):
    plan = autoshard.plan((REPO / "examples" / f"{model}.mlir").read_text(), mesh=mesh, time_limit=2, seed=0,
                          num_workers=1)
    model = PlanCostModel(plan.config)
    # the pair pieces between reads made exact for the plan, or not; partial sums settled where its collectives are
    # combined, or where each op runs
    for around, settled_as in ((None, None), (plan.assignment, None), (plan.assignment, plan.assignment)):
        problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None,
                                       reshard_pairs=True, around=around, settled_as=settled_as)
        solver = peak_usage(problem, plan.assignment)[0] + fixed_bytes(plan.graph, plan.mesh, model.backend)
        assert solver == plan.cost.memory.total_bytes


#: what the report holds that depends on two nodes' strategies (or on several: the combiner's tuple)
PAIRWISE = (" resharded", " before its result reshard", " beside its smaller operand", "combined all-reduce tuple")


def _pairwise(value) -> bool:
    """A buffer of the report's that the solver does not see: one depending on two or more nodes' strategies."""
    return value.name.endswith(PAIRWISE)


#: the 2x4 plan partitions 132 of the 648 recomputed values otherwise than the forward values they repeat: XLA keeps
#: both (the recomputation hoisted beside the forward pass), the solver's view merges them as if alike; the search
#: ties them only once a plan breaks the budget (`test_a_plan_over_the_budget_is_searched_again_with_...`)
REPEATS_APART = pytest.mark.xfail(strict=True, reason="the plan partitions recomputed values otherwise than their "
                                  "forward values; the solver sees every repeat merged")


def _checkpointed_step() -> str:
    import sys
    from dataclasses import replace

    sys.path.insert(0, str(REPO / "examples"))
    import llm_steps

    shape = replace(llm_steps.shape_of("llama3-8b", layers=2, batch=16, seq=64, checkpoint=True),
                    hidden=128, heads=4, kv_heads=2, ffn=448, vocab=512)
    return llm_steps.export(shape)


@pytest.mark.parametrize("mesh", ["data=8,model=8", pytest.param("data=2,model=4", marks=REPEATS_APART)])
def test_on_a_checkpointed_step_the_solver_holds_what_xla_keeps_from_forward_to_backward(mesh):
    """XLA:CPU merges `jax.checkpoint`'s recomputation with the forward pass: the forward values live until the
    backward reads them. The solver's view holds them too (and the barriers' values as their operands' buffers),
    so at the report's peak it holds exactly the report's buffers less those depending on two nodes' strategies."""
    pytest.importorskip("jax")
    from dataclasses import replace

    import numpy as np

    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.planner.xla_model.backend import Fact
    from autoshard.planner.xla_model.memory_accounting import half_steps, plan_live_values, plan_liveness, plan_memory
    from autoshard.planner.xla_model.merged_values import merged_values
    from autoshard.solver.validate import usage_profile

    plan = autoshard.plan(_checkpointed_step(), mesh=mesh, time_limit=2, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True))
    model = PlanCostModel(plan.config)
    graph, assignment = plan.graph, plan.assignment
    assert merged_values(graph, assignment) == merged_values(graph)  # every repeat partitioned like its forward value
    problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None)
    # the step donates its weights: the copies XLA keeps of them and the temporaries it places in the buffers they
    # free are counted after the search (`donated_copies`), not by the solver
    backend = replace(model.backend, donated_argument_copies=Fact(False, "counted after the search"))
    values = plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, plan.mesh, backend))
    total = np.zeros(half_steps(graph) + 1, dtype=np.int64)
    unseen = np.zeros_like(total)
    for v in values:
        if v.kind in ("parameter", "output"):
            total += v.size_bytes
        else:
            total[v.def_index:v.last_use_index + 1] += v.size_bytes
            if _pairwise(v):
                unseen[v.def_index:v.last_use_index + 1] += v.size_bytes
    peak = int(total.argmax())
    assert total[peak] == plan_memory(graph, assignment, plan.mesh, backend).total_bytes
    solver = int(usage_profile(problem, assignment)[peak]) + fixed_bytes(graph, plan.mesh, model.backend)
    assert solver == total[peak] - unseen[peak], (solver, total[peak], unseen[peak])


def _far_apart_readers_resharding_alike(graph, assignment, liveness):
    """A value's producer, and two of its readers far apart with strategies resharding it alike (the plan's choices
    elsewhere): (edge, edge, strategy, strategy), or None."""
    from autoshard.planner.xla_model.memory_accounting import reshard_read, reshard_writes_buffer
    from autoshard.planner.xla_model.fusion_groups import slice_fusing_nodes

    slice_fusing = graph.derived("slice fusing nodes", slice_fusing_nodes)
    readers: dict = {}
    for e in graph.edges:
        span = reshard_read(graph, e, liveness)
        if span is not None and e.consumer != e.producer:
            readers.setdefault((e.producer, e.out_port), []).append((span, e))
    for (producer, port), reads in readers.items():
        reads.sort(key=lambda read: read[0])
        (first_span, first), (last_span, last) = reads[0], reads[-1]
        if last_span[0] - first_span[1] < 50:
            continue
        src = graph.nodes[producer].strategies[assignment[producer]].outputs[port]
        firsts = {s.inputs[first.in_port]: i for i, s in enumerate(graph.nodes[first.consumer].strategies)}
        for j, strategy in enumerate(graph.nodes[last.consumer].strategies):
            target = strategy.inputs[last.in_port]
            if target in firsts and all(reshard_writes_buffer(graph, e, src, target, liveness, slice_fusing)
                                        for e in (first, last)):
                return first, last, firsts[target], j
    return None


def test_readers_resharding_a_value_alike_share_one_buffer_between_their_reads_in_the_solver_too():
    """Two readers of a value far apart in the checkpointed step, made to reshard it alike: the report holds one
    buffer from the first read to the last (XLA computes the reshard once), and at every half step between them a
    pair piece of the problem searched again, made exact for that plan, holds it too (a reader between them reads
    the value otherwise: the earlier reader's buffer alone would leave the last stretch unheld)."""
    pytest.importorskip("jax")
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.planner.xla_model.memory_accounting import plan_live_values, plan_liveness

    plan = autoshard.plan(_checkpointed_step(), mesh="data=2,model=4", time_limit=2, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True))
    model = PlanCostModel(plan.config)
    graph, assignment = plan.graph, list(plan.assignment)
    found = _far_apart_readers_resharding_alike(graph, assignment,
                                                plan_liveness(graph, assignment, plan.mesh, model.backend))
    assert found is not None
    first, last, i, j = found
    assignment[first.consumer], assignment[last.consumer] = i, j
    liveness = plan_liveness(graph, assignment, plan.mesh, model.backend)
    label = f"{graph.nodes[first.producer].label} resharded"
    shared = [v for v in plan_live_values(graph, assignment, plan.mesh, liveness)
              if v.name == label and v.last_use_index - v.def_index >= 100]
    assert shared
    value = max(shared, key=lambda v: v.last_use_index - v.def_index)
    problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None, reshard_pairs=True,
                                   around=assignment)
    holding = [piece.interval for piece in problem.pair_pieces
               if piece.usages[assignment[piece.u], assignment[piece.v]] == value.size_bytes]
    unheld = [t for t in range(value.def_index, value.last_use_index + 1) if not any(lo <= t < hi for lo, hi in holding)]
    assert not unheld, (value, unheld[:5])


def test_a_plan_over_the_budget_is_searched_again_with_each_recomputation_partitioned_like_its_forward_op():
    """At 46.3 MB on 2x4 the first plan of the checkpointed step partitions recomputations otherwise than their
    forward ops, which XLA keeps apart (over the budget: 46.32 MB predicted; it fits 51 MB, and XLA compiles it to
    46.41 MB, 45.55 MB of it live at its peak); the search again holds each recomputed op to its forward op's
    strategy (`recomputation_ties`), from the first plan so tied, and sees every reader's reshard buffer (pair
    pieces): its plan fits (46.06 MB), with no third search (1.245e-4 s)."""
    pytest.importorskip("jax")
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.planner.xla_model.merged_values import recomputation_ties

    budget = 46_300_000
    plan = autoshard.plan(_checkpointed_step(), mesh="data=2,model=4", time_limit=2, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True), memory_budget=budget)
    assert plan.solver.extra["memory_searches"] == 2
    assert plan.cost.memory.total_bytes <= budget
    assert plan.solver.objective_s < 1.3e-4
    ties = recomputation_ties(plan.graph)
    assert ties and all(plan.assignment[a] == plan.assignment[b] for a, b in ties)


#: w's contracting dims [1, 2] follow its free dim: XLA reads it through a transposed copy; both operands are
#: sharded along the contraction, so the dot holds partial sums (and, scattered, the unscattered sum) while it settles
PARTIAL_SUMS_AND_COPY = """module {
  sdy.mesh @mesh = <["model"=4]>
  func.func @main(%x: tensor<64x8x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"model"}]>},
                  %w: tensor<64x8x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"model"}]>}) -> tensor<64x64xf32> {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1, 2] x [1, 2] : (tensor<64x8x512xf32>, tensor<64x8x512xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }
}
"""


def test_the_solver_sees_partial_sums_and_operand_copies_where_the_report_counts_them():
    """At the dot the report holds the arguments, the result, w's transposed copy and the partial sums; the moment
    after it (the all-reduce) the partial sums and the unscattered sum, the copy dead. The solver counts the same
    buffers at the same half steps, so its peak is the report's."""
    from autoshard.planner.xla_model.memory_accounting import plan_live_values, plan_liveness

    plan = autoshard.plan(PARTIAL_SUMS_AND_COPY, mesh="model=4", time_limit=2, seed=0, num_workers=1)
    model = PlanCostModel(plan.config)
    names = {v.name for v in plan_live_values(plan.graph, plan.assignment, plan.mesh,
                                              plan_liveness(plan.graph, plan.assignment, plan.mesh, model.backend))}
    assert {"stablehlo.dot_general partial sums", "stablehlo.dot_general transposed operand 1"} <= names
    problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None)
    assert problem.pieces
    solver = peak_usage(problem, plan.assignment)[0] + fixed_bytes(plan.graph, plan.mesh, model.backend)
    assert solver == plan.cost.memory.total_bytes


def test_searched_again_around_a_plan_the_solver_holds_partial_sums_until_their_combined_all_reduce():
    """Two independent weight gradients, batch sharded 8 ways: XLA:CPU settles both in one all-reduce after the
    second, so the first gradient's partial sums live until then. The solver's first view settles each where it
    runs (which collectives combine depends on the whole plan); around the plan (`settled_as`, what a plan over the
    budget is searched again with) it holds them as the report does, all but the combined all-reduce's tuple."""
    from autoshard.planner.xla_model.memory_accounting import plan_live_values, plan_liveness
    from tests.costmodel.test_cost_memory import INDEPENDENT_GRADIENTS

    plan = autoshard.plan(INDEPENDENT_GRADIENTS, mesh="d=8", time_limit=2, num_workers=1)
    model = PlanCostModel(plan.config)
    graph, assignment = plan.graph, plan.assignment
    tuples = sum(v.size_bytes for v in plan_live_values(graph, assignment, plan.mesh,
                                                        plan_liveness(graph, assignment, plan.mesh, model.backend))
                 if v.name == "combined all-reduce tuple")
    partial_sums = 256 * 256 * 4  # one gradient's, f32[256,256] on every device
    seen = {}
    for settled_as in (None, assignment):
        problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None,
                                       reshard_pairs=True, around=assignment, settled_as=settled_as)
        seen[settled_as is None] = peak_usage(problem, assignment)[0] + fixed_bytes(graph, plan.mesh, model.backend)
    assert tuples == 64
    assert seen[False] + tuples == plan.cost.memory.total_bytes
    assert seen[True] <= plan.cost.memory.total_bytes - 2 * partial_sums  # the first gradient's two buffers unseen


def test_around_a_plan_a_weight_gathered_at_the_start_is_held_until_the_recomputation_reads_it_again():
    """XLA:CPU gathers a sharded weight the forward dot reads whole at the step's start; `jax.checkpoint`'s barrier
    reads it whole again later, so the report holds one gathered buffer from the start to the barrier. A reader
    taking the weight as it is (an update: written early, no buffer) spans the gap between the two reads; it holds
    nothing, so around the plan a pair piece holds the gathered buffer there (it used to be left out)."""
    import numpy as np

    from autoshard.planner.xla_model.memory_accounting import half_steps, plan_live_values, plan_liveness

    t = "tensor<256x256xf32>"
    text = f"""sdy.mesh @mesh = <["d"=8]>
func.func @main(%w: {t} {{sdy.sharding = #sdy.sharding<@mesh, [{{"d"}}, {{}}]>}}, %x: {t}) -> ({t}, {t}) {{
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : ({t}, {t}) -> {t}
  %1 = stablehlo.tanh %0 : {t}
  %2:2 = stablehlo.optimization_barrier %w, %1 : {t}, {t}
  %3 = stablehlo.dot_general %2#1, %2#0, contracting_dims = [1] x [0] : ({t}, {t}) -> {t}
  %4 = stablehlo.multiply %w, %w : {t}
  return %3, %4 : {t}, {t}
}}"""
    plan = autoshard.plan(text, mesh="d=8", time_limit=2, num_workers=1)
    graph, model = plan.graph, PlanCostModel(plan.config)
    by_position = sorted(graph.nodes, key=lambda n: n.position)
    forward_dot, barrier_w, backward_dot = by_position[2].index, by_position[4].index, by_position[6].index

    def replicated(sharding):
        return all(not d.axes for d in sharding.dims)

    assignment = list(plan.assignment)
    for node, ports in ((forward_dot, (0, 1)), (barrier_w, (0,)), (backward_dot, (0, 1))):
        assignment[node] = next(k for k, s in enumerate(graph.nodes[node].strategies)
                                if all(replicated(s.inputs[p]) for p in ports))
    report = np.zeros(half_steps(graph) + 2, dtype=np.int64)
    for v in plan_live_values(graph, assignment, plan.mesh, plan_liveness(graph, assignment, plan.mesh, model.backend)):
        if v.name.endswith(" resharded"):
            report[v.def_index:v.last_use_index + 1] += v.size_bytes
    problem = build_strategy_graph(graph, model.edge_cost_table(), plan.mesh, model.backend, None,
                                   reshard_pairs=True, around=assignment, settled_as=assignment)
    solver = np.zeros_like(report)
    for piece in problem.pair_pieces:
        solver[slice(*piece.interval)] += int(piece.usages[assignment[piece.u], assignment[piece.v]])
    assert report[2 * forward_dot + 1] == 256 * 256 * 4  # the gathered weight alone, after the forward dot
    assert solver.tolist() == report.tolist()


#: an embedding's gradient: the tokens' gradients (a dot's result) scattered into zeros; its strategy below takes the
#: updates sharded along `model` by token and `data` by feature, sums each device's tokens into a whole-vocabulary
#: buffer sharded by feature, and reduce-scatters it over `model`
SCATTER_INTO_ZEROS = """
func.func @main(%idx: tensor<64x1xi32>, %x: tensor<64x512xf32>, %w: tensor<512x512xf32>) -> tensor<4096x512xf32> {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %zeros = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<4096x512xf32>
  %u = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x512xf32>, tensor<512x512xf32>) -> tensor<64x512xf32>
  %s = "stablehlo.scatter"(%zeros, %idx, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4096x512xf32>, tensor<64x1xi32>, tensor<64x512xf32>) -> tensor<4096x512xf32>
  return %s : tensor<4096x512xf32>
}
"""


def test_a_scatter_settling_partial_sums_holds_them_in_the_zeros_written_at_the_start():
    """XLA writes the zeros at the step's start at the operand's sharding (f32[4096,256] a device) and the scatter
    adds into them in place: those are its partial sums, held from the start until the reduce-scatter, not only
    while it runs (seen on XLA:CPU: an 8B-shaped step's embedding gradient, f32[4096,64] on 8x8 from the start). The
    solver holds the same buffer (its peak is the report's)."""
    from autoshard.ir.parse import parse_module
    from autoshard.planner.build_graph import build_plan_graph
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.planner.xla_model.memory_accounting import plan_live_values, plan_liveness, plan_memory
    from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config

    model = PlanCostModel(resolve_config("data=2,model=4", "h100-8"))
    graph = build_plan_graph(parse_module(SCATTER_INTO_ZEROS, "t.mlir"), profile_mesh(model.config), "mesh", model,
                             PlanOptions()).graph
    mesh = profile_mesh(model.config)
    scatter = next(n for n in graph.nodes if n.label == "stablehlo.scatter")
    wanted = ('[{}, {"data"}]', '[{"model"}, {}]', '[{"model"}, {"data"}]')
    chosen = next(k for k, s in enumerate(scatter.strategies) if s.settle is not None
                  and s.settle.kind == "reduce_scatter" and all(w in str(x) for w, x in zip(wanted, s.inputs))
                  and '[{"model"}, {"data"}]' in str(s.outputs[0]))
    assignment = [0] * len(graph.nodes)  # the rest replicated: the scatter's operands are local slices of them
    assignment[scatter.index] = chosen
    result = next(n for n in graph.nodes if n.kind.value == "result")  # returned as the scatter leaves it
    assignment[result.index] = next(k for k, s in enumerate(result.strategies)
                                    if s.inputs[0] == scatter.strategies[chosen].outputs[0])
    values = plan_live_values(graph, assignment, mesh, plan_liveness(graph, assignment, mesh, model.backend))
    partial = [v for v in values if v.name == "stablehlo.scatter partial sums"]
    assert [(v.size_bytes, v.def_index) for v in partial] == [(4096 * 256 * 4, 0)]
    assert partial[0].last_use_index == 2 * scatter.position + 1  # until the reduce-scatter, the moment after it
    total = plan_memory(graph, assignment, mesh, model.backend).total_bytes
    problem = build_strategy_graph(graph, model.edge_cost_table(), mesh, model.backend, None, reshard_pairs=True,
                                   around=assignment, settled_as=assignment)
    assert peak_usage(problem, assignment)[0] + fixed_bytes(graph, mesh, model.backend) == total
