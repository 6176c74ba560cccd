"""The one reader of a value's sharding: `op_shardings`, `func_sharding` and `get_sharding` over them."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import StringAttr
from xdsl.dialects.func import FuncOp

from autoshard.dialects.sdy import SHARDING_ATTR, func_sharding, get_sharding, op_shardings
from autoshard.errors import UserError
from autoshard.ir.parse import parse_module

TEXT = """sdy.mesh @m = <["x"=2, "y"=4]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}, {}]>}, %arg1: tensor<16x8xf32>)
    -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {"y"}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{"x"}, {"y"}]>]>} : tensor<16x8xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<16x8xf32>
  func.return %1 : tensor<16x8xf32>
}
"""


def _func() -> FuncOp:
    return next(op for op in parse_module(TEXT).walk() if isinstance(op, FuncOp))


def test_func_and_op_shardings_are_read_where_stated() -> None:
    func = _func()
    add, multiply = list(func.body.block.ops)[:2]
    assert str(func_sharding(func, 0).to_sharding()) == str(get_sharding(func.args[0]).to_sharding())
    assert func_sharding(func, 1) is None and get_sharding(func.args[1]) is None
    assert func_sharding(func, 0, result=True) is not None
    (stated,) = op_shardings(add)
    assert get_sharding(add.results[0]) == stated
    assert op_shardings(multiply) is None and get_sharding(multiply.results[0]) is None


def test_a_sharding_of_the_wrong_kind_is_the_users_error() -> None:
    func = _func()
    add = next(iter(func.body.block.ops))
    add.attributes[SHARDING_ATTR] = StringAttr("x")
    with pytest.raises(UserError, match="not a #sdy.sharding_per_value"):
        op_shardings(add)
