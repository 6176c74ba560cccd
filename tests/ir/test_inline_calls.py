"""Inlining private `func.call`s (`autoshard.ir.inline_calls`)."""

from __future__ import annotations

from autoshard.ir.entry import entry_function
from autoshard.ir.inline_calls import calls_private_functions, inline_private_calls
from autoshard.ir.parse import parse_module
from autoshard.ir.printing import print_module

SWAPPING_CALL = """module @m {
  func.func public @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %0:2 = func.call @swap(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
  }
  func.func private @swap(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    return %b, %a : tensor<4xf32>, tensor<4xf32>
  }
}
"""


def test_a_callee_returning_its_arguments_returns_the_call_operands():
    module = parse_module(SWAPPING_CALL, "swap.mlir")
    assert inline_private_calls(module) == 1
    block = entry_function(module).body.blocks[0]
    assert list(block.last_op.operands) == list(reversed(block.args))
    assert "func.call" not in print_module(module)


def test_a_module_calls_private_functions_until_they_are_inlined():
    module = parse_module(SWAPPING_CALL, "swap.mlir")
    assert calls_private_functions(module)
    inline_private_calls(module)
    assert not calls_private_functions(module)
    public_only = SWAPPING_CALL.replace("func.func private @swap", "func.func public @swap")
    assert not calls_private_functions(parse_module(public_only, "public.mlir"))  # a public callee stays a call
