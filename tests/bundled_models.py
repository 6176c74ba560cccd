"""The bundled example models the tests read, named explicitly: files that land in `examples/` otherwise (the
output of `autoshard plan examples/mlp.mlir`, `examples/mlp.planned.mlir`; a generator run) are never taken for
models.

- the zoo, `examples/<name>.mlir` for each of `autoshard.xla.expert_shardings.ZOO_MODELS`: small, planned,
  simulated and compiled end to end;
- `LARGE_EXAMPLES`, `examples/large/<name>.mlir`: realistic sizes (the README's quick start plans one); parsed
  and round-tripped only, since simulating them on 8 devices needs gigabytes.
"""

from __future__ import annotations

from pathlib import Path

from autoshard.xla.expert_shardings import ZOO_MODELS

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"

#: examples/large/<name>.mlir
LARGE_EXAMPLES = ("gpt_train_step", "gpt_train_step_h2048")

__all__ = ["EXAMPLES", "LARGE_EXAMPLES", "REPO", "ZOO_MODELS", "large_example_paths", "zoo_path", "zoo_paths"]


def zoo_path(name: str) -> Path:
    """`examples/<name>.mlir`, the pretty form of zoo model `name`."""
    return EXAMPLES / f"{name}.mlir"


def zoo_paths() -> list[Path]:
    """Every zoo model's file, in name order."""
    return [zoo_path(name) for name in sorted(ZOO_MODELS)]


def large_example_paths() -> list[Path]:
    """Every large example's file, in name order."""
    return [EXAMPLES / "large" / f"{name}.mlir" for name in sorted(LARGE_EXAMPLES)]
