"""OR-tools' CP-SAT module as `cp_model`, loaded on its first use: importing it imports pandas (about 0.3 s), which a
search that builds no CP-SAT model (a large program's, settled by the reductions and the repeat phase) never needs.
The solver's modules import `cp_model` from here."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def _loaded_on_first_use(name: str) -> ModuleType:
    """The module `name`, executed on its first attribute access (`importlib.util.LazyLoader`)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None, name
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


cp_model = _loaded_on_first_use("ortools.sat.python.cp_model")
