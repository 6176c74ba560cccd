"""Printing modules the way MLIR does where xDSL differs (`%0:2 = ...` for ops with several results)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FunctionType, TensorType, UnregisteredOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove

from autoshard.dialects.sdy import TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.ir.object_memo import ByIdentity

#: Attributes whose text depends on their (hashable, exactly compared) parameters alone. Floats are left out
#: (0.0 and -0.0 compare equal and print apart).
_MEMOIZED_ATTRIBUTES = (TensorType, FunctionType, TensorShardingAttr, TensorShardingPerValueAttr)
#: Attributes whose text is memoized per object only (the parser shares one object per repeated constant).
_MEMOIZED_OBJECTS = (DenseIntOrFPElementsAttr,)


class MlirPrinter(Printer):
    """An xDSL printer that names the results of a multi-result op as one group, `%0:2` used as `%0#1`."""

    def _print_results(self, op: Operation) -> None:
        results = op.results
        if len(results) == 1:
            self.print_ssa_value(results[0])
            self.print_string(" = ")
            return
        if len(results) > 1 and all(r.name_hint is None and r not in self._ssa_values for r in results):
            name = self._get_new_valid_name_id()
            for i, r in enumerate(results):
                self._ssa_values[r] = f"{name}#{i}"
            self.print_string(f"%{name}:{len(results)} = ")
            return
        super()._print_results(op)


@dataclass(eq=False, repr=False)
class MemoizingPrinter(MlirPrinter):
    """`MlirPrinter`'s text, faster: each distinct type, sharding attribute and attribute dictionary, and each
    dense constant object, is printed once and its text reused (exported programs repeat a few hundred of them
    hundreds of thousands of times), text and line breaks go straight to the stream, a named value's name is
    looked up once, and an op in its custom format skips what only scopes, diagnostics and debug info need."""

    _attribute_text: dict[Attribute, str] = field(default_factory=dict, init=False)
    _text_of_object: ByIdentity[Attribute, str] = field(default_factory=ByIdentity, init=False)
    #: attribute dictionaries by their names and value objects: `{sdy.sharding = ...}` repeats on most ops
    _attr_dict_text: dict[tuple[tuple[str, int], ...], tuple[tuple[Attribute, ...], str]] = field(
        default_factory=dict, init=False)
    #: op class -> whether xDSL prints it in its custom format without opening a scope
    _plain_custom_format: dict[type[Operation], bool] = field(default_factory=dict, init=False)

    def print_op(self, op: Operation) -> None:
        cls = type(op)
        plain = self._plain_custom_format.get(cls)
        if plain is None:
            plain = self._plain_custom_format[cls] = (
                not issubclass(cls, UnregisteredOp) and cls.print is not Operation.print
                and not cls.get_traits_of_type(IsolatedFromAbove))
        if not plain or self.print_generic_format or self.print_debuginfo or self.diagnostic.op_messages:
            super().print_op(op)
            return
        self._print_results(op)
        self.print_string(op.name)
        op.print(self)

    def print_ssa_value(self, value: SSAValue) -> str:
        name = self._ssa_values.get(value)
        if name is None or self.stream is None:
            return super().print_ssa_value(value)
        self._current_column += len(name) + 1
        self.stream.write("%" + name)
        return name

    def print_string(self, text: str, *, indent: int | None = None) -> None:
        if self.stream is None or "\n" in text:
            super().print_string(text, indent=indent)
            return
        self._current_column += len(text)
        self.stream.write(text)

    def print_attribute(self, attribute: Attribute) -> None:
        by_value = isinstance(attribute, _MEMOIZED_ATTRIBUTES)
        if not (by_value or isinstance(attribute, _MEMOIZED_OBJECTS)) or self.stream is None:
            super().print_attribute(attribute)
            return
        seen = self._text_of_object.get(attribute)  # the same object again: no hashing of its parameters
        if seen is not None:
            self.print_string(seen)
            return
        text = self._attribute_text.get(attribute) if by_value else None
        if text is None:
            text = self._printed_alone(super().print_attribute, attribute)
            if text is None:
                return
            if by_value:
                self._attribute_text[attribute] = text
        self._text_of_object.put(attribute, text)
        self.print_string(text)

    def _print_new_line(self, indent: int | None = None, print_message: bool = True) -> None:
        if self.stream is None or (print_message and self._next_line_callback):
            super()._print_new_line(indent, print_message)
            return
        spaces = (self._indent if indent is None else indent) * self.indent_num_spaces
        self.stream.write("\n" + " " * spaces)
        self._current_line += 1
        self._current_column = spaces

    def print_attr_dict(self, attr_dict: Mapping[str, Attribute]) -> None:
        if self.stream is None or self.printing_location:
            super().print_attr_dict(attr_dict)
            return
        key = tuple((name, id(value)) for name, value in attr_dict.items())
        seen = self._attr_dict_text.get(key)
        if seen is not None:
            self.print_string(seen[1])
            return
        text = self._printed_alone(super().print_attr_dict, attr_dict)
        if text is not None:
            self._attr_dict_text[key] = (tuple(attr_dict.values()), text)  # holds the values: ids stay theirs
            self.print_string(text)

    def _printed_alone(self, print_fn: Callable[[Any], None], item: Any) -> str | None:
        """The text `print_fn(item)` prints, printed to a side buffer; None (printed here instead) when it spans
        lines, as that depends on the indentation where it is printed."""
        stream, line, column = self.stream, self._current_line, self._current_column
        self.stream = io.StringIO()
        try:
            print_fn(item)
            text = self.stream.getvalue()
        finally:
            self.stream, self._current_line, self._current_column = stream, line, column
        if "\n" in text:
            print_fn(item)
            return None
        return text


def print_module(op: Operation, generic: bool = False) -> str:
    """The text of `op` (a module), pretty by default, generic with `generic=True`; ends with a newline."""
    out = io.StringIO()
    printer = MemoizingPrinter(stream=out, print_generic_format=generic)
    printer.print_op(op)
    text = out.getvalue()
    return text if text.endswith("\n") else text + "\n"
