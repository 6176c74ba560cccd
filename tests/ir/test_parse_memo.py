"""The memoizing parser gives exactly the module of the parser it memoizes (`MlirParser`), and its errors still
point at the right place."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.utils.exceptions import ParseError

from autoshard.errors import UserError
from autoshard.ir.context import make_context
from autoshard.ir.mlir_parser import MlirParser
from autoshard.ir.parse import parse_module

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

REPEATED = """
func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %cst_2 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %cst_3 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
  %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
  %3 = stablehlo.maximum %0, %1 : tensor<8x16xf32>
  %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %3, %4 : tensor<8x16xf32>, tensor<8xf32>
}
"""


@pytest.mark.parametrize("text", [REPEATED, (EXAMPLES / "transformer_block.mlir").read_text()], ids=["repeated", "zoo"])
def test_same_module_as_xdsl(text: str) -> None:
    plain = MlirParser(make_context(), text).parse_module()
    assert str(parse_module(text)) == str(plain)


def test_splat_constants_keep_their_own_value() -> None:
    module = parse_module(REPEATED)
    values = [str(op.properties["value"]) for op in module.walk() if op.name == "stablehlo.constant"]
    assert values[0] == values[2] and values[0] != values[1]
    assert "1.0" in values[4] or "1.000000e+00" in values[4]


def test_error_after_a_memoized_type_points_at_it() -> None:
    bad = REPEATED.replace("%3 = stablehlo.maximum %0, %1 : tensor<8x16xf32>", "%3 = stablehlo.maximum %0, %1 : tensor<8x16xf32")
    with pytest.raises(UserError) as caught:
        parse_module(bad, "bad.mlir")
    with pytest.raises(ParseError) as plain:
        MlirParser(make_context(), bad).parse_module()
    line = bad.count("\n", 0, plain.value.span.start) + 1
    assert caught.value.location is not None and caught.value.location.line == line == 12  # xDSL reports the next token
