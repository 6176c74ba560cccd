"""Paths of the committed zoo files, for the XLA bridge tests."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
ZOO_NAMES = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")


def zoo_file(name: str, variant: str = "pretty") -> Path:
    """`examples/<name>.mlir` (pretty) or `tests/data/zoo/<name>.<variant>.mlir` (generic, debug)."""
    if variant == "pretty":
        return REPO_ROOT / "examples" / f"{name}.mlir"
    return REPO_ROOT / "tests" / "data" / "zoo" / f"{name}.{variant}.mlir"
