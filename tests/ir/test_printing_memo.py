"""The printer `print_module` uses (memoized types and shardings, direct writes) prints exactly the text of the
printer it speeds up (`MlirPrinter`), on the zoo as read and as planned (sharding attributes, constraints)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from xdsl.ir import Operation

from autoshard.emit.annotate import annotate_module
from autoshard.ir.parse import parse_module
from autoshard.ir.printing import MlirPrinter, print_module
from autoshard.planner.api import plan
from bundled_models import zoo_path, zoo_paths


def _plain_text(op: Operation, generic: bool = False) -> str:
    out = io.StringIO()
    MlirPrinter(stream=out, print_generic_format=generic).print_op(op)
    text = out.getvalue()
    return text if text.endswith("\n") else text + "\n"


@pytest.mark.parametrize("path", zoo_paths(), ids=lambda p: p.stem)
@pytest.mark.parametrize("generic", [False, True], ids=["pretty", "generic"])
def test_zoo_as_read(path: Path, generic: bool) -> None:
    module = parse_module(path.read_text())
    assert print_module(module, generic=generic) == _plain_text(module, generic=generic)


@pytest.mark.parametrize("name", ["transformer_block", "moe"])
def test_planned(name: str) -> None:
    result = plan(zoo_path(name), mesh="data=2,model=4", time_limit=1)
    annotated = annotate_module(result)
    text = print_module(annotated)
    assert "sdy.sharding_constraint" in text and "#sdy.sharding_per_value" in text
    assert text == _plain_text(annotated)
    assert print_module(annotated) == text  # a second printer starts with nothing memoized
