"""Shardy's reshard_to_collectives lit tests (read from ../shared when present) against our pass.

Counts like the shared conformance tool (`shardy_conformance.py reshard`): every CHECK-LABEL chunk, with the
file's meshes prepended, is lowered and its output run through filecheck. In-process (filecheck's Python
API) to stay fast; asserts at least the count reached so far.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lit_support import SHARDY_TESTS, filecheck_passes, label_chunks

from autoshard.emit.lower_reshards import lower_reshards
from autoshard.ir.printing import print_module
from autoshard.ir.verify import check_text, verify_ops

#: (file, keep_redundant_reshards, minimum passing chunks): all of them pass at the time of writing.
SUITES = [
    ("reshard_to_collectives.mlir", False, 98),
    ("reshard_to_collectives_keep_redundant_reshards_true.mlir", True, 3),
]

pytestmark = pytest.mark.skipif(not SHARDY_TESTS.is_dir(), reason="shared Shardy tests not present")


@pytest.mark.parametrize(("name", "keep", "minimum"), SUITES, ids=[s[0] for s in SUITES])
def test_reshard_to_collectives_conformance(name: str, keep: bool, minimum: int, tmp_path: Path):
    passed, misses = 0, []
    for label, chunk in label_chunks(SHARDY_TESTS / name):
        (result,) = check_text(chunk, "chunk.mlir")
        if not result.ok or result.module is None:
            misses.append(f"{label}: input does not verify")
            continue
        lower_reshards(result.module, keep_redundant_reshards=keep)
        errors = [d for d in verify_ops(result.module) if d.severity == "error"]
        if errors:
            misses.append(f"{label}: output does not verify: {errors[0]}")
        elif filecheck_passes(chunk, print_module(result.module), tmp_path):
            passed += 1
        else:
            misses.append(f"{label}: CHECK lines do not hold")
    assert passed >= minimum, f"{passed} passed; misses: {misses}"
