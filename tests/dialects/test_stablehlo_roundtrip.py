"""Every StableHLO/CHLO module we know round-trips: the zoo, our own op-coverage inputs, Shardy's registry tests.

parse(print(parse(x))) must equal parse(x) structurally (generic form without SSA names), for the pretty and the
generic printing; where jax is installed, jaxlib must accept our printed text and print the same canonical text
as for the input.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bundled_models import large_example_paths, zoo_paths
from stablehlo_roundtrip import assert_round_trips, parse, print_module

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / ".." / "shared" / "reference" / "shardy-tests"


def _mlir_files() -> list[Path]:
    # the bundled models by name (tests/bundled_models.py), so stray files in examples/ are not read
    files = zoo_paths() + large_example_paths() + sorted(REPO.glob("tests/data/**/*.mlir"))
    # Negative inputs (expected errors) and Shardy-annotated files belong to other tests.
    return [f for f in files if "expected-error" not in f.read_text() and "sdy." not in f.read_text()]


MLIR_FILES = _mlir_files()
#: Above this many lines a file is also checked in one printing only (xDSL parses ~300 lines/s here).
LARGE_FILE_LINES = 1000


def _is_large(text: str) -> bool:
    return text.count("\n") > LARGE_FILE_LINES


def jaxlib_canonical(text: str, debug_info: bool) -> str:
    """jaxlib's own parse of `text` (stablehlo/chlo/sdy registered), printed canonically."""
    pytest.importorskip("jax")
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    context = jax_mlir.make_ir_context()
    context.allow_unregistered_dialects = True
    with context:
        module = ir.Module.parse(text)
        module.operation.verify()
        return module.operation.get_asm(enable_debug_info=debug_info)


def assert_jaxlib_agrees(text: str, *, generic: bool = True) -> None:
    # Compare locations too when the input gives every op one (else jaxlib invents `"-":line:col` ones).
    expected = jaxlib_canonical(text, True)
    debug_info = '"-":' not in expected
    if not debug_info:
        expected = jaxlib_canonical(text, False)
    module = parse(text)
    assert jaxlib_canonical(print_module(module, debug_info=debug_info), debug_info) == expected
    if generic:
        assert jaxlib_canonical(print_module(module, generic=True, debug_info=debug_info), debug_info) == expected


def test_there_are_inputs() -> None:
    assert any(f.parent.name == "stablehlo" for f in MLIR_FILES)


@pytest.mark.parametrize("path", MLIR_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_file_round_trips(path: Path) -> None:
    text = path.read_text()
    assert_round_trips(text, generic=not _is_large(text))


@pytest.mark.parametrize("path", MLIR_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_jaxlib_accepts_our_output(path: Path) -> None:
    text = path.read_text()
    assert_jaxlib_agrees(text, generic=not _is_large(text))


@pytest.mark.parametrize("name", ["op_sharding_rule_registry.mlir", "op_sharding_rule_registry_conservative.mlir"])
def test_shardy_registry_tests_round_trip(name: str) -> None:
    path = REFERENCE / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    text = path.read_text()
    if "sdy.constant" in text:
        # sdy.constant belongs to the sdy dialect; its stablehlo twin has the same syntax.
        text = text.replace("sdy.constant", "stablehlo.constant")
    assert_round_trips(text)
    assert_jaxlib_agrees(text)


def test_unregistered_op_is_kept_verbatim() -> None:
    text = ('%0 = "mystery.op"(%a) <{p = 1 : i32}> ({\n}) {k = #mystery.attr<"q">} : (tensor<2xf32>) -> tensor<2xf32>'
            .replace("(%a)", "()").replace(": (tensor<2xf32>)", ": ()"))
    module = parse(text)
    printed = print_module(module)
    assert '"mystery.op"() <{p = 1 : i32}> ({' in printed and '#mystery.attr<"q">' in printed
    assert_round_trips(text)
