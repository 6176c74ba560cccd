"""Op facts come from the typed dialect ops, whichever syntax the op was written in; a generic op says why not."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, UnregisteredOp
from xdsl.dialects.func import Func
from xdsl.parser import Parser

from autoshard.dialects.stablehlo import ConvolutionOp, DotGeneralOp
from autoshard.errors import UserError
from autoshard.rules import lookup_rule
from autoshard.rules.convolution import ConvDims, conv_dims
from autoshard.rules.dot import dot_dimension_numbers
from autoshard.rules.typed_ops import typed_op

from rules_helpers import find_op, parse_ops

_DOT_GENERIC = (
    '%0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], '
    "rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> "
    ": (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>"
)
_DOT_PRETTY = (
    "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] "
    ": (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>"
)
_ARGS = "%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>"


@pytest.mark.parametrize("body", [_DOT_GENERIC, _DOT_PRETTY])
def test_dot_general_facts_are_typed_in_both_syntaxes(body: str) -> None:
    op = find_op(parse_ops(_ARGS, body), "stablehlo.dot_general")
    assert isinstance(op, DotGeneralOp)
    assert dot_dimension_numbers(op) == ((0,), (0,), (2,), (1,))


def test_conv_dims_read_from_the_typed_convolution() -> None:
    body = (
        "%0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
        "window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} "
        ": (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>"
    )
    op = find_op(parse_ops("%x: tensor<2x8x8x3xf32>, %w: tensor<3x3x3x4xf32>", body), "stablehlo.convolution")
    assert isinstance(op, ConvolutionOp)
    assert conv_dims(op) == ConvDims(0, 3, (1, 2), 2, 3, (0, 1), 0, 3, (1, 2))


def _parsed_without_stablehlo(body: str) -> UnregisteredOp:
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(Builtin)
    ctx.load_dialect(Func)
    module = Parser(ctx, f"func.func @f({_ARGS}) {{\n{body}\n  func.return\n}}\n").parse_module()
    op = next(op for op in module.walk() if isinstance(op, UnregisteredOp))
    assert op.op_name.data == "stablehlo.dot_general"
    return op


def test_an_op_parsed_without_its_dialect_is_one_clear_error() -> None:
    op = _parsed_without_stablehlo(_DOT_GENERIC)
    with pytest.raises(UserError, match="parsed without its dialect"):
        typed_op(op, DotGeneralOp)
    found = lookup_rule(op)
    assert found.rule is None and found.source == "unknown"
    assert "parsed without its dialect" in (found.warning or "")


def test_an_op_of_another_kind_is_a_type_error() -> None:
    op = find_op(parse_ops(_ARGS, _DOT_PRETTY), "stablehlo.dot_general")
    with pytest.raises(TypeError, match="expected a 'stablehlo.convolution' op"):
        typed_op(op, ConvolutionOp)
