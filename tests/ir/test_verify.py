"""verify_ops: warnings go to the collector of their own run, and a verifier's bug is not a user diagnostic."""

from __future__ import annotations

import pytest

from autoshard.dialects.sdy.diagnostics import WarningCollector, collecting_warnings, warn
from autoshard.ir import verify
from autoshard.ir.parse import parse_module_with_locations
from autoshard.ir.verify import verify_ops

INDIVISIBLE = """sdy.mesh @m = <["y"=4]>
func.func @f(%arg0: tensor<16x6xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {"y"}]>}) -> tensor<16x6xf32> {
  %0 = sdy.sharding_constraint %arg0 <@m, [{}, {"y"}]> : tensor<16x6xf32>
  func.return %0 : tensor<16x6xf32>
}
"""


def _warnings(text: str) -> list[str]:
    module, source_map = parse_module_with_locations(text, "w.mlir")
    return [str(d) for d in verify_ops(module, source_map) if d.severity == "warning"]


def test_each_run_reports_its_own_warnings_once() -> None:
    first = _warnings(INDIVISIBLE)
    assert first == [
        "w.mlir:2:1: warning: 'func.func' op arg 0 - dimension 1 of size 6 is not divisible by its 4 shards (\"y\"); "
        "it will be padded",
        "w.mlir:3:3: warning: 'sdy.sharding_constraint' op dimension 1 of size 6 is not divisible by its 4 shards "
        "(\"y\"); it will be padded",
    ]
    assert _warnings(INDIVISIBLE) == first  # nothing carried over from the first run


def test_warnings_go_to_the_innermost_collector_and_are_dropped_outside() -> None:
    outer, inner = WarningCollector(), WarningCollector()
    warn("nobody listens")
    with collecting_warnings(outer):
        warn("a")
        with collecting_warnings(inner):
            warn("b")
        warn("c")
    warn("nobody listens either")
    assert outer.messages == ["a", "c"] and inner.messages == ["b"]


@pytest.mark.parametrize("bug", [AttributeError("'NoneType' object has no attribute 'dims'"), KeyError("x")])
def test_a_bug_in_a_verifier_escapes_instead_of_becoming_a_diagnostic(monkeypatch, bug: Exception) -> None:
    def broken(op) -> None:
        if op.name == "sdy.sharding_constraint":
            raise bug

    monkeypatch.setattr(verify, "verify_op_sdy_attributes", broken)
    module, source_map = parse_module_with_locations(INDIVISIBLE, "w.mlir")
    with pytest.raises(type(bug)):
        verify_ops(module, source_map)
