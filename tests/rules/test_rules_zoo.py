"""Every op of every zoo model gets a real (non-fallback) rule; region ops and calls get data-flow groups."""

import warnings
from pathlib import Path

import pytest

from autoshard.ir.parse import parse_module
from autoshard.rules import data_flow_groups, has_known_rule, lookup_rule, rule_for
from autoshard.rules.attrs import op_name
from autoshard.rules.data_flow import DATA_FLOW_OPS
from autoshard.rules.registry import NO_RULE_OPS, TERMINATOR_OPS
from bundled_models import zoo_paths

ROOT = Path(__file__).resolve().parents[2]
PRETTY = zoo_paths()  # by name (tests/bundled_models.py): stray files in examples/ are not models
GENERIC = sorted((ROOT / "tests" / "data" / "zoo").glob("*.generic.mlir"))
def stablehlo_parses_pretty_syntax() -> bool:
    """Whether autoshard's StableHLO dialect is in place (pretty `stablehlo.*` syntax needs it)."""
    try:
        from autoshard.dialects.stablehlo import StableHLO
    except ImportError:
        return False
    return any(op.name == "stablehlo.dot_general" for op in StableHLO.operations)


HAVE_STABLEHLO = stablehlo_parses_pretty_syntax()


def _check_module(path: Path) -> int:
    module = parse_module(path.read_text(), str(path))
    checked = 0
    for op in module.walk():
        name = op_name(op)
        if op is module or name in TERMINATOR_OPS or name in ("func.func", "stablehlo.constant"):
            continue
        if name in DATA_FLOW_OPS:
            assert data_flow_groups(op), f"{path.name}: {name} has no data-flow groups"
            continue
        assert name not in NO_RULE_OPS or name == "stablehlo.iota", name
        assert has_known_rule(op), f"{path.name}: {name} has no rule ({lookup_rule(op).warning})"
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            rule = rule_for(op)
        assert len(rule.operand_mappings) == len(op.operands) and len(rule.result_mappings) == len(op.results)
        checked += 1
    return checked


def test_zoo_is_present():
    assert GENERIC, "tests/data/zoo/*.generic.mlir missing"


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.name)
def test_generic_zoo_model_ops_all_have_rules(path):
    assert _check_module(path) > 0


@pytest.mark.parametrize("path", PRETTY, ids=lambda p: p.name)
def test_pretty_zoo_model_ops_all_have_rules(path):
    if not HAVE_STABLEHLO:
        pytest.skip("autoshard.dialects.stablehlo not available yet: pretty StableHLO does not parse")
    assert _check_module(path) > 0
