"""The reshard-to-collectives pass and `autoshard lower-reshards` on small modules of our own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.emit.lower_reshards import lower_reshards
from autoshard.errors import UserError
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.axis_list import merged
from autoshard.sharding.axis_ref import sort_axis_refs
from autoshard.sharding.collective_steps import AllGather, AllReduce
from autoshard.sharding.reshard import reshard_collectives
from autoshard.ir.printing import print_module
from autoshard.ir.verify import check_text, verify_ops
from autoshard.tools.cli import main

MESHES = """
sdy.mesh @m = <["data"=2, "model"=4]>
sdy.mesh @m_rev = <["data"=2, "model"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
sdy.mesh @other = <["x"=8]>
sdy.mesh @one = <[], device_ids=[0]>
"""


def lowered(body: str, keep: bool = False) -> str:
    (result,) = check_text(MESHES + body, "t.mlir")
    assert result.ok, result.diagnostics or result.parse_error
    lower_reshards(result.module, keep_redundant_reshards=keep)
    assert not [d for d in verify_ops(result.module) if d.severity == "error"]
    return print_module(result.module)


def body_lines(text: str) -> list[str]:
    start = text.index("func.func")
    return [line.strip() for line in text[start:].splitlines()[1:] if line.strip() not in ("}", "")]


def test_chain_of_collectives_threads_values():
    text = lowered("""
func.func @f(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@m, [{"model"}, {"data"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.reshard %a <@m, [{}, {"data", "model"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}""")
    lines = body_lines(text)
    assert lines == [
        '%0 = sdy.all_to_all [{"model"}: 0->1] %a out_sharding=<@m, [{}, {"data", "model"}]> : tensor<8x16xf32>',
        "func.return %0 : tensor<8x16xf32>",
    ]


def test_missing_input_sharding_is_replicated_and_barrier_is_bypassed():
    text = lowered("""
func.func @f(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %b = sdy.propagation_barrier %a allowed_direction=NONE : tensor<8x8xf32>
  %0 = sdy.reshard %b <@m, [{"model"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    lines = body_lines(text)
    assert lines[1].startswith('%0 = sdy.all_slice [{"model"}, {}] %a out_sharding=<@m, [{"model"}, {}]>')
    assert lines[2] == "func.return %0 : tensor<8x8xf32>"


def test_device_order_change_and_kept_reshards():
    text = lowered("""
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"data"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.reshard %a <@m_rev, [{"data"}, {}]> : tensor<8x8xf32>
  %1 = sdy.reshard %a <@other, [{"x"}, {}]> : tensor<8x8xf32>
  %2 = sdy.reshard %a <@one, []> : tensor<8x8xf32>
  return %0, %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}""")
    lines = body_lines(text)
    assert lines[0] == '%0 = sdy.collective_permute %a out_sharding=<@m_rev, [{"data"}, {}]> : tensor<8x8xf32>'
    assert lines[1].startswith('%1 = sdy.reshard %a <@other, [{"x"}, {}]>')
    assert lines[2].startswith("%2 = sdy.reshard %a <@one, []>")


def test_redundant_reshard_removed_or_kept():
    body = """
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"data"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %a <@m, [{"data", ?}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}"""
    assert body_lines(lowered(body)) == ["func.return %a : tensor<8x8xf32>"]
    assert body_lines(lowered(body, keep=True))[0].startswith("%0 = sdy.reshard %a")


def test_unreduced_input_gets_reduce_scatter():
    text = lowered("""
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}], unreduced={"model"}>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %a <@m, [{"model"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    assert body_lines(text)[0] == (
        '%0 = sdy.reduce_scatter [{"model"}, {}] %a out_sharding=<@m, [{"model"}, {}]> : tensor<8x8xf32>'
    )


def test_command_writes_output_and_reports_bad_input(tmp_path, capsys):
    src = tmp_path / "in.mlir"
    src.write_text(MESHES + """
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"data"}, {"model"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %a <@m, [{"data"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    out = tmp_path / "out.mlir"
    assert main(["lower-reshards", str(src), "-o", str(out)]) == 0
    assert 'sdy.all_gather [{}, {"model"}] %a' in out.read_text()
    assert "sdy.reshard" not in out.read_text()
    assert main(["lower-reshards", str(src), "-o", str(src)]) != 0  # never overwrites the input

    bad = tmp_path / "bad.mlir"
    bad.write_text(MESHES + """
func.func @f(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reshard %a <@m, [{"nope"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    assert main(["lower-reshards", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.mlir:" in err and "nope" in err and "Traceback" not in err


@pytest.mark.parametrize("missing", ["does_not_exist.mlir"])
def test_command_missing_file(missing, tmp_path, capsys):
    assert main(["lower-reshards", str(tmp_path / missing)]) == 1
    assert "no such file" in capsys.readouterr().err


# -- every lowered step is what its collective does (the simulator checks programs against the same semantics) --

MESHES_FOR_STEPS = (
    Mesh.from_sizes({"data": 2, "model": 4}),
    Mesh.from_sizes({"a": 2, "b": 2, "c": 2}),
    Mesh.from_sizes({"p": 4, "q": 2, "r": 4}),
)


@st.composite
def sharding_pairs(draw) -> tuple[Mesh, TensorSharding, TensorSharding]:
    """A mesh and two shardings of one rank-1..3 tensor: full axes and halves of size-4 axes spread over the
    dimensions in random order, the mesh's other axes unreduced or not."""
    mesh = draw(st.sampled_from(MESHES_FOR_STEPS))
    rank = draw(st.integers(1, 3))

    def sharding() -> TensorSharding:
        dims: list[list[AxisRef]] = [[] for _ in range(rank)]
        unreduced: list[AxisRef] = []
        for axis in draw(st.permutations(mesh.axes)):
            choice = draw(st.sampled_from(["dim", "half", "unreduced", "none"]))
            if choice == "dim" or (choice == "half" and axis.size != 4):
                dims[draw(st.integers(0, rank - 1))].append(AxisRef(axis.name))
            elif choice == "half":
                dims[draw(st.integers(0, rank - 1))].append(AxisRef.make(axis.name, draw(st.sampled_from([1, 2])), 2, mesh))
            elif choice == "unreduced":
                unreduced.append(AxisRef(axis.name))
        return TensorSharding("m", tuple(DimSharding(merged(d, mesh)) for d in dims), (), sort_axis_refs(unreduced, mesh))

    return mesh, sharding(), sharding()


@settings(max_examples=300, deadline=None)
@given(sharding_pairs())
def test_each_lowered_step_gives_its_out_sharding_by_the_collectives_semantics(case) -> None:
    mesh, src, dst = case
    current = src
    for step in reshard_collectives(src, dst, mesh, (64,) * src.rank):
        produced = step.result_sharding(current, mesh)
        assert produced.dim_axes() == step.out_sharding.dim_axes(), (src, dst, step)
        assert set(produced.unreduced) == set(step.out_sharding.unreduced), (src, dst, step)
        current = step.out_sharding


def test_a_collective_that_does_not_fit_its_operand_is_refused() -> None:
    mesh = Mesh.from_sizes({"data": 2, "model": 4})
    operand = TensorSharding("m", (DimSharding((AxisRef("data"), AxisRef("model"))), DimSharding()))
    gather_data = AllGather(((AxisRef("data"),), ()), operand)
    with pytest.raises(UserError, match='all-gather axis "data" is not minor-most in dimension 0'):
        gather_data.result_sharding(operand, mesh)
    reduce_model = AllReduce((AxisRef("model"),), operand)
    with pytest.raises(UserError, match='all-reduce axes "model" are not unreduced'):
        reduce_model.result_sharding(operand, mesh)
