"""A weight gradient reduce-scattered onto the axis its tokens are summed over, on a mesh with an axis idle for it:
XLA computes the part of the result the idle axis gives each device from a slice of the operand written where the
operand is ready (`idle_axis_scatter`), so the operand is not held until the dot (tests/xla/test_llm_slice.py
measures an 8B-shaped slice planned so: 1.13x XLA's compiled memory without the rule, 1.003x with it)."""

from __future__ import annotations

import pytest

import autoshard
from autoshard.planner.xla_model.backend import CPU
from autoshard.planner.xla_model.idle_axis_scatter import IdleAxisScatter, idle_axis_scatter
from autoshard.planner.plan import evaluate_assignment, plan_collectives
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.xla_model.memory_accounting import node_interval, plan_live_values, plan_liveness
from autoshard.sharding import Mesh
from autoshard.sharding.hardware_profiles import resolve_config
from costmodel import collectives as cc

#: y is computed first and read by the tanh and by the weight gradient at the end
WEIGHT_GRADIENT = """
func.func @main(%x: tensor<2048x512xf32>, %g: tensor<2048x128xf32>) -> (tensor<128x512xf32>, tensor<2048x512xf32>) {
  %y = stablehlo.multiply %x, %x : tensor<2048x512xf32>
  %z = stablehlo.tanh %y : tensor<2048x512xf32>
  %u = stablehlo.exponential %z : tensor<2048x512xf32>
  %w = stablehlo.dot_general %g, %y, contracting_dims = [0] x [0] : (tensor<2048x128xf32>, tensor<2048x512xf32>) -> tensor<128x512xf32>
  return %w, %u : tensor<128x512xf32>, tensor<2048x512xf32>
}
"""


def _tokens_on_model(sharding) -> bool:
    return [[a.name for a in d.axes] for d in sharding.dims] == [["model"], []]


def _planned(mesh: str, config: str | None = None):
    """The program's graph and an assignment: everything sharded over tokens on `model`, the dot reduce-scattering
    its sum onto the result's second dimension over `model` (the other axis idle)."""
    graph = autoshard.plan(WEIGHT_GRADIENT, mesh=mesh, config=config, time_limit=2).graph
    assignment = []
    for node in graph.nodes:
        wanted = [k for k, s in enumerate(node.strategies)
                  if all(_tokens_on_model(t) for t in s.inputs if len(t.dims) == 2)
                  and (node.label != "stablehlo.dot_general"
                       or (s.settle is not None and s.settle.kind == "reduce_scatter" and s.settle.dim == 1))
                  and (node.label == "stablehlo.dot_general" or all(_tokens_on_model(t) for t in s.outputs))]
        assignment.append(wanted[0] if wanted else 0)
    dot = next(n for n in graph.nodes if n.label == "stablehlo.dot_general")
    assert _tokens_on_model(dot.strategies[assignment[dot.index]].inputs[1])
    return graph, assignment, dot, Mesh.parse(mesh)


@pytest.mark.parametrize(("mesh", "expected"), [("data=8,model=8", IdleAxisScatter(8, 1, ("data",))),
                                                ("data=16,model=8", IdleAxisScatter(8, 1, ("data",))),
                                                ("data=8,model=4", IdleAxisScatter(4, 1, ("data",))),
                                                ("data=4,model=8", None), ("data=2,model=8", None)])
def test_the_operand_is_sliced_where_the_idle_devices_take_the_parts(mesh, expected):
    # seen on XLA:CPU, jaxlib 0.10, for this dot written with jax (tests/xla/test_idle_axis_scatter_vs_xla.py)
    graph, assignment, dot, mesh = _planned(mesh)
    assert idle_axis_scatter(dot, dot.strategies[assignment[dot.index]], mesh) == expected


def test_the_slice_is_written_where_the_operand_is_ready_and_the_operand_dies_at_its_other_reader():
    graph, assignment, dot, mesh = _planned("data=8,model=8")
    y = next(n for n in graph.nodes if n.label == "stablehlo.multiply")
    exponential = next(n for n in graph.nodes if n.label == "stablehlo.exponential")
    liveness = plan_liveness(graph, assignment, mesh, CPU)
    assert (dot.index, 1) in liveness.sliced
    assert node_interval(y, graph, liveness)[1] <= exponential.position  # the dot reads the slice, not y
    (sliced,) = [v for v in plan_live_values(graph, assignment, mesh, liveness) if v.name.endswith(" sliced")]
    assert sliced.size_bytes == 2048 // 8 * 512 // 8 * 4
    assert (sliced.def_index, sliced.last_use_index) == (2 * y.position, 2 * dot.position)
    # where the idle axis cannot take the parts, the dot reads y itself
    graph, assignment, dot, mesh = _planned("data=4,model=8")
    y = next(n for n in graph.nodes if n.label == "stablehlo.multiply")
    liveness = plan_liveness(graph, assignment, mesh, CPU)
    assert not liveness.sliced and node_interval(y, graph, liveness)[1] == dot.position + 1


def test_the_dot_is_priced_as_xla_runs_it_the_part_s_flops_and_its_all_reduce_and_permute():
    # tests/xla/test_idle_axis_scatter_vs_xla.py checks these collectives against XLA's compiled ones
    graph, assignment, dot, mesh = _planned("data=8,model=8", "h100-cluster")
    model = PlanCostModel(resolve_config("data=8,model=8", "h100-cluster"))
    strategy = dot.strategies[assignment[dot.index]]
    assert model.scatter_performed(dot, strategy) == IdleAxisScatter(8, 1, ("data",))
    (all_reduce, permute) = [c for c in plan_collectives(graph, assignment, model) if c.where.startswith("settle")]
    part = 128 * 512 // 8 * 4  # the result's part, f32
    assert (all_reduce.kind, all_reduce.axes, all_reduce.bytes_per_device) == ("all_reduce", ("model",), 2 * 7 / 8 * part)
    assert (permute.kind, permute.bytes_per_device) == ("collective_permute", part)
    assert strategy.collective_s == pytest.approx(all_reduce.time_s + permute.time_s)
    # the permute crosses the slow `data` links: priced as a transfer over them
    assert permute.time_s == pytest.approx(cc.collective_permute(model.config, ("data",), part).time_s)
    # the dot computes an eighth of the FLOPs of the same factor strategy settled by an all-reduce
    whole = next(s for s in dot.strategies
                 if s.factor_strategy == strategy.factor_strategy and s.settle.kind == "all_reduce")
    assert model.strategy_work(dot, strategy).flops == pytest.approx(model.strategy_work(dot, whole).flops / 8)
    cost = evaluate_assignment(graph, assignment, model)
    permutes = [c for c in plan_collectives(graph, assignment, model) if c.kind == "collective_permute"]
    assert cost.collectives_s["collective_permute"] == pytest.approx(sum(c.time_s * c.count for c in permutes))
