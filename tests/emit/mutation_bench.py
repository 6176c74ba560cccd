"""`bench/mutate_collectives.py` loaded as a module (`mutate`) for the tests of the explicit-collectives form:
its mutants, its f64 conversion and its verdicts have one home, the benchmark."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_spec = importlib.util.spec_from_file_location("mutate_collectives", REPO / "bench/mutate_collectives.py")
assert _spec is not None and _spec.loader is not None
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate_collectives"] = mutate  # its dataclasses look their module up
_spec.loader.exec_module(mutate)
