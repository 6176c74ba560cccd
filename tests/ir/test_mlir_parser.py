"""autoshard's parser reads what xDSL's does not, without changing xDSL for anyone else."""

from __future__ import annotations

import math
import subprocess
import sys

from xdsl.parser import Parser

from autoshard.ir.context import make_context
from autoshard.ir.mlir_parser import MlirParser

NEG_INF = "func.func @f() -> tensor<f32> {\n  %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>\n  func.return %0 : tensor<f32>\n}\n"

RANGES = """func.func @f(%arg0: tensor<f32> loc("x"(#loc2))) -> tensor<f32> {
  func.return %arg0 : tensor<f32> loc(#loc3)
} loc(#loc1)
#loc1 = loc("f.py":3:1)
#loc2 = loc("f.py":1:2 to :9)
#loc3 = loc(callsite(#loc2 at #loc1))
"""


def _constant(parser_class: type[Parser]) -> float:
    module = parser_class(make_context(), NEG_INF).parse_module()
    (op,) = [op for op in module.walk() if op.name == "stablehlo.constant"]
    return op.value.get_values()[0]


def test_hex_float_constants_are_bits_for_our_parser_only() -> None:
    assert _constant(MlirParser) == -math.inf
    assert _constant(Parser) == float(0xFF800000)  # xDSL's own parser, left as it is


def test_forward_location_aliases_and_ranges() -> None:
    module = MlirParser(make_context(), RANGES).parse_module()
    func = next(iter(module.ops))
    ret = func.body.block.last_op
    assert str(ret.location) == 'loc(callsite("f.py":1:2 to :9 at "f.py":3:1))'


def test_importing_the_dialects_changes_nothing_in_xdsl() -> None:
    probe = """
import xdsl.irdl
from xdsl.dialects import builtin
from xdsl.parser import Parser, attribute_parser
before = (Parser.parse_module, Parser._parse_alias_def, attribute_parser.AttrParser._parse_location,
          attribute_parser.AttrParser._TensorLiteralElement.to_type, attribute_parser.base,
          builtin.LocationConstraint.verify)
import autoshard.dialects.chlo, autoshard.dialects.mesh, autoshard.dialects.sdy, autoshard.dialects.stablehlo
after = (Parser.parse_module, Parser._parse_alias_def, attribute_parser.AttrParser._parse_location,
         attribute_parser.AttrParser._TensorLiteralElement.to_type, attribute_parser.base,
         builtin.LocationConstraint.verify)
print([b is a for b, a in zip(before, after)])
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == str([True] * 6), done.stderr
