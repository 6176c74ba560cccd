"""The forward/backward split of a training step, its residuals and its repeated blocks: on a hand-written step
whose residuals are known, on jax's export of a 3-layer residual MLP (`tests/data/remat`) and on the zoo's GPT."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoshard.errors import UserError
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.ir.parse import parse_module
from autoshard.planner.remat.repeated_blocks import block_of, find_repeated_blocks
from autoshard.planner.remat.residuals import find_residuals
from autoshard.planner.remat.training_step import split_training_step

REPO = Path(__file__).resolve().parents[3]
STEP = REPO / "tests" / "data" / "remat" / "residual_mlp_step.mlir"

#: a one-layer step as jax writes one: the forward (dot, tanh, the derivative factor 1 - tanh, the loss), then the
#: backward from the seed. Residuals: %t (read by %g1) and %d (read by %g0); not %h (read in the forward only), not
#: %ones (a constant broadcast), not %x (an argument).
HAND_WRITTEN = """
func.func @main(%w: tensor<4x4xf32>, %x: tensor<2x4xf32>) -> (tensor<f32>, tensor<4x4xf32>) {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %t = stablehlo.tanh %h : tensor<2x4xf32>
  %c1 = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %c1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
  %d = stablehlo.subtract %ones, %t : tensor<2x4xf32>
  %c0 = stablehlo.constant dense<0.0> : tensor<f32>
  %loss = stablehlo.reduce(%t init: %c0) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
  %seed = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.broadcast_in_dim %seed, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
  %g0 = stablehlo.multiply %s, %d : tensor<2x4xf32>
  %g1 = stablehlo.multiply %g0, %t : tensor<2x4xf32>
  %g2 = stablehlo.add %g1, %ones : tensor<2x4xf32>
  %gw = stablehlo.dot_general %x, %g2, contracting_dims = [0] x [0] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %loss, %gw : tensor<f32>, tensor<4x4xf32>
}
"""


def names(values) -> list[str]:
    return [v.name_hint for v in values]


def test_the_forward_ends_at_the_loss_and_the_residuals_are_the_forward_values_the_backward_reads():
    step = split_training_step(parse_module(HAND_WRITTEN))
    assert step.ops[step.boundary].results[0] is step.loss and step.boundary == 6
    residuals = find_residuals(step)
    assert names(r.value for r in residuals) == ["t", "d"]
    t, d = residuals
    assert (t.position, t.first_backward_reader, t.last_backward_reader, t.nbytes) == (1, 10, 10, 2 * 4 * 4)
    assert (d.position, d.first_backward_reader) == (4, 9)


def test_the_loss_must_be_a_scalar_float_result():
    module = parse_module(HAND_WRITTEN)
    with pytest.raises(UserError, match="not a scalar float loss"):
        split_training_step(module, loss_result=1)
    with pytest.raises(UserError, match="no result 2"):
        split_training_step(module, loss_result=2)


def test_jax_residual_mlp_step_has_three_layers_whose_input_is_the_residual_stream():
    step = split_training_step(parse_module(STEP.read_text()))
    blocks = find_repeated_blocks(step)
    assert [(b.start, b.stop) for b in blocks] == [(0, 40), (40, 84), (84, 128)]
    assert [len(b.inputs) for b in blocks] == [0, 1, 1]  # the first layer reads the argument x
    for previous, block in zip(blocks, blocks[1:]):
        (stream,) = block.inputs
        assert previous.holds(step.position(stream.owner))  # the previous layer's output
    residuals = find_residuals(step)
    assert all(r.position <= step.boundary < r.first_backward_reader <= r.last_backward_reader for r in residuals)
    per_block = [[r for r in residuals if block_of(blocks, r.position) is b] for b in blocks]
    # the layers after the first also keep their RMS norm's scale and its derivative (x has no gradient), and
    # every layer's output but the last is the next one's input, which the backward of its RMS norm reads
    assert [len(rs) for rs in per_block] == [8, 10, 9]
    ffn_activations = [r for r in per_block[1] if r.nbytes == 16 * 16 * 4]  # batch x ffn f32
    assert {r.op for r in ffn_activations} == {"stablehlo.dot_general", "stablehlo.multiply", "stablehlo.tanh",
                                               "stablehlo.subtract"}


def test_zoo_gpt_train_step_has_two_transformer_blocks():
    module = parse_module((REPO / "examples" / "gpt_train_step.mlir").read_text())
    inline_private_calls(module)
    step = split_training_step(module, loss_result=-1)  # (params, m, v, step, loss)
    blocks = find_repeated_blocks(step)
    assert len(blocks) == 2 and blocks[0].stop == blocks[1].start
    assert all(len(b.inputs) == 1 for b in blocks)
    residuals = find_residuals(step)
    assert sum(block_of(blocks, r.position) is blocks[0] for r in residuals) == sum(
        block_of(blocks, r.position) is blocks[1] for r in residuals) > 10


def test_a_step_without_repetition_has_no_blocks():
    assert find_repeated_blocks(split_training_step(parse_module(HAND_WRITTEN))) == ()
