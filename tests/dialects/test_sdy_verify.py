"""sdy verifiers: each rule rejects our own invalid inputs with a message naming the op and the rule."""

from __future__ import annotations

import pytest

from autoshard.ir.parse import parse_module_with_locations
from autoshard.ir.verify import verify_ops

MESH = 'sdy.mesh @m = <["x"=2, "y"=4, "z"=2]>\n'


def _diagnostics(body: str, args: str = "%arg0: tensor<16x8xf32>", meshes: str = MESH) -> list[str]:
    text = f"{meshes}func.func @f({args}) -> tensor<16x8xf32> {{\n{body}\n}}\n"
    module, source_map = parse_module_with_locations(text, "t.mlir")
    return [str(d) for d in verify_ops(module, source_map)]


def _errors(*args, **kwargs) -> list[str]:
    return [d for d in _diagnostics(*args, **kwargs) if ": error: " in d]


def _arg(sharding: str) -> str:
    return f"%arg0: tensor<16x8xf32> {{sdy.sharding = #sdy.sharding<@m, {sharding}>}}"


VALID = [
    # sharding annotations
    ("  func.return %arg0 : tensor<16x8xf32>", _arg('[{"x", ?}p1, {"y":(2)2}], replicated={"z"}')),
    # collectives
    ('  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@m, [{"x"}, {}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x", "y"}, {}]')),
    ('  %0 = sdy.all_gather [{"y":(2)2}, {}] %arg0 out_sharding=<@m, [{"x", "y":(1)2}, {}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x", "y"}, {}]')),
    ('  %0 = sdy.all_slice [{}, {"y":(2)2}] %arg0 out_sharding=<@m, [{"x"}, {"y"}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x"}, {"y":(1)2}]')),
    ('  %0 = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@m, [{"x"}, {"y"}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x", "y"}, {}]')),
    ('  %0 = sdy.collective_permute %arg0 out_sharding=<@m, [{"z", "x"}, {"y"}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x", "z"}, {"y"}]')),
    ('  %0 = sdy.all_reduce {"z"} %arg0 out_sharding=<@m, [{"x"}, {}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x"}, {}], unreduced={"z"}')),
    ('  %0 = sdy.reduce_scatter [{}, {"z"}] %arg0 out_sharding=<@m, [{"x"}, {"z"}]> : tensor<16x8xf32>\n'
     "  func.return %0 : tensor<16x8xf32>", _arg('[{"x"}, {}]')),
    ('  %0 = sdy.replicated_to_unreduced {"y", "z"} %arg0 out_sharding=<@m, [{"x"}, {}], unreduced={"y", "z"}> '
     ": tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>", _arg('[{"x"}, {}]')),
    ('  %0 = sdy.sharded_to_unreduced [{"y"}, {}] %arg0 out_sharding=<@m, [{"x"}, {}], unreduced={"y"}> '
     ": tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>", _arg('[{"x", "y"}, {}]')),
    # manual computation: local shapes follow the manual axes only
    ('  %0 = sdy.manual_computation(%arg0) in_shardings=[<@m, [{"x", "y"}, {}]>] out_shardings=[<@m, [{"x"}, {}]>] '
     'manual_axes={"x"} (%arg1: tensor<8x8xf32>) {\n    sdy.return %arg1 : tensor<8x8xf32>\n'
     "  } : (tensor<16x8xf32>) -> tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>", "%arg0: tensor<16x8xf32>"),
]


@pytest.mark.parametrize("body, args", VALID)
def test_valid_inputs_have_no_errors(body: str, args: str) -> None:
    assert _errors(body, args) == []


INVALID = [
    (_arg('[{"w"}, {}]'), "", "'func.func' op arg 0 - unknown axis name: \"w\""),
    (_arg('[{"x"}]'), "", "arg 0 - sharding doesn't match tensor rank: 1 != 2"),
    (_arg('[{"x", "x"}, {}]'), "", 'duplicate axis ref: "x"'),
    (_arg('[{"y":(1)2, "y":(2)2}, {}]'), "", 'two consecutive sub-axes can be merged: "y":(1)2, "y":(2)2'),
    (_arg('[{"y":(1)4}, {}]'), "", 'sub-axis size is equal to the full axis size: "y":(1)4'),
    (_arg('[{"y":(3)2}, {}]'), "", "sub-axis next pre-size 6 doesn't divide the size of the full axis 4"),
    (_arg('[{"y":(1)2}, {}], replicated={"y"}'), "", 'both sub-axis and full-axis are used for axis name: "y"'),
    (_arg('[{}, {}], replicated={"z", "x"}'), "", "replicated axes are not ordered w.r.t. mesh"),
    (_arg('[{}p0, {}]'), "", "dim 0 is empty and closed but has a priority"),
    ("%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@nope, [{}, {}]>}", "", "unknown mesh: @nope"),
]


@pytest.mark.parametrize("args, body, message", INVALID)
def test_invalid_func_shardings(args: str, body: str, message: str) -> None:
    errors = _errors(body or "  func.return %arg0 : tensor<16x8xf32>", args)
    assert any(message in e for e in errors), errors
    assert all(e.startswith("t.mlir:2:1: error: 'func.func' op") for e in errors)


COLLECTIVE_ERRORS = [
    ('[{"x", "y"}, {}]', 'sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@m, [{"y"}, {}]>',
     "'sdy.all_gather' op can't apply gathering axis \"x\" to operand sharding on dimension 0"),
    ('[{"x", "y"}, {}]', 'sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@m, [{}, {}]>',
     "result sharding doesn't match expected sharding [\"x\"] on dimension 0"),
    ('[{"x"}, {}]', 'sdy.all_gather [{"x"}] %arg0 out_sharding=<@m, [{}, {}]>',
     "result sharding has rank 2 but collective axes has rank 1"),
    ('[{"x"}, {}]', 'sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@m, [{"x"}, {}]>',
     "result sharding doesn't match expected sharding [\"y\"] on dimension 1"),
    ('[{"x"}, {}]', 'sdy.all_reduce {"z", "y"} %arg0 out_sharding=<@m, [{"x"}, {}]>',
     "reduction axes are not ordered w.r.t. mesh"),
    ('[{"x"}, {}]', 'sdy.all_reduce {"x"} %arg0 out_sharding=<@m, [{"x"}, {}]>',
     'reduction axis "x" overlaps with operand dimension sharding or replicated axes'),
    ('[{"x"}, {}]', 'sdy.all_reduce {"y"} %arg0 out_sharding=<@m, [{}, {}]>',
     "operand and result shardings are not equivalent"),
    ('[{"x", "y"}, {}]', 'sdy.all_to_all [{"y"}: 0->0] %arg0 out_sharding=<@m, [{"x"}, {"y"}]>',
     "overlapping source/target dimensions in all-to-all params: 0"),
    ('[{"x", "y"}, {}]', 'sdy.all_to_all [{"y"}: 0->2] %arg0 out_sharding=<@m, [{"x"}, {"y"}]>',
     "target dimension 2 is out of range [0, 2)"),
    ('[{"x", "y"}, {}]', 'sdy.collective_permute %arg0 out_sharding=<@m, [{"x"}, {"y"}]>',
     "sharded size of result doesn't match operand on dimension 0: 2 != 8"),
    ('[{"x"}, {}]', 'sdy.replicated_to_unreduced {"x"} %arg0 out_sharding=<@m, [{"x"}, {}], unreduced={"z"}>',
     'r2u axis "x" overlaps with operand dimension sharding'),
    ('[{"x"}, {}]', 'sdy.replicated_to_unreduced {"y"} %arg0 out_sharding=<@m, [{"x"}, {}], unreduced={"z"}>',
     "out_unreduced_axes should be in_unreduced_axes + r2u_axes"),
    ('[{"x"}, {}]', 'sdy.sharded_to_unreduced [{"y"}, {}] %arg0 out_sharding=<@m, [{}, {}], unreduced={"y"}>',
     "can't apply shard-to-unreduce axis \"y\" to operand sharding on dimension 0"),
]


@pytest.mark.parametrize("operand, op, message", COLLECTIVE_ERRORS)
def test_collective_rules(operand: str, op: str, message: str) -> None:
    body = f"  %0 = {op} : tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>"
    errors = _errors(body, _arg(operand))
    assert any(message in e for e in errors), errors
    assert any(e.startswith("t.mlir:3:3: error: ") for e in errors), errors


def test_collective_needs_an_operand_sharding() -> None:
    body = ('  %0 = sdy.all_gather [{}, {}] %arg0 out_sharding=<@m, [{}, {}]> : tensor<16x8xf32>\n'
            "  func.return %0 : tensor<16x8xf32>")
    assert any("collective on operand without sharding" in e for e in _errors(body))


def test_manual_computation_rules() -> None:
    def manual(in_s: str, manual_axes: str, local: str) -> list[str]:
        body = (f"  %0 = sdy.manual_computation(%arg0) in_shardings=[<@m, {in_s}>] out_shardings=[<@m, {in_s}>] "
                f"manual_axes={manual_axes} (%arg1: {local}) {{\n    sdy.return %arg1 : {local}\n"
                "  } : (tensor<16x8xf32>) -> tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>")
        return _errors(body)

    assert any("Expected local shape 'tensor<8x8xf32>', actual local shape 'tensor<16x8xf32>'" in e
               for e in manual('[{"x"}, {}]', '{"x"}', "tensor<16x8xf32>"))
    assert any('unknown manual axis: "w"' in e for e in manual('[{"x"}, {}]', '{"x", "w"}', "tensor<8x8xf32>"))
    assert any('Saw manual axis "x" after free axis "y"' in e
               for e in manual('[{"y", "x"}, {}]', '{"x"}', "tensor<8x8xf32>"))


def test_mesh_rules() -> None:
    for mesh, message in [
        ('sdy.mesh @m = <["x"=2, "x"=2]>\n', 'duplicate axis name: "x"'),
        ('sdy.mesh @m = <["x"=2], device_ids=[1, 2]>\n', "sorted device ids must be iota(product(axes)), got: 1, 2"),
        ('sdy.mesh @m = <["x"=2], device_ids=[1]>\n', "total product of axis sizes must match total number of device ids"),
        ('sdy.mesh @m = <[], device_ids=[0, 1]>\n', "axes is empty and device_ids has more than one element"),
    ]:
        errors = _errors("  func.return %arg0 : tensor<16x8xf32>", meshes=mesh)
        assert any(message in e and "'sdy.mesh' op" in e for e in errors), (mesh, errors)


def test_sharding_rule_rules() -> None:
    def rule(text: str) -> list[str]:
        body = (f'  %0 = "test.op"(%arg0) {{sdy.sharding_rule = #sdy.op_sharding_rule<{text}>}} '
                ": (tensor<16x8xf32>) -> tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>")
        return _errors(body)

    assert rule("([i, j])->([i, j]) {i=16, j=8}") == []
    assert any("mapping rank must match: 1 != 2" in e for e in rule("([i])->([i, j]) {i=16, j=8}"))
    assert any("reduction factor cannot be in result mappings" in e
               for e in rule("([i, j])->([i, j]) {i=16, j=8} reduction={j}"))
    assert any("has factor k=2 that isn't used" in e for e in rule("([i, j])->([i, j]) {i=16, j=8, k=2}"))
    assert any("number of operands and mappings must match: 1 != 2" in e
               for e in rule("([i, j], [i, j])->([i, j]) {i=16, j=8}"))


def test_indivisible_dimension_is_a_warning_not_an_error() -> None:
    diagnostics = _diagnostics('  %0 = "test.op"() : () -> tensor<16x8xf32>\n  func.return %0 : tensor<16x8xf32>',
                               "%arg0: tensor<16x6xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {\"y\"}]>}")
    assert not [d for d in diagnostics if ": error: " in d and "divisible" in d]
    assert any("warning: 'func.func' op arg 0 - dimension 1 of size 6 is not divisible by its 4 shards" in d
               for d in diagnostics), diagnostics
