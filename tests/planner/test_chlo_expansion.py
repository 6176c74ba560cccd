"""`chlo.erfc` as XLA expands it: where the model writes an erfc read by loop fusions only (as an exact GELU's
forward product and derivative read it), XLA writes the three expensive values of its f32 approximation instead (f32 only),
and the accounting holds three f32 buffers of its shape; where a library kernel reads it (XLA:CPU's reductions),
XLA writes the erfc's result, as the model does."""

from __future__ import annotations

import math

import pytest

import autoshard
from autoshard.planner.xla_model.backend import CPU
from autoshard.planner.xla_model.chlo_expansion import ERFC_WRITTEN_VALUES
from autoshard.planner.xla_model.memory_accounting import node_usage, plan_liveness

#: erfc read by two products, each a loop kernel of its own: one a dot reads, one returned
READ_BY_LOOP_KERNELS = """
func.func @main(%x: tensor<64x128x{t}>, %y: tensor<64x128x{t}>, %w: tensor<128x32x{t}>) -> (tensor<64x32x{t}>, tensor<64x128x{t}>) {{
  %0 = chlo.erfc %x : tensor<64x128x{t}> -> tensor<64x128x{t}>
  %1 = stablehlo.multiply %0, %x : tensor<64x128x{t}>
  %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<64x128x{t}>, tensor<128x32x{t}>) -> tensor<64x32x{t}>
  %3 = stablehlo.multiply %0, %y : tensor<64x128x{t}>
  return %2, %3 : tensor<64x32x{t}>, tensor<64x128x{t}>
}}
"""

#: erfc read by two products, each reduced: XLA:CPU's library runs both reductions with the products inside
READ_BY_LIBRARY_REDUCTIONS = """
func.func @main(%x: tensor<64x128x{t}>, %y: tensor<64x128x{t}>, %w: tensor<128x32x{t}>) -> (tensor<128x{t}>, tensor<128x{t}>) {{
  %0 = chlo.erfc %x : tensor<64x128x{t}> -> tensor<64x128x{t}>
  %1 = stablehlo.multiply %0, %x : tensor<64x128x{t}>
  %2 = stablehlo.multiply %0, %y : tensor<64x128x{t}>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<{t}>
  %3 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<64x128x{t}>, tensor<{t}>) -> tensor<128x{t}>
  %4 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<64x128x{t}>, tensor<{t}>) -> tensor<128x{t}>
  return %3, %4 : tensor<128x{t}>, tensor<128x{t}>
}}
"""


def _erfc_bytes(program: str, dtype: str) -> tuple[int, int]:
    """(the bytes the accounting holds for the written erfc, its result's per-device elements)."""
    plan = autoshard.plan(program.format(t=dtype), mesh="data=2", time_limit=2, num_workers=1)
    graph, assignment = plan.graph, plan.assignment
    (erfc,) = [n for n in graph.nodes if n.label == "chlo.erfc"]
    liveness = plan_liveness(graph, assignment, plan.mesh, CPU)
    assert (erfc.index, 0) not in liveness.fused
    strategy = erfc.strategies[assignment[erfc.index]]
    return node_usage(erfc, strategy, plan.mesh, liveness), math.prod(strategy.outputs[0].local_shape((64, 128),
                                                                                                      plan.mesh))


@pytest.mark.parametrize(("dtype", "buffers", "element_bytes"), [("f32", ERFC_WRITTEN_VALUES, 4),
                                                                 ("bf16", 1, 4), ("f64", 1, 8)])
def test_an_erfc_read_by_loop_kernels_holds_the_three_f32_values_of_its_expansion(dtype, buffers, element_bytes):
    """bf16: XLA converts to f32 and writes one value (the model holds bf16 values computed in f32)."""
    held, elements = _erfc_bytes(READ_BY_LOOP_KERNELS, dtype)
    assert held == buffers * CPU.aligned(elements * element_bytes)


def test_an_erfc_read_by_library_reductions_holds_its_result():
    held, elements = _erfc_bytes(READ_BY_LIBRARY_REDUCTIONS, "f32")
    assert held == CPU.aligned(elements * 4)
