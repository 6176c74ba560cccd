"""The parser autoshard reads MLIR with: xDSL's, plus what MLIR text exported by JAX needs beyond it."""

from __future__ import annotations

from autoshard.ir.dense_hex import DenseLiteralParser
from autoshard.ir.fast_lexer import FastLexingParser
from autoshard.ir.locations import DebugLocationParser
from autoshard.ir.undefined_values import UndefinedValueParser


class MlirParser(DebugLocationParser, UndefinedValueParser, DenseLiteralParser, FastLexingParser):
    """xDSL's parser reading bit-exact hex float constants and JAX's debug locations (forward aliases, file
    ranges), with a faster lexer and undefined values reported where first used; `autoshard.ir.parse` adds
    memoization and source positions on top."""
