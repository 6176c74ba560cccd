"""Shardy's own IR lit tests (read from ../shared when present): parse/print CHECK lines and verification.

Counts the same way as the shared conformance tool (`shardy_conformance.py ir`): every CHECK-LABEL chunk of a
`*_parse_print.mlir` (with the file's meshes prepended) is printed and run through filecheck; every `// -----`
chunk of a `*verification.mlir` / `*parsing_failure.mlir` must be rejected iff it has an expected-error.
Runs in-process (filecheck's Python API) to stay fast; asserts at least the count reached so far.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lit_support import SHARDY_TESTS, filecheck_passes, label_chunks

from autoshard.ir.printing import print_module
from autoshard.ir.verify import check_text

#: Conformance reached (see the issue note for every miss); the test fails if it regresses below these.
MIN_PARSE_PRINT = 132
MIN_VERIFY = 305

pytestmark = pytest.mark.skipif(not SHARDY_TESTS.is_dir(), reason="shared Shardy tests not present")


def _print_output(text: str) -> str | None:
    (result,) = check_text(text, "chunk.mlir")
    if not result.ok or result.module is None:
        return None
    return print_module(result.module)


def run_parse_print(tmp_path: Path) -> tuple[int, int, list[str]]:
    ok = total = 0
    misses: list[str] = []
    for path in sorted(SHARDY_TESTS.glob("*_parse_print.mlir")):
        for label, chunk in label_chunks(path):
            total += 1
            output = _print_output(chunk)
            if output is not None and filecheck_passes(chunk, output, tmp_path):
                ok += 1
            else:
                misses.append(f"{path.name}: {label}")
    return ok, total, misses


def run_verification() -> tuple[int, int, list[str]]:
    ok = total = 0
    misses: list[str] = []
    paths = sorted(SHARDY_TESTS.glob("*verification.mlir")) + sorted(SHARDY_TESTS.glob("*parsing_failure.mlir"))
    for path in paths:
        parts = re.split(r"^// -----\s*$", path.read_text(), flags=re.M)
        for i, part in enumerate(parts):
            if not part.strip() or not re.search(r"\b(func|sdy|module)\b", part):
                continue
            total += 1
            (result,) = check_text(part, "chunk.mlir")
            if (not result.ok) == ("expected-error" in part):
                ok += 1
            else:
                misses.append(f"{path.name}#{i}: {'accepted' if result.ok else 'rejected'}")
    return ok, total, misses


def test_shardy_parse_print_conformance(tmp_path: Path) -> None:
    ok, total, misses = run_parse_print(tmp_path)
    print(f"parse_print {ok}/{total}; misses: {misses}")
    assert ok >= MIN_PARSE_PRINT, misses


def test_shardy_verification_conformance() -> None:
    ok, total, misses = run_verification()
    print(f"verification {ok}/{total}; misses: {misses}")
    assert ok >= MIN_VERIFY, misses
