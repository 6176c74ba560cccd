"""Helpers for the StableHLO/CHLO round-trip tests: parse with our dialects, print, compare structurally."""

from __future__ import annotations

import io

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, Builtin, DictionaryAttr, ModuleOp
from xdsl.dialects.func import Func
from xdsl.printer import Printer

from autoshard.dialects.chlo import CHLO
from autoshard.dialects.stablehlo import StableHLO
from autoshard.ir.mlir_parser import MlirParser


def make_context() -> Context:
    """builtin + func + stablehlo + chlo, unregistered ops allowed (independent of the other dialects)."""
    ctx = Context(allow_unregistered=True)
    for dialect in (Builtin, Func, StableHLO, CHLO):
        ctx.load_dialect(dialect)
    return ctx


def parse(text: str) -> ModuleOp:
    return MlirParser(make_context(), text).parse_module()


def print_module(module: ModuleOp, *, generic: bool = False, debug_info: bool = False) -> str:
    out = io.StringIO()
    Printer(out, print_generic_format=generic, print_debuginfo=debug_info).print_op(module)
    return out.getvalue()


def _all_empty(attr) -> bool:
    return isinstance(attr, ArrayAttr) and all(isinstance(d, DictionaryAttr) and not d.data for d in attr.data)


def structural_text(module: ModuleOp) -> str:
    """The generic form without SSA names, dictionaries sorted, all-empty func arg/res attrs dropped."""
    module = module.clone()
    for op in module.walk():
        for value in list(op.results) + [arg for region in op.regions for block in region.blocks
                                         for arg in block.args]:
            value.name_hint = None
        for entries in (op.properties, op.attributes):
            for key in ("arg_attrs", "res_attrs"):
                if key in entries and _all_empty(entries[key]):
                    del entries[key]
            ordered = dict(sorted(entries.items()))
            entries.clear()
            entries.update(ordered)
    return print_module(module, generic=True, debug_info=True)


def assert_round_trips(text: str, *, generic: bool = True) -> str:
    """parse(print(parse(text))) == parse(text) for the pretty (and unless told not, the generic) printing.

    Returns the pretty text.
    """
    module = parse(text)
    expected = structural_text(module)
    pretty = print_module(module, debug_info=True)
    assert structural_text(parse(pretty)) == expected, "pretty print does not round-trip"
    if generic:
        generic_text = print_module(module, generic=True, debug_info=True)
        assert structural_text(parse(generic_text)) == expected, "generic print does not round-trip"
    return pretty
