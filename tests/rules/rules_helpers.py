"""Build a one-function module from a few generic-form ops and read the rule of one of them."""

from __future__ import annotations

from xdsl.ir import Operation

from autoshard.ir.parse import parse_module
from autoshard.rules import lookup_rule
from autoshard.rules.attrs import op_name


def parse_ops(args: str, body: str):
    """A module `func.func @f(args) { body; return }`."""
    return parse_module(f"func.func @f({args}) {{\n{body}\n  func.return\n}}\n", "test.mlir")


def find_op(module, name: str, index: int = -1) -> Operation:
    ops = [op for op in module.walk() if op_name(op) == name]
    assert ops, f"no {name} in module"
    return ops[index]


def rule_text(args: str, body: str, name: str | None = None, conservative: bool = False) -> str | None:
    """The printed rule (body text) of the last op named `name` (default: the last op of `body`)."""
    module = parse_ops(args, body)
    if name is None:
        name = body.strip().splitlines()[-1].split('"')[1]
    found = lookup_rule(find_op(module, name), conservative)
    return None if found.rule is None else found.rule.body_text()
