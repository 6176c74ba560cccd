"""The entry function the planner, the simulator and the baselines all start from."""

from __future__ import annotations

import pytest

from autoshard.errors import UserError
from autoshard.ir.entry import entry_function
from autoshard.ir.parse import parse_module


def _module(*funcs: str):
    body = "\n".join(f"func.func {f}(%a: tensor<2xf32>) {{\n  func.return\n}}" for f in funcs)
    return parse_module(f"module {{\n{body}\n}}", "t.mlir")


def _name(module, name=None) -> str:
    return entry_function(module, name).sym_name.data


def test_main_wins_over_other_public_functions() -> None:
    assert _name(_module("@helper", "@main")) == "main"


def test_a_named_function_wins_over_main() -> None:
    assert _name(_module("@main", "@other"), "other") == "other"


def test_the_only_public_function_without_main() -> None:
    assert _name(_module("private @inner", "@step")) == "step"


@pytest.mark.parametrize(("funcs", "name", "message"), [
    (("@main",), "absent", "no function @absent"),
    (("@a", "@b"), None, "2 public functions"),
    ((), None, "no function"),
])
def test_no_single_entry_is_one_user_error(funcs: tuple[str, ...], name: str | None, message: str) -> None:
    with pytest.raises(UserError, match=message):
        entry_function(_module(*funcs), name)
