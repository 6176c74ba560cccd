"""price_module: given shardings fixed (args, results, constraints, ops' sdy.sharding), the rest completed."""

from __future__ import annotations

import pytest

from autoshard.emit import emit_plan
from autoshard.errors import UserError
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.price_module import price_module

MESH = 'sdy.mesh @mesh = <["data"=2, "model"=4]>'


def _row_parallel(dot_sharding: str = '{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} ',
                  mesh: str = MESH) -> str:
    """x[8,256] sharded (data, model) @ w[256,64] sharded (model, -): a row-parallel matmul, partial over model."""
    return f"""module {{
  {mesh}
  func.func @main(%x: tensor<8x256xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{"model"}}]>}},
                  %w: tensor<256x64xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"model"}}, {{}}]>}})
      -> (tensor<8x64xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{}}]>}}) {{
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] {dot_sharding}: (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    return %0 : tensor<8x64xf32>
  }}
}}
"""


def test_row_parallel_matmul_all_reduces_over_model():
    priced = price_module(_row_parallel(), config="host-cpu", time_limit=5)
    collectives = priced.collectives()
    assert [(c.kind, c.axes) for c in collectives] == [("all_reduce", ("model",))]
    # local partial sums 4x64 f32 = 1024 B; ring all-reduce over 4 devices sends 2*3/4 of it
    assert collectives[0].bytes_per_device == pytest.approx(1536.0)
    assert priced.num_given == 3 and priced.num_completed == 0
    cost = priced.plan.cost
    assert cost.communication_s == pytest.approx(collectives[0].time_s)
    assert cost.step_time_s == pytest.approx(cost.compute_s + cost.communication_s)
    assert priced.plan.mesh.shape == {"data": 2, "model": 4}
    assert priced.mesh_source == "sdy.mesh @mesh"


def test_unannotated_op_is_completed_and_counted():
    priced = price_module(_row_parallel(dot_sharding=""), config="host-cpu", time_limit=5)
    assert priced.num_given == 2 and priced.num_completed == 1
    kinds = sorted(c.kind for c in priced.collectives() if c.bytes_per_device > 0)
    # the partial sums over model must be settled: an all-reduce, or a reduce-scatter then all-gather
    assert kinds in (["all_reduce"], ["all_gather", "reduce_scatter"])
    assert sum(c.bytes_per_device for c in priced.collectives()) == pytest.approx(1536.0)


def test_completion_is_cheapest_given_fixed_arguments():
    """With only the arguments fixed, an elementwise op is completed on the arguments' sharding (no reshard)."""
    text = f"""module {{
  {MESH}
  func.func @main(%a: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{"model"}}]>}},
                  %b: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{"model"}}]>}}) -> tensor<8x16xf32> {{
    %0 = stablehlo.add %a, %b : tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }}
}}
"""
    priced = price_module(text, config="host-cpu", time_limit=5)
    assert priced.num_given == 2 and priced.num_completed == 1
    assert priced.plan.cost.communication_s == 0.0
    add = next(n for n in priced.plan.graph.nodes if n.label == "stablehlo.add")
    assert str(priced.plan.chosen(add.index).outputs[0]).startswith('#sdy.sharding<@mesh, [{"data"}, {"model"}]')


def test_op_sharding_forces_a_reshard():
    """A given op sharding different from its operands' is honoured, and the reshard it needs is listed."""
    text = f"""module {{
  {MESH}
  func.func @main(%a: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{"model"}}]>}}) -> tensor<8x16xf32> {{
    %0 = stablehlo.negate %a {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{{"data"}}, {{}}]>]>}} : tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }}
}}
"""
    priced = price_module(text, config="host-cpu", time_limit=5)
    gathers = [c for c in priced.collectives() if c.kind == "all_gather"]
    assert [c.axes for c in gathers] == [("model",)]
    # gathered buffer: 4x16 f32 = 256 B, (n-1)/n of it sent
    assert gathers[0].bytes_per_device == pytest.approx(192.0)


def test_mesh_from_option_when_module_has_none():
    text = _row_parallel(mesh="").replace("<@mesh,", "<@m,")
    text = text.replace("module {", 'module {\n  sdy.mesh @m = <["data"=2, "model"=4]>', 1)
    assert price_module(text, config="host-cpu", time_limit=5).plan.mesh_name == "m"
    bare = """module {
  func.func @main(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %0 = stablehlo.negate %a : tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }
}
"""
    priced = price_module(bare, mesh="data=2,model=4", config="host-cpu", time_limit=5)
    assert priced.mesh_source == "--mesh" and priced.num_completed == 2


def test_mesh_option_disagreeing_with_module_mesh():
    with pytest.raises(UserError, match="differs from the module's sdy.mesh"):
        price_module(_row_parallel(), mesh="data=4,model=2", config="host-cpu")


def test_unknown_axis_in_op_sharding_is_a_located_user_error():
    text = _row_parallel(dot_sharding='{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"batch"}, {}]>]>} ')
    with pytest.raises(UserError, match='unknown axis name: "batch"') as info:
        price_module(text, config="host-cpu")
    assert info.value.location is not None and info.value.location.line == 6


def test_op_sharding_no_strategy_produces():
    # a sub-axis where the full axis divides the dim: valid sdy, but outside the planner's candidates
    text = _row_parallel(dot_sharding='{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model":(1)2}, {}]>]>} ')
    with pytest.raises(UserError, match="no strategy of this op produces"):
        price_module(text, config="host-cpu")


def test_plan_output_prices_to_the_plan_cost():
    """`autoshard cost` of the planner's own output: every value given, same step time and peak memory."""
    import autoshard
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "mlp.mlir"
    plan = autoshard.plan(example, mesh="data=2,model=4", config="host-cpu", time_limit=5, num_workers=2)
    priced = price_module(emit_plan(plan), config="host-cpu", time_limit=5)
    assert priced.num_completed == 0
    assert priced.plan.cost.step_time_s == pytest.approx(plan.cost.step_time_s)
    assert priced.plan.cost.peak_memory_bytes == plan.cost.peak_memory_bytes
    assert [(c.kind, c.axes) for c in priced.collectives()] == [(c.kind, c.axes) for c in plan.collectives()]


def test_module_with_two_meshes_uses_the_one_its_shardings_name():
    text = _row_parallel().replace(MESH, MESH + '\n  sdy.mesh @unused = <["x"=8]>')
    assert price_module(text, config="host-cpu", time_limit=5).mesh_source == "sdy.mesh @mesh"


def _constrained_operand(constraint: str) -> str:
    """x sharded (data, -) read by a dot (output (data, -) given) through a hand-written constraint."""
    return f"""module {{
  {MESH}
  func.func @main(%x: tensor<8x256xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{}}]>}},
                  %w: tensor<256x64xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{}}]>}})
      -> (tensor<8x64xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{}}]>}}) {{
    %c = sdy.sharding_constraint %x <@mesh, {constraint}> : tensor<8x256xf32>
    %0 = stablehlo.dot_general %c, %w, contracting_dims = [1] x [0] {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{{"data"}}, {{}}]>]>}} : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    return %0 : tensor<8x64xf32>
  }}
}}
"""


def test_constraint_read_by_one_planned_op_is_its_operand_sharding():
    """A constraint only one op with its own sharding reads (how `autoshard plan` writes a reshard) is that op's
    operand sharding: the reshard is priced on the edge into the op, as the plan priced it."""
    priced = price_module(_constrained_operand('[{"data"}, {"model"}]'), config="host-cpu", time_limit=5)
    reshards = [c for c in priced.collectives() if c.where.startswith("reshard")]
    assert reshards and all("-> stablehlo.dot_general" in c.where for c in reshards)
    assert not any(n.kind == NodeKind.CONSTRAINT for n in priced.plan.graph.nodes)


def test_constraint_its_reader_cannot_read_stays_a_constraint():
    """A hand-written constraint no strategy of its reader takes as is (the dot's given output shards dim 0 by
    data; the constraint replicates it) stays a constraint node: resharded into it, and again into the dot."""
    priced = price_module(_constrained_operand('[{}, {"model"}]'), config="host-cpu", time_limit=5)
    reshards = [c.where for c in priced.collectives() if c.where.startswith("reshard")]
    assert any("-> sdy.sharding_constraint" in w for w in reshards)
    assert any("sdy.sharding_constraint (node 2) -> stablehlo.dot_general" in w for w in reshards)
