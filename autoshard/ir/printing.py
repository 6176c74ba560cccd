"""Printing modules the way MLIR does where xDSL differs (`%0:2 = ...` for ops with several results)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from xdsl.dialects.builtin import FunctionType, TensorType
from xdsl.ir import Attribute, Operation
from xdsl.printer import Printer

from autoshard.dialects.sdy import TensorShardingAttr, TensorShardingPerValueAttr

#: Attributes whose text depends on their (hashable, exactly compared) parameters alone. Floats are left out
#: (0.0 and -0.0 compare equal and print apart).
_MEMOIZED_ATTRIBUTES = (TensorType, FunctionType, TensorShardingAttr, TensorShardingPerValueAttr)


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


@dataclass(eq=False, repr=False)
class MemoizingPrinter(MlirPrinter):
    """`MlirPrinter`'s text, faster: each distinct type and sharding attribute is printed once and its text
    reused (exported programs repeat a few hundred of them hundreds of thousands of times), and text goes
    straight to the stream."""

    _attribute_text: dict[Attribute, str] = field(default_factory=dict, init=False)
    _text_of_object: dict[int, tuple[Attribute, str]] = field(default_factory=dict, init=False)

    def print_string(self, text: str, *, indent: int | None = None) -> None:
        if self.stream is None or "\n" in text:
            super().print_string(text, indent=indent)
            return
        self._current_column += len(text)
        self.stream.write(text)

    def print_attribute(self, attribute: Attribute) -> None:
        if not isinstance(attribute, _MEMOIZED_ATTRIBUTES) or self.stream is None:
            super().print_attribute(attribute)
            return
        seen = self._text_of_object.get(id(attribute))  # the same object again: no hashing of its parameters
        if seen is not None:
            self.print_string(seen[1])
            return
        text = self._attribute_text.get(attribute)
        if text is None:
            text = self._printed_alone(attribute)
            if text is None:
                return
            self._attribute_text[attribute] = text
        self._text_of_object[id(attribute)] = (attribute, text)  # holds the object, so its id stays its own
        self.print_string(text)

    def _printed_alone(self, attribute: Attribute) -> str | None:
        """The text of `attribute`, printed to a side buffer; None (printed here instead) when its text spans
        lines, as that depends on the indentation where it is printed."""
        stream, column = self.stream, self._current_column
        self.stream = io.StringIO()
        try:
            super().print_attribute(attribute)
            text = self.stream.getvalue()
        finally:
            self.stream, self._current_column = stream, column
        if "\n" in text:
            super().print_attribute(attribute)
            return None
        return text


def print_module(op: Operation, generic: bool = False) -> str:
    """The text of `op` (a module), pretty by default, generic with `generic=True`; ends with a newline."""
    out = io.StringIO()
    printer = MemoizingPrinter(stream=out, print_generic_format=generic)
    printer.print_op(op)
    text = out.getvalue()
    return text if text.endswith("\n") else text + "\n"
