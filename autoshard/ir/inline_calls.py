"""Inline `func.call`s of private functions, so every call site can be sharded on its own.

JAX exports helpers such as `@relu` or the body of a scan as private functions called from several places;
XLA inlines them before partitioning, and so does the planner (the emitted module is the inlined one).
Private functions left without callers are erased.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import BlockArgument
from xdsl.rewriter import InsertPoint, Rewriter


def _private_funcs(module: ModuleOp) -> dict[str, FuncOp]:
    return {
        op.sym_name.data: op
        for op in module.ops
        if isinstance(op, FuncOp) and op.sym_visibility is not None and op.sym_visibility.data == "private"
        and len(op.body.blocks) == 1
    }


def calls_private_functions(module: ModuleOp) -> bool:
    """Whether `inline_private_calls` would change `module`: it calls a single-block private function."""
    funcs = _private_funcs(module)
    return bool(funcs) and any(isinstance(op, CallOp) and op.callee.root_reference.data in funcs
                               for op in module.walk())


def inline_private_calls(module: ModuleOp, max_rounds: int = 64) -> int:
    """Inline every call to a single-block private function (nested calls too); return how many."""
    inlined = 0
    for _ in range(max_rounds):
        funcs = _private_funcs(module)
        calls = [op for op in module.walk() if isinstance(op, CallOp) and op.callee.root_reference.data in funcs]
        if not calls:
            break
        for call in calls:
            callee = funcs[call.callee.root_reference.data]
            body = callee.body.clone().blocks[0]
            for arg in body.args:  # keep the caller's value names, not the callee's %argN
                arg.name_hint = None
            ret = body.last_op
            assert ret is not None
            # a callee returning one of its arguments returns the call's operand (the block argument goes away)
            results = [call.operands[v.index] if isinstance(v, BlockArgument) and v.block is body else v
                       for v in ret.operands]
            Rewriter.erase_op(ret, safe_erase=False)
            Rewriter.inline_block(body, InsertPoint.before(call), call.operands)
            for old, new in zip(call.results, results):
                old.replace_all_uses_with(new)
            Rewriter.erase_op(call)
            inlined += 1
    referenced = {
        op.callee.root_reference.data for op in module.walk() if isinstance(op, CallOp)
    }
    for name, func in _private_funcs(module).items():
        if name not in referenced:
            Rewriter.erase_op(func)
    return inlined
