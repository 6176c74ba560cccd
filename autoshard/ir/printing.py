"""Printing modules the way MLIR does where xDSL differs (`%0:2 = ...` for ops with several results)."""

from __future__ import annotations

import io

from xdsl.ir import Operation
from xdsl.printer import Printer


class MlirPrinter(Printer):
    """An xDSL printer that names the results of a multi-result op as one group, `%0:2` used as `%0#1`."""

    def _print_results(self, op: Operation) -> None:
        results = op.results
        if len(results) > 1 and all(r.name_hint is None and r not in self._ssa_values for r in results):
            name = self._get_new_valid_name_id()
            for i, r in enumerate(results):
                self._ssa_values[r] = f"{name}#{i}"
            self.print_string(f"%{name}:{len(results)} = ")
            return
        super()._print_results(op)


def print_module(op: Operation, generic: bool = False) -> str:
    """The text of `op` (a module), pretty by default, generic with `generic=True`; ends with a newline."""
    out = io.StringIO()
    printer = MlirPrinter(stream=out, print_generic_format=generic)
    printer.print_op(op)
    text = out.getvalue()
    return text if text.endswith("\n") else text + "\n"
