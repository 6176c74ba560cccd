"""`KeysByObjects` gives every op the key its function gives, computing it once per combination of objects."""

from __future__ import annotations

from autoshard.ir.op_keys import KeysByObjects
from autoshard.ir.parse import parse_module

TEXT = """
func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8x16xf32>
  %3 = stablehlo.transpose %2, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = stablehlo.transpose %3, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}
"""


def _key(op):
    return (op.name, tuple(op.result_types), tuple(sorted(op.properties.items())))


def test_same_keys_as_the_function_computed_once_per_combination() -> None:
    ops = [op for op in parse_module(TEXT).walk() if op.name.startswith("stablehlo.")]
    calls = []
    keys = KeysByObjects(lambda op: calls.append(op) or _key(op))
    assert [keys(op) for op in ops] == [_key(op) for op in ops]
    assert [op.name for op in calls] == ["stablehlo.add", "stablehlo.multiply", "stablehlo.transpose"]


def test_equal_objects_that_are_not_the_same_get_their_own_computation_and_the_equal_key() -> None:
    first = [op for op in parse_module(TEXT).walk() if op.name == "stablehlo.transpose"][0]
    second = [op for op in parse_module(TEXT).walk() if op.name == "stablehlo.transpose"][0]  # another parse
    calls = []
    keys = KeysByObjects(lambda op: calls.append(op) or _key(op))
    assert keys(first) == keys(second) and len(calls) == 2
