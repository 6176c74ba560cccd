"""The mesh dialect (autoshard.dialects.mesh) and the plan in it (autoshard.emit.mesh_dialect)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

import autoshard
from autoshard.emit import emit_plan
from autoshard.dialects.mesh import MeshOp, ReductionKind, ShardingOp, ShardOp
from autoshard.emit.mesh_dialect import to_mesh_dialect
from autoshard.errors import UserError
from autoshard.ir.parse import parse_module
from autoshard.ir.printing import print_module

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / ".." / "shared" / "reference" / "seeds" / "mlir-mesh-dialect.txt"


def roundtrip(text: str) -> str:
    """Parse, verify, print; the printed text must parse back to the same text (pretty and generic)."""
    module = parse_module(text, "test.mlir")
    module.verify()
    pretty = print_module(module)
    assert print_module(parse_module(pretty, "pretty.mlir")) == pretty
    generic = print_module(module, generic=True)
    assert print_module(parse_module(generic, "generic.mlir")) == pretty
    return pretty


def body(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()[1:-1]]


# ------------------------------------------------------------------------------------------------
# dialect: syntax


OWN_MESH_TEXT = """
mesh.mesh @grid(shape = 2x2x4)
mesh.mesh @dyn(shape = 4x?) {autoshard.axis_names = ["a", "b"]}
func.func @f(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s0 = mesh.sharding @grid split_axes = [[]] : !mesh.sharding
  %s1 = mesh.sharding @grid split_axes = [[0], []] partial = sum[1] : !mesh.sharding
  %s2 = mesh.sharding @grid split_axes = [[2, 0]] partial = max [1] : !mesh.sharding
  %s3 = mesh.sharding @grid split_axes = [[0]] halo_sizes = [1, 2] : !mesh.sharding
  %s4 = mesh.sharding @dyn split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 9, 14] : !mesh.sharding
  %0 = mesh.shard %arg0 to %s2 : tensor<4x8xf32>
  %1 = mesh.shard %0 to %s1 annotate_for_users : tensor<4x8xf32>
  func.return %1 : tensor<4x8xf32>
}
"""


def test_own_text_round_trips_in_mlir_syntax():
    lines = body(roundtrip(OWN_MESH_TEXT))
    assert lines[0] == "mesh.mesh @grid(shape = 2x2x4)"
    assert lines[1] == 'mesh.mesh @dyn(shape = 4x?) {autoshard.axis_names = ["a", "b"]}'
    assert "%s1 = mesh.sharding @grid split_axes = [[0], []] partial = sum [1] : !mesh.sharding" in lines
    assert "%s2 = mesh.sharding @grid split_axes = [[2, 0]] partial = max [1] : !mesh.sharding" in lines
    assert "%s3 = mesh.sharding @grid split_axes = [[0]] halo_sizes = [1, 2] : !mesh.sharding" in lines
    assert "%0 = mesh.shard %arg0 to %s2 : tensor<4x8xf32>" in lines
    assert "%1 = mesh.shard %0 to %s1 annotate_for_users : tensor<4x8xf32>" in lines


def test_accessors_and_constructors():
    module = parse_module(OWN_MESH_TEXT, "t.mlir")
    meshes = [op for op in module.walk() if isinstance(op, MeshOp)]
    assert meshes[0].shape_values == (2, 2, 4) and meshes[0].axis_names is None
    assert meshes[1].axis_names == ("a", "b")
    shardings = [op for op in module.walk() if isinstance(op, ShardingOp)]
    assert shardings[1].split_axes_lists() == ((0,), ())
    assert shardings[1].partial_axes_list() == (1,) and shardings[1].partial_type.data == ReductionKind.SUM
    assert shardings[2].partial_type.data == ReductionKind.MAX
    shards = [op for op in module.walk() if isinstance(op, ShardOp)]
    assert [s.for_users for s in shards] == [False, True]

    built = ModuleOp([MeshOp("m", [2, 4], ["data", "model"])])
    spec = ShardingOp("m", [[1], [], [0]], partial_axes=[], partial_type="sum")
    assert spec.partial_axes is None and spec.split_axes_lists() == ((1,), (), (0,))
    partial = ShardingOp("m", [[]], partial_axes=[0, 1], partial_type="product")
    built.body.block.add_ops([spec, partial])
    text = print_module(built)
    assert 'mesh.mesh @m(shape = 2x4) {autoshard.axis_names = ["data", "model"]}' in text
    assert "mesh.sharding @m split_axes = [[1], [], [0]] : !mesh.sharding" in text
    assert "mesh.sharding @m split_axes = [[]] partial = product [0, 1] : !mesh.sharding" in text
    built.verify()


@pytest.mark.parametrize(
    "line, message",
    [
        ("%s = mesh.sharding @grid split_axes = [[0], [0]] : !mesh.sharding", "mesh axis 0 is used more than once"),
        ("%s = mesh.sharding @grid split_axes = [[0]] partial = sum [0] : !mesh.sharding", "used more than once"),
        ("%s = mesh.sharding @grid split_axes = [[3]] : !mesh.sharding", "mesh axis 3 is out of range for mesh @grid of rank 2"),
        ("%s = mesh.sharding @nowhere split_axes = [[0]] : !mesh.sharding", "mesh @nowhere is not defined"),
        ("%s = mesh.sharding @grid split_axes = [[0]] partial = generic [1] : !mesh.sharding", "'generic' is not allowed"),
        (
            "%s = mesh.sharding @grid split_axes = [[0]] halo_sizes = [1, 1] sharded_dims_offsets = [0, 1, 2] : !mesh.sharding",
            "mutually exclusive",
        ),
    ],
)
def test_sharding_verifier(line: str, message: str):
    text = f"mesh.mesh @grid(shape = 2x4)\nfunc.func @f() {{\n  {line}\n  func.return\n}}\n"
    module = parse_module(text, "bad.mlir")
    with pytest.raises(Exception, match=re.escape(message)):
        module.verify()


@pytest.mark.parametrize(
    "line, message",
    [
        ("mesh.mesh @m(shape = [])", "rank of mesh is expected to be a positive integer"),
        ("mesh.mesh @m(shape = 2x0)", "dimension size 0 of the mesh must be positive"),
        ('mesh.mesh @m(shape = 2x4) {autoshard.axis_names = ["a"]}', "1 names for a mesh of rank 2"),
    ],
)
def test_mesh_verifier(line: str, message: str):
    with pytest.raises(Exception, match=re.escape(message)):
        parse_module(line + "\n", "bad.mlir").verify()


def test_shard_result_type_must_match():
    text = """
mesh.mesh @grid(shape = 2)
func.func @f(%a: tensor<4xf32>) {
  %s = mesh.sharding @grid split_axes = [[0]] : !mesh.sharding
  %0 = "mesh.shard"(%a, %s) : (tensor<4xf32>, !mesh.sharding) -> tensor<8xf32>
  func.return
}
"""
    with pytest.raises(Exception):
        parse_module(text, "bad.mlir").verify()


def test_spec_examples_parse_when_the_reference_is_present():
    """Every `mesh.mesh` and well-formed `mesh.sharding` example of the MLIR documentation round-trips."""
    if not SPEC.exists():
        pytest.skip("reference material not present")
    spec = SPEC.read_text()
    meshes = sorted(set(re.findall(r"^mesh\.mesh @\w+\(shape = [0-9x?]+\)$", spec, flags=re.M)))
    shardings = re.findall(r"^%\w+ = (mesh\.sharding @\w+ split_axes = [^\n]*?)(?: : !mesh\.sharding)?$", spec, flags=re.M)
    assert len(meshes) >= 5 and len(shardings) >= 4
    well_formed = [s for s in shardings if s.count("split_axes") == 1]
    lines = [f"  %s{i} = {s} : !mesh.sharding" for i, s in enumerate(well_formed)]
    names = sorted(set(re.findall(r"@(\w+)", "\n".join(well_formed))))
    decls = "\n".join(f"mesh.mesh @{n}(shape = 2x2x2x2)" for n in names)  # enough axes for every example
    text = decls + "\nfunc.func @f() {\n" + "\n".join(lines) + "\n  func.return\n}\n"
    roundtrip(text)
    for mesh_line in meshes:
        assert body(roundtrip(mesh_line + "\n")) == [mesh_line]


# ------------------------------------------------------------------------------------------------
# emission: sdy -> mesh


SDY_INPUT = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model", ?}], replicated={"data"}>})
    -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>, jax.result_info = "out"}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"data", "model"}, {}]> : tensor<8x32xf32>
  %2 = stablehlo.add %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"model"}>]>} : tensor<8x32xf32>
  %3 = sdy.reshard %2 <@mesh, [{"data"}, {}]> : tensor<8x32xf32>
  return %3 : tensor<8x32xf32>
}
"""


def test_sdy_plan_becomes_mesh_shard_ops():
    mesh_module = to_mesh_dialect(parse_module(SDY_INPUT, "in.mlir"))
    text = roundtrip(print_module(mesh_module))
    assert "sdy." not in text
    lines = body(text)
    expected = [
        'mesh.mesh @mesh(shape = 2x4) {autoshard.axis_names = ["data", "model"]}',
        'func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> (tensor<8x32xf32> {jax.result_info = "out"}) {',
        # arguments: how the function's ops take them (replicated axes and open dims have no mesh form)
        "%0 = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding",
        "%arg0_1 = mesh.shard %arg0 to %0 annotate_for_users : tensor<8x16xf32>",
        "%1 = mesh.sharding @mesh split_axes = [[], [1]] : !mesh.sharding",
        "%arg1_1 = mesh.shard %arg1 to %1 annotate_for_users : tensor<16x32xf32>",
        # an op result: its sharding right after the op
        "%2 = stablehlo.dot_general %arg0_1, %arg1_1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>",
        "%3 = mesh.sharding @mesh split_axes = [[0], [1]] : !mesh.sharding",
        "%4 = mesh.shard %2 to %3 : tensor<8x32xf32>",
        # the sharding_constraint: the value already has its own sharding, so only the users' half is new
        "%5 = mesh.sharding @mesh split_axes = [[0, 1]] : !mesh.sharding",
        "%6 = mesh.shard %4 to %5 annotate_for_users : tensor<8x32xf32>",
        "%7 = stablehlo.add %6, %6 : tensor<8x32xf32>",
        # unreduced -> partial
        "%8 = mesh.sharding @mesh split_axes = [[]] partial = sum [1] : !mesh.sharding",
        "%9 = mesh.shard %7 to %8 : tensor<8x32xf32>",
        # the reshard: settled for its users
        "%10 = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding",
        "%11 = mesh.shard %9 to %10 annotate_for_users : tensor<8x32xf32>",
        # the result: the constraint value's own sharding, then the function result's
        "%12 = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding",
        "%13 = mesh.shard %11 to %12 : tensor<8x32xf32>",
        "%14 = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding",
        "%15 = mesh.shard %13 to %14 annotate_for_users : tensor<8x32xf32>",
        "func.return %15 : tensor<8x32xf32>",
        "}",
    ]
    assert lines == expected


def test_constraint_on_an_argument_is_a_pair():
    text = """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
"""
    lines = body(roundtrip(print_module(to_mesh_dialect(parse_module(text, "in.mlir")))))
    assert lines[2:8] == [
        "%0 = mesh.sharding @mesh split_axes = [[]] : !mesh.sharding",
        "%arg0_1 = mesh.shard %arg0 to %0 annotate_for_users : tensor<8xf32>",
        "%1 = mesh.sharding @mesh split_axes = [[]] : !mesh.sharding",
        "%2 = mesh.shard %arg0_1 to %1 : tensor<8xf32>",
        "%3 = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding",
        "%4 = mesh.shard %2 to %3 annotate_for_users : tensor<8xf32>",
    ]
    assert lines[8] == "%5 = stablehlo.negate %4 : tensor<8xf32>"
    # no sharding on the result: returned as is
    assert lines[9] == "func.return %5 : tensor<8xf32>"


def test_input_module_is_not_changed():
    module = parse_module(SDY_INPUT, "in.mlir")
    before = print_module(module)
    to_mesh_dialect(module)
    assert print_module(module) == before


def test_reduction_kinds_map_to_partial_types():
    text = """
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}], unreduced=max{"y"}>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""
    out = print_module(to_mesh_dialect(parse_module(text, "in.mlir")))
    assert "mesh.sharding @mesh split_axes = [[0]] partial = max [1] : !mesh.sharding" in out


@pytest.mark.parametrize(
    "text, message",
    [
        (
            """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}
""",
            'the sharding of argument #0 of @main uses the sub-axis "x":(1)2',
        ),
        (
            """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(2)2}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
""",
            "the sharding of result #0 of 'stablehlo.negate' uses the sub-axis",
        ),
        (
            """
sdy.mesh @mesh = <["x"=4], device_ids=[3, 2, 1, 0]>
func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}
""",
            "mesh @mesh has device_ids [3, 2, 1, 0]: the mesh dialect has no device order",
        ),
        (
            """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.all_gather [{"x"}] %a out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
""",
            "'sdy.all_gather' has no mesh-dialect form",
        ),
    ],
)
def test_inexpressible_inputs_are_user_errors(text: str, message: str):
    with pytest.raises(UserError, match=re.escape(message)):
        to_mesh_dialect(parse_module(text, "in.mlir"))


# ------------------------------------------------------------------------------------------------
# a real plan


def _split_axes(sharding, mesh) -> tuple[tuple[int, ...], ...]:
    """Independent conversion for the check: sdy dims -> mesh axis indices, trailing empty dims dropped."""
    names = list(mesh.axis_names)
    split = [tuple(names.index(r.name) for r in d.axes) for d in sharding.dims]
    while split and not split[-1]:
        split.pop()
    return tuple(split) or ((),)


@pytest.fixture(scope="module")
def mlp_plan():
    return autoshard.plan(REPO / "examples" / "mlp.mlir", mesh="data=2,model=4", config="host-cpu",
                          time_limit=5, seed=0, num_workers=1)


def test_plan_in_mesh_dialect_matches_the_sdy_plan(mlp_plan):
    mesh_text = roundtrip(emit_plan(mlp_plan, dialect="mesh"))
    assert "sdy." not in mesh_text
    sdy_module = parse_module(emit_plan(mlp_plan), "sdy.mlir")
    mesh_module = parse_module(mesh_text, "mesh.mlir")
    assert 'mesh.mesh @mesh(shape = 2x4) {autoshard.axis_names = ["data", "model"]}' in mesh_text

    # arguments: the entry shard of each argument carries the plan's argument sharding
    entry_shards = {op.src: op for op in mesh_module.walk() if isinstance(op, ShardOp) and op.for_users}
    func = next(op for op in mesh_module.walk() if op.name == "func.func")
    for arg, sharding in zip(func.body.blocks[0].args, mlp_plan.argument_shardings()):
        spec = entry_shards[arg].sharding.owner
        assert spec.split_axes_lists() == _split_axes(sharding, mlp_plan.mesh)

    # every op the sdy plan annotates is followed by a mesh.shard with the same split axes
    sdy_ops = [op for op in sdy_module.walk() if op.name.startswith("stablehlo.")]
    mesh_ops = [op for op in mesh_module.walk() if op.name.startswith("stablehlo.")]
    assert [op.name for op in sdy_ops] == [op.name for op in mesh_ops]
    checked = 0
    for sdy_op, mesh_op in zip(sdy_ops, mesh_ops):
        per_value = sdy_op.attributes.get("sdy.sharding")
        if per_value is None:
            continue
        for result, attr in zip(mesh_op.results, per_value.shardings):
            (use,) = result.uses
            assert isinstance(use.operation, ShardOp) and not use.operation.for_users
            assert use.operation.sharding.owner.split_axes_lists() == _split_axes(attr.to_sharding(), mlp_plan.mesh)
            checked += 1
    assert checked >= 10
    # each planned reshard (sharding_constraint) is a users' shard in the mesh form
    constraints = sum(1 for op in sdy_module.walk() if op.name == "sdy.sharding_constraint")
    user_shards = sum(1 for op in mesh_module.walk() if isinstance(op, ShardOp) and op.for_users)
    assert user_shards == len(func.body.blocks[0].args) + constraints + len(func.function_type.outputs.data)


def test_explicit_plan_in_mesh_dialect_keeps_partials_and_no_sdy(mlp_plan):
    text = roundtrip(emit_plan(mlp_plan, dialect="mesh", explicit_collectives=True))
    assert "sdy." not in text and "mesh.shard" in text


def test_cli_writes_mesh_dialect(tmp_path):
    from autoshard.tools.cli import main

    out = tmp_path / "p.mlir"
    code = main(["plan", str(REPO / "examples" / "mlp.mlir"), "--mesh", "data=2,model=4", "--dialect", "mesh",
                 "-o", str(out), "--time-limit", "3"])
    assert code == 0
    text = out.read_text()
    assert "mesh.mesh @mesh(shape = 2x4)" in text and "sdy." not in text
    roundtrip(text)
