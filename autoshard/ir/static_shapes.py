"""Refuse a program with dynamic dimensions: the planner prices and shards static shapes only.

A module exported with symbolic shapes (`jax.export` with a dimension like `"b"`) has tensors such as
`tensor<?x4xf32>`. The planner's values are static shapes (a dynamic one is not a value it can size, shard or
price), so planning such a module would leave those values out and report a step time of nothing; instead
`require_static_shapes` names the first dynamic-shaped value, where it is, and how to export concrete shapes.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp, TensorType, UnrankedTensorType
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import Attribute, Operation

from autoshard.errors import Location, UserError
from autoshard.ir.entry import entry_function
from autoshard.ir.parse import SourceMap

#: how to get a static program from JAX (one line, appended to the error)
HOW_TO_EXPORT = ("export it with concrete shapes: jax.jit(f).lower(*args) with concrete arrays or "
                 "jax.ShapeDtypeStruct shapes, or jax.export.export(jax.jit(f))(*args) with no symbolic dimensions")


def is_dynamic(t: Attribute) -> bool:
    """Whether `t` is an unranked tensor type or a ranked one with a dynamic (`?`) dimension."""
    if isinstance(t, UnrankedTensorType):
        return True
    return isinstance(t, TensorType) and any(d < 0 for d in t.get_shape())


def type_text(t: Attribute) -> str:
    """A tensor type as MLIR writes it (`tensor<?x4xf32>`, `tensor<*xf32>`)."""
    if isinstance(t, UnrankedTensorType):
        return f"tensor<*x{t.element_type}>"
    if isinstance(t, TensorType):
        dims = "".join(("?" if d < 0 else str(d)) + "x" for d in t.get_shape())
        return f"tensor<{dims}{t.element_type}>"
    return str(t)


def _called_functions(module: ModuleOp, entry: FuncOp) -> list[FuncOp]:
    """`entry` and every function of `module` it calls, directly or not, in the order first reached."""
    funcs = {op.sym_name.data: op for op in module.walk() if isinstance(op, FuncOp)}
    order, seen = [entry], {entry.sym_name.data}
    for func in order:
        for op in func.walk():
            if isinstance(op, CallOp):
                name = op.callee.root_reference.data
                if name in funcs and name not in seen:
                    seen.add(name)
                    order.append(funcs[name])
    return order


def _dynamic_values(func: FuncOp) -> Iterator[tuple[Operation, str | None, str, Attribute]]:
    """(op to locate, text to locate after its start, what the value is, its type) for each dynamic-shaped value of
    `func`, in program order."""
    for i, arg in enumerate(func.body.blocks[0].args if func.body.blocks else ()):
        if is_dynamic(arg.type):
            name = f"%{arg.name_hint}" if arg.name_hint else None
            yield func, name, f"argument {i}{f' ({name})' if name else ''} of @{func.sym_name.data}", arg.type
    for op in func.walk():
        if op is func:
            continue
        for region in op.regions:
            for block in region.blocks:
                for i, arg in enumerate(block.args):
                    if is_dynamic(arg.type):
                        yield op, None, f"block argument {i} of '{op.name}'", arg.type
        for i, result in enumerate(op.results):
            if is_dynamic(result.type):
                what = f"'{op.name}' result {i}" if len(op.results) > 1 else f"the result of '{op.name}'"
                yield op, None, what, result.type
    for i, t in enumerate(func.function_type.outputs.data):  # a declared result type the body does not compute
        if is_dynamic(t):
            yield func, None, f"result {i} of @{func.sym_name.data}", t


def require_static_shapes(module: ModuleOp, function: str | None = None, source_map: SourceMap | None = None) -> None:
    """Raise `UserError` at the first dynamic-shaped value of the entry function (`function`, default @main) or of
    a function it calls, saying how to export the program with static shapes; nothing when all shapes are static."""
    for func in _called_functions(module, entry_function(module, function)):
        for op, text, what, t in _dynamic_values(func):
            location: Location | None = None
            if source_map is not None:
                location = (text and source_map.location_of_text(op, text)) or source_map.location(op)
            raise UserError(f"{what} has the dynamic shape {type_text(t)}; autoshard plans and prices static shapes "
                            f"only: {HOW_TO_EXPORT}", location)
