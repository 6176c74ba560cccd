"""Chunk splitting, op source locations, and MLIR-style printing of multi-result ops."""

from __future__ import annotations

import pytest

from autoshard.errors import UserError
from autoshard.ir.parse import parse_module_with_locations, split_input_file
from autoshard.ir.printing import print_module
from autoshard.ir.verify import check_text


def test_split_input_file_keeps_line_offsets() -> None:
    text = "a\n// -----\nb\nc\n// -----   \nd\n"
    assert split_input_file(text) == [("a\n", 0), ("b\nc\n", 2), ("d\n", 5)]
    assert split_input_file("no marker\n") == [("no marker\n", 0)]
    assert split_input_file("x // ----- y\n") == [("x // ----- y\n", 0)]


def test_ops_have_source_locations() -> None:
    text = 'sdy.mesh @m = <["x"=2]>\nfunc.func @f() {\n    func.return\n}\n'
    module, source_map = parse_module_with_locations(text, "in.mlir", line_offset=10)
    mesh, func = list(module.ops)
    assert str(source_map.location(mesh)) == "in.mlir:11:1"
    assert str(source_map.location(func)) == "in.mlir:12:1"
    ret = func.body.block.last_op
    assert str(source_map.location(ret)) == "in.mlir:13:5"


def test_parse_error_lines_count_from_the_whole_file() -> None:
    text = 'func.func @ok() {\n  func.return\n}\n// -----\nfunc.func @bad( {\n}\n'
    results = check_text(text, "in.mlir", split_input_file=True)
    assert results[0].ok
    assert results[1].parse_error is not None and results[1].parse_error.startswith("in.mlir:5:")
    with pytest.raises(UserError) as info:
        parse_module_with_locations("func.func @bad( {\n", "x.mlir", line_offset=4)
    assert info.value.location is not None and info.value.location.line == 5


def test_verification_errors_point_at_the_op_in_its_chunk() -> None:
    text = ('sdy.mesh @m = <["x"=2]>\n// -----\nsdy.mesh @m = <["x"=2]>\nfunc.func @f(%arg0: tensor<4xf32>) '
            "-> tensor<4xf32> {\n  %0 = sdy.reshard %arg0 <@m, [{\"q\"}]> : tensor<4xf32>\n"
            "  func.return %0 : tensor<4xf32>\n}\n")
    results = check_text(text, "in.mlir", split_input_file=True)
    assert results[0].ok
    (error,) = results[1].errors
    assert str(error) == "in.mlir:5:3: error: 'sdy.reshard' op unknown axis name: \"q\""


def test_multi_result_ops_print_as_a_group() -> None:
    text = ('sdy.mesh @m = <["x"=2]>\nfunc.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n'
            "  %0:2 = sdy.named_computation<\"n\">(%arg0) (%arg1: tensor<4xf32>) {\n"
            "    sdy.return %arg1, %arg1 : tensor<4xf32>, tensor<4xf32>\n"
            "  } : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)\n"
            "  func.return %0#1 : tensor<4xf32>\n}\n")
    module, _ = parse_module_with_locations(text)
    printed = print_module(module)
    assert '%0:2 = sdy.named_computation<"n">(%arg0) (%arg1: tensor<4xf32>) {' in printed
    assert "func.return %0#1 : tensor<4xf32>" in printed
    again, _ = parse_module_with_locations(printed)
    assert print_module(again) == printed
    generic = print_module(module, generic=True)
    assert '"sdy.named_computation"(%arg0) <{name = "n"}>' in generic
    back, _ = parse_module_with_locations(generic)
    assert back.is_structurally_equivalent(module)


def test_an_undefined_value_is_reported_where_it_is_first_used() -> None:
    # xDSL notices it at the end of the input; the error points at the first use of the earliest-used one
    text = ("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
            "  %1 = stablehlo.add %0, %c : tensor<4xf32>\n"
            "  %2 = stablehlo.add %1, %b : tensor<4xf32>\n"
            "  func.return %2 : tensor<4xf32>\n"
            "}\n")
    with pytest.raises(UserError) as info:
        parse_module_with_locations(text, "u.mlir")
    assert str(info.value.location) == "u.mlir:2:26"
    assert "values used but not defined: [%b, %c]" in str(info.value)
