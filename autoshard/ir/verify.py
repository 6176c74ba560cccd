"""Verifying a parsed module: xDSL/IRDL op verifiers plus the sdy rules, as located diagnostics.

Every op is verified on its own (so one broken op does not hide another); a failure becomes one
`file:line:col: error: 'op.name' op <rule>` line pointing at the op. Warnings are rules Shardy does not
enforce, gathered by a `WarningCollector` (see `autoshard.dialects.sdy.diagnostics`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from autoshard.dialects.sdy.diagnostics import WarningCollector, collecting_warnings
from autoshard.dialects.sdy.verify_op_attributes import verify_op_sdy_attributes
from autoshard.errors import Location, UserError
from autoshard.ir.parse import SourceMap, parse_module_with_locations
from autoshard.ir.parse import split_input_file as split
from autoshard.ir.verify_once import OnceVerifier


@dataclass(frozen=True)
class Diagnostic:
    """One verification finding about an op."""

    severity: str  # "error" or "warning"
    op_name: str
    message: str
    location: Location | None

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.severity}: '{self.op_name}' op {self.message}"


def _message(e: Exception) -> str:
    text = str(e).strip()
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return type(e).__name__
    for line in lines:  # xDSL diagnostics embed the printed IR; keep the line with the reason
        if "Operation does not verify:" in line:
            return line.split("Operation does not verify:", 1)[1].strip()
    return lines[0] if len(lines) == 1 else lines[-1].lstrip("^ ").strip() or lines[0]


def verify_ops(module: Operation, source_map: SourceMap | None = None) -> list[Diagnostic]:
    """Errors then warnings for every op of `module` (empty when the module is valid).

    A rule rejects bad input with `VerifyException` (xDSL's own verifiers too); any other exception escapes,
    since it is a bug in a verifier, not a finding about the input.
    """
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    collector = WarningCollector()
    verifier = OnceVerifier()
    with collecting_warnings(collector):
        for op in module.walk():

            def location() -> Location | None:
                return source_map.location(op) if source_map is not None else None

            name = op.op_name.data if isinstance(op, UnregisteredOp) else op.name
            before = len(collector.messages)
            try:
                verifier.verify(op)
                verify_op_sdy_attributes(op)
            except (VerifyException, DiagnosticException) as e:  # a rule's finding about bad input; else a bug
                errors.append(Diagnostic("error", name, _message(e), location()))
            for text in collector.messages[before:]:
                warnings.append(Diagnostic("warning", name, text, location()))
    return errors + warnings


@dataclass
class ChunkResult:
    """One parsed (and verified) chunk of an input file."""

    module: Operation | None
    diagnostics: list[Diagnostic]
    parse_error: str | None = None

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def ok(self) -> bool:
        return self.parse_error is None and not self.errors


def check_text(text: str, filename: str, split_input_file: bool = False) -> list[ChunkResult]:
    """Parse and verify `text` (each `// -----` chunk on its own with `split_input_file`)."""
    chunks = split(text) if split_input_file else [(text, 0)]
    results: list[ChunkResult] = []
    for chunk, line_offset in chunks:
        try:
            module, source_map = parse_module_with_locations(chunk, filename, line_offset)
        except UserError as e:
            results.append(ChunkResult(None, [], str(e)))
            continue
        results.append(ChunkResult(module, verify_ops(module, source_map)))
    return results
