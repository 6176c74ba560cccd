"""Printing modules the way MLIR does where xDSL differs (`%0:2 = ...` for ops with several results)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FunctionType, TensorType, UnregisteredOp
from xdsl.ir import Attribute, OpResult, Operation, SSAValue
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove

from autoshard.dialects.sdy import TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.ir.object_memo import ByIdentity
from autoshard.ir.op_keys import made_of

#: Attributes whose text depends on their (hashable, exactly compared) parameters alone. Floats are left out
#: (0.0 and -0.0 compare equal and print apart).
_MEMOIZED_ATTRIBUTES = (TensorType, FunctionType, TensorShardingAttr, TensorShardingPerValueAttr)
#: Attributes whose text is memoized per object only (the parser shares one object per repeated constant).
_MEMOIZED_OBJECTS = (DenseIntOrFPElementsAttr,)


#: an op's custom-format text: (the objects its key names, the text pieces, (is a result, index) of each SSA
#: value printed between two pieces)
_OpText = tuple[tuple, tuple[str, ...], tuple[tuple[bool, int], ...]]
_UNSEEN = object()


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
    #: per op made of the same objects (`op_keys.made_of`; no regions, no successors): its custom format's text
    #: (`_print_custom_format_once`), or None where it is printed each time
    _op_texts: dict[tuple, _OpText | None] = field(default_factory=dict, init=False)
    #: while an op's text is printed to be reused: each SSA value printed, with where its name starts and ends
    _printed_values: list[tuple[SSAValue, int, int]] | None = field(default=None, init=False)

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
        if op.regions or op.successors or self.stream is None:
            op.print(self)
            return
        key, objects = made_of(op)
        known = self._op_texts.get(key, _UNSEEN)
        if known is _UNSEEN:
            self._op_texts[key] = self._print_custom_format_once(op, objects)
        elif known is None:
            op.print(self)
        else:
            _, pieces, values = known
            for piece, (is_result, index) in zip(pieces, values):
                self.print_string(piece)
                self.print_ssa_value(op.results[index] if is_result else op.operands[index])
            self.print_string(pieces[-1])

    def _print_custom_format_once(self, op: Operation, objects: tuple) -> _OpText | None:
        """Print `op`'s custom format (after its name) and return it as text pieces between the SSA values it
        printed, each the op's result or operand at an index, with the objects its key names (held, so the ids
        stay theirs); None when a value is none of those or several of its operands, or the text spans lines."""
        stream = self.stream
        self.stream, self._printed_values = io.StringIO(), []
        try:
            op.print(self)
            text, printed = self.stream.getvalue(), self._printed_values
        finally:
            self.stream, self._printed_values = stream, None
        stream.write(text)  # the column was kept while printing to the side buffer
        if "\n" in text:
            return None
        pieces, values, end = [], [], 0
        for value, start, stop in printed:
            if isinstance(value, OpResult) and value.op is op:
                values.append((True, value.index))
            else:
                at = [i for i, operand in enumerate(op.operands) if operand is value]
                if len(at) != 1:
                    return None
                values.append((False, at[0]))
            pieces.append(text[end:start])
            end = stop
        pieces.append(text[end:])
        return objects, tuple(pieces), tuple(values)

    def print_ssa_value(self, value: SSAValue) -> str:
        if self._printed_values is None:
            return self._print_ssa_value(value)
        start = self.stream.tell()
        name = self._print_ssa_value(value)
        self._printed_values.append((value, start, self.stream.tell()))
        return name

    def _print_ssa_value(self, value: SSAValue) -> str:
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
