"""pin_op_results considers exactly the ops that lie in no manual computation, in program order."""

from __future__ import annotations

from autoshard.emit.xla_pins import _ops_outside_manual_computations
from autoshard.ir.parse import parse_module
from autoshard.rules.attrs import nested_in

NESTED = """sdy.mesh @m = <["a"=2]>
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@m, [{"a"}]>] out_shardings=[<@m, [{"a"}]>] manual_axes={"a"} (%x: tensor<2xf32>) {
    %2 = stablehlo.multiply %x, %x : tensor<2xf32>
    %3 = stablehlo.add %2, %x : tensor<2xf32>
    sdy.return %3 : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %4 = stablehlo.negate %1 : tensor<4xf32>
  func.return %4 : tensor<4xf32>
}
"""


def _by_ancestors(root):
    return [op for op in root.walk() if op is not root and not nested_in(op, "sdy.manual_computation")]


def test_same_ops_as_asking_each_op_for_its_ancestors() -> None:
    module = parse_module(NESTED)
    found = list(_ops_outside_manual_computations(module))
    assert found == _by_ancestors(module)
    assert [op.name for op in found] == [
        "sdy.mesh", "func.func", "stablehlo.add", "sdy.manual_computation", "stablehlo.negate", "func.return"]
    manual = next(op for op in module.walk() if op.name == "sdy.manual_computation")
    assert list(_ops_outside_manual_computations(manual)) == []
    inner = next(op for op in manual.walk() if op.name == "stablehlo.multiply")
    assert list(_ops_outside_manual_computations(inner)) == []
