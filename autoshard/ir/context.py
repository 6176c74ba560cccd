"""The xDSL context autoshard parses with: builtin, func and the project's dialects; unknown ops stay generic."""

from __future__ import annotations

import importlib

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func

#: (module, attribute) of each project dialect object; a module not written yet is skipped.
PROJECT_DIALECTS: tuple[tuple[str, str], ...] = (
    ("autoshard.dialects.stablehlo", "StableHLO"),
    ("autoshard.dialects.chlo", "CHLO"),
    ("autoshard.dialects.sdy", "Sdy"),
    ("autoshard.dialects.mesh", "MeshDialect"),
)


def make_context(allow_unregistered: bool = True) -> Context:
    """A fresh context with every dialect autoshard knows; unregistered ops/attrs parse generically."""
    ctx = Context(allow_unregistered=allow_unregistered)
    ctx.load_dialect(Builtin)
    ctx.load_dialect(Func)
    for module_name, attr in PROJECT_DIALECTS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            continue
        ctx.load_dialect(getattr(module, attr))
    return ctx
