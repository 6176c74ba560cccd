"""autoshard.emit: a plan written into the IR (`emit_plan`, `annotate_module`), in sdy or the mesh dialect."""

from __future__ import annotations

from typing import Any

__all__ = ["annotate_module", "emit_plan"]


def __getattr__(name: str) -> Any:
    # loaded on first use: `autoshard.emit.lower_reshards` alone (the lower-reshards command) needs no planner
    if name in __all__:
        from autoshard.emit import annotate

        return getattr(annotate, name)
    raise AttributeError(f"module 'autoshard.emit' has no attribute '{name}'")
