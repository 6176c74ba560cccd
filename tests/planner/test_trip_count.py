"""`while_trip_count`: loop bodies are weighted by the iterations the loop's bounds give."""

from __future__ import annotations

import pytest

from autoshard.ir.parse import parse_module
from autoshard.planner.program import while_trip_count


def _loop(start: int, bound: int, step: int, compare: str) -> str:
    return f"""
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {{
  %c0 = stablehlo.constant dense<{start}> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4xf32>
   cond {{
    %n = stablehlo.constant dense<{bound}> : tensor<i32>
    %p = {compare} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %k = stablehlo.constant dense<{step}> : tensor<i32>
    %j = stablehlo.add %i, %k : tensor<i32>
    %b = stablehlo.add %a, %a : tensor<4xf32>
    stablehlo.return %j, %b : tensor<i32>, tensor<4xf32>
  }}
  return %r#1 : tensor<4xf32>
}}
"""


@pytest.mark.parametrize("start, bound, step, compare, trips", [
    (0, 8, 1, "stablehlo.compare LT, %i, %n, SIGNED", 8),
    (2, 8, 1, "stablehlo.compare LT, %i, %n", 6),
    (0, 8, 1, "stablehlo.compare LE, %i, %n", 9),
    (0, 9, 2, "stablehlo.compare LT, %i, %n", 5),
    (0, 8, 1, "stablehlo.compare GT, %n, %i", 8),
    (0, 8, 1, "stablehlo.compare NE, %i, %n", 1),  # not read: counted once
])
def test_trip_count_from_bounds_and_step(start, bound, step, compare, trips):
    module = parse_module(_loop(start, bound, step, compare), "loop.mlir")
    loop = next(op for op in module.walk() if op.name == "stablehlo.while")
    assert while_trip_count(loop) == trips


def test_trip_count_through_sharding_constraints():
    """`autoshard plan`'s output constrains a loop's operands and yielded values: the counter's start and step are
    read through them (`autoshard cost` of the planned file counts the loop as the plan did)."""
    text = _loop(0, 8, 2, "stablehlo.compare LT, %i, %n, SIGNED")
    text = text.replace("%r:2 = stablehlo.while(%i = %c0,", "%c1 = sdy.sharding_constraint %c0 <@mesh, []> : tensor<i32>\n"
                        "  %r:2 = stablehlo.while(%i = %c1,")
    text = text.replace("stablehlo.return %j, %b", "%jc = sdy.sharding_constraint %j <@mesh, []> : tensor<i32>\n"
                        "    stablehlo.return %jc, %b")
    assert text.count("sdy.sharding_constraint") == 2
    module = parse_module('sdy.mesh @mesh = <["data"=2]>\n' + text, "loop.mlir")
    loop = next(op for op in module.walk() if op.name == "stablehlo.while")
    assert while_trip_count(loop) == 4
