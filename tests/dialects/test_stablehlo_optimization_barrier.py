"""optimization_barrier prints its attributes before the operands, as MLIR does, and reads both orders."""

from autoshard.ir.parse import parse_module
from autoshard.ir.printing import print_module

ATTRS_FIRST = """func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.optimization_barrier {foo = 1 : i64} %a, %b : tensor<8xf32>, tensor<8xf32>
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}
"""


def test_attributes_before_operands_round_trip():
    text = print_module(parse_module(ATTRS_FIRST, "ob.mlir"))
    assert "stablehlo.optimization_barrier {foo = 1 : i64} %a, %b : tensor<8xf32>, tensor<8xf32>" in text
    assert print_module(parse_module(text, "again.mlir")) == text


def test_attributes_after_operands_are_read_too():
    text = ATTRS_FIRST.replace("{foo = 1 : i64} %a, %b", "%a, %b {foo = 1 : i64}")
    assert "optimization_barrier {foo = 1 : i64} %a, %b" in print_module(parse_module(text, "ob.mlir"))
