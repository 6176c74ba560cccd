"""Ops cloned from the template of their line give exactly the module xDSL's path parses (`MemoizingParser`, the
parser beneath), with the same name hints and the same errors at the same places."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.ir import Operation
from xdsl.utils.exceptions import ParseError

from autoshard.errors import UserError
from autoshard.ir.context import make_context
from autoshard.ir.memoizing_parser import MemoizingParser
from autoshard.ir.parse import parse_module, parse_module_with_locations
from autoshard.ir.repeated_ops import RepeatedOpParser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

LAYERS = """
func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>
  %2 = stablehlo.multiply %1, %arg0 : tensor<8x16xf32>
  %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %4:2 = stablehlo.optimization_barrier %2, %3 : tensor<8x16xf32>, tensor<8xf32>
  %5 = stablehlo.dot_general %4#0, %arg2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %6 = stablehlo.add %5, %4#0 : tensor<8x16xf32>
  %7 = stablehlo.multiply %6, %5 : tensor<8x16xf32>
  %8 = stablehlo.reduce(%7 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %9:2 = stablehlo.optimization_barrier %7, %8 : tensor<8x16xf32>, tensor<8xf32>
  %10 = stablehlo.add %9#1, %4#1 : tensor<8xf32>
  %11 = stablehlo.add %4#1, %9#1 : tensor<8xf32>
  %12 = stablehlo.add %10, %11 : tensor<8xf32>
  return %9#0, %12 : tensor<8x16xf32>, tensor<8xf32>
}
"""


def _plain(text: str):
    return MemoizingParser(make_context(), text).parse_module()


def _hints(module) -> list[str | None]:
    return [result.name_hint for op in module.walk() for result in op.results]


@pytest.mark.parametrize("text", [LAYERS, (EXAMPLES / "transformer_block.mlir").read_text()], ids=["layers", "zoo"])
def test_same_module_and_names_as_xdsl(text: str) -> None:
    plain, module = _plain(text), parse_module(text)
    assert str(module) == str(plain)
    assert _hints(module) == _hints(plain)


def test_repeated_lines_are_cloned_with_their_own_operands_and_regions() -> None:
    parser = RepeatedOpParser(make_context(), LAYERS)
    module = parser.parse_module()
    templates = [t for t in parser._templates.values() if t is not None]
    assert len(templates) >= 5  # add (same name twice), multiply, reduce, the barrier's two results, dot
    reduces = [op for op in module.walk() if op.name == "stablehlo.reduce"]
    assert len(reduces) == 2 and reduces[0].regions[0] is not reduces[1].regions[0]
    assert reduces[1].operands[0].owner.name == "stablehlo.multiply"
    inner = [op for op in reduces[1].walk() if op is not reduces[1]]
    assert all(operand.owner is not None for op in inner for operand in op.operands)
    adds = [op for op in module.walk() if op.name == "stablehlo.add"]
    assert adds[0].operands[0] is adds[0].operands[1]
    assert adds[1].operands[0] is not adds[1].operands[1]  # "%5, %4#0" is its own key, not "%0, %0"'s


def test_a_comment_after_the_first_line_of_a_key_leaves_it_a_template() -> None:
    text = LAYERS.replace("  %2 = stablehlo.multiply %1, %arg0 : tensor<8x16xf32>\n",
                          "  %2 = stablehlo.multiply %1, %arg0 : tensor<8x16xf32>\n  // the next layer\n")
    parser = RepeatedOpParser(make_context(), text)
    module = parser.parse_module()
    assert str(module) == str(_plain(text))
    assert any(t is not None and t.op.name == "stablehlo.multiply" for t in parser._templates.values())


def test_a_line_naming_a_result_of_another_tuple_index_reads_that_result() -> None:
    module = parse_module(LAYERS)
    barriers = [op for op in module.walk() if op.name == "stablehlo.optimization_barrier"]
    first, second = [op for op in module.walk() if op.name == "stablehlo.add"][-3:-1]  # one key
    assert tuple(first.operands) == (barriers[1].results[1], barriers[0].results[1])
    assert tuple(second.operands) == (barriers[0].results[1], barriers[1].results[1])


def _same_error(bad: str, line_text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`bad` fails as xDSL's path fails, and its line `line_text` was met with a template."""
    met: list[str] = []
    instantiate = RepeatedOpParser._instantiate

    def recording(self, template, names, line, start, end):
        met.append(line)
        return instantiate(self, template, names, line, start, end)

    monkeypatch.setattr(RepeatedOpParser, "_instantiate", recording)
    with pytest.raises(ParseError) as plain:
        _plain(bad)
    with pytest.raises(UserError) as caught:
        parse_module(bad, "bad.mlir")
    line = bad.count("\n", 0, plain.value.span.start) + 1
    col = plain.value.span.start - bad.rfind("\n", 0, plain.value.span.start)
    assert caught.value.location is not None
    assert (caught.value.location.line, caught.value.location.col) == (line, col)
    assert str(plain.value.msg if hasattr(plain.value, "msg") else plain.value).strip().splitlines()[-1] in str(
        caught.value
    ) or caught.value.message in str(plain.value)
    assert line_text in met


def test_a_repeated_line_reading_a_value_of_another_type_reports_what_xdsl_reports(monkeypatch) -> None:
    line = "%7 = stablehlo.multiply %6, %arg1 : tensor<8x16xf32>"  # %arg1 is 16x16
    _same_error(LAYERS.replace("%7 = stablehlo.multiply %6, %5 : tensor<8x16xf32>", line), line, monkeypatch)


def test_a_repeated_line_redefining_a_name_reports_what_xdsl_reports(monkeypatch) -> None:
    line = "%2 = stablehlo.multiply %6, %5 : tensor<8x16xf32>"
    _same_error(LAYERS.replace("%7 = stablehlo.multiply %6, %5 : tensor<8x16xf32>", line), line, monkeypatch)


def test_a_repeated_line_reading_an_undefined_value_reports_what_xdsl_reports() -> None:
    bad = LAYERS.replace("%7 = stablehlo.multiply %6, %5", "%7 = stablehlo.multiply %6, %99")
    with pytest.raises(UserError) as caught:
        parse_module(bad, "bad.mlir")
    assert "%99" in str(caught.value) and caught.value.location.line == bad[: bad.find("%99")].count("\n") + 1


def test_every_op_keeps_its_source_position() -> None:
    module, source_map = parse_module_with_locations(LAYERS, "layers.mlir")
    lines = LAYERS.splitlines()
    for op in module.walk():
        where = source_map.location(op)
        if where is None or not isinstance(op, Operation) or op.name in ("builtin.module", "func.func"):
            continue
        text = lines[where.line - 1]
        assert op.name.split(".")[-1] in text or op.name == "func.return", (op.name, text)
