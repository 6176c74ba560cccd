"""Copies XLA keeps of donated arguments, and the temporaries it places in the buffers they free.

- Copy insertion (`CopyInsertion`, xla/service/copy_insertion.cc: `AddCopiesForAliasedInputOutputs`, then
  `RemoveUnnecessaryCopies` under the dependency ordering, before scheduling) copies a donated argument whose new
  value is written into its buffer when a reader of the argument is not an ancestor of that new value (a backward
  dot reading a weight, whose result flows to other gradients only): the copy cannot be proven dead before the
  write. Every reader then reads the copy, written before the first of them and live until the last.
- The argument's own buffer is free from the copy until the new value is written. The buffer assigner
  (`BufferAssigner::AssignBuffersForComputations`, xla/service/buffer_assignment.cc) gives each buffer, largest
  first, the smallest existing allocation it fits in whose values do not overlap it in time, donated arguments'
  allocations included, before the rest go to the temporary heap: a temporary (another argument's copy, a
  gradient) placed there takes no heap space.

`donated_copies` lists the copied arguments (`XlaBackend.donated_argument_copies`); `outside_donated_buffers`
places temporaries in the freed buffers (`XlaBackend.temporaries_in_donated_buffers`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from costmodel.memory import WHOLE_STEP_KINDS, LiveValue

from autoshard.planner.plan_graph import NodeKind, PlanGraph


@dataclass(frozen=True)
class DonatedCopy:
    """A donated argument XLA copies: the copy's life and the free spell of the argument's buffer, in half steps
    (inclusive)."""

    argument: int
    #: where the copy is written (before the argument's first reader) and last read
    copy_from: int
    copy_until: int
    #: where the argument's buffer holds neither the argument nor its new value
    free_from: int
    free_until: int


def donated_copies(graph: PlanGraph, donors: Mapping[int, int], written: Mapping[int, int],
                   runs_at: Sequence[int], combined: Sequence[Sequence[int]] = ()) -> list[DonatedCopy]:
    """The donated arguments copy insertion copies (module docstring). `donors`: result -> donated argument;
    `written`: result -> the node computing its value into the argument's buffer (only those written in place);
    `runs_at`: per node, where it reads its operands; `combined`: the settling ops whose all-reduces XLA merges
    into one (which then reads what each of them reads: a weight's update after a combined gradient all-reduce
    depends on every backward op before it, and its weight needs no copy)."""
    nodes = graph.nodes
    readers: dict[int, set[int]] = {}
    sources: dict[int, set[int]] = {}
    for e in graph.edges:
        if nodes[e.consumer].position > nodes[e.producer].position or nodes[e.producer].kind == NodeKind.ARGUMENT:
            readers.setdefault(e.producer, set()).add(e.consumer)
            sources.setdefault(e.consumer, set()).add(e.producer)
    together = {i: group for group in combined for i in group}
    copied: list[tuple[int, int, set[int]]] = []  # (argument, writer, its readers) of each candidate
    for result, argument in sorted(donors.items(), key=lambda item: item[1]):
        writer = written.get(result)
        argument_readers = readers.get(argument, set()) - {result}
        if writer is not None and argument_readers:
            copied.append((argument, writer, argument_readers))
    bit = {r: 1 << k for k, r in enumerate(sorted({r for _, _, rs in copied for r in rs}))}
    ancestors = _ancestor_masks([writer for _, writer, _ in copied], sources, together, bit)
    out: list[DonatedCopy] = []
    for argument, writer, argument_readers in copied:
        wanted = 0
        for r in argument_readers:
            wanted |= bit[r]
        if ancestors[writer] & wanted == wanted:
            continue
        first = min(min(nodes[c].position, runs_at[c]) for c in argument_readers)
        last = max(runs_at[c] for c in argument_readers)
        write = runs_at[writer]
        out.append(DonatedCopy(argument, 2 * first, 2 * max(last, first), 2 * first + 1, 2 * write))
    return out


def _ancestor_masks(starts: Sequence[int], sources: Mapping[int, set[int]], together: Mapping[int, Sequence[int]],
                    bit: Mapping[int, int]) -> dict[int, int]:
    """Per node of `starts`: the OR of `bit` over its ancestors, itself included, a node's ancestors being what it
    reads (`sources`) and its combined group (`together`), transitively. One pass for all starts: the reading
    graph's strongly connected components (Tarjan's algorithm, iterative; a combined group forms a cycle) come out
    after every component they read, so each component's mask is its members' bits and its successors' masks."""
    def successors(node: int) -> tuple[int, ...]:
        return (*sources.get(node, ()), *together.get(node, ()))

    order: dict[int, int] = {}  # discovery index
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    masks: list[int] = []
    stack: list[int] = []
    for start in starts:
        if start in order:
            continue
        order[start] = low[start] = len(order)
        stack.append(start)
        walk = [(start, iter(successors(start)))]
        while walk:
            node, pending = walk[-1]
            for nxt in pending:
                if nxt not in order:
                    order[nxt] = low[nxt] = len(order)
                    stack.append(nxt)
                    walk.append((nxt, iter(successors(nxt))))
                    break
                if nxt not in component:  # on the stack: in the component being formed
                    low[node] = min(low[node], order[nxt])
            else:
                walk.pop()
                if walk:
                    parent = walk[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] != order[node]:
                    continue
                index, mask, members = len(masks), 0, []
                while True:
                    member = stack.pop()
                    component[member] = index
                    members.append(member)
                    mask |= bit.get(member, 0)
                    if member == node:
                        break
                for member in members:
                    for nxt in successors(member):
                        if component[nxt] != index:
                            mask |= masks[component[nxt]]
                masks.append(mask)
    return {start: masks[component[start]] for start in starts}


def outside_donated_buffers(values: Sequence[LiveValue], free: Sequence[tuple[int, int, int]]) -> list[LiveValue]:
    """`values` without the temporaries the buffer assigner places in free donated buffers, `free` being
    (bytes, first, last half step) of each: largest first, each into the smallest buffer it fits in, in size and
    in time, beside nothing placed there before that it overlaps (module docstring)."""
    spells = sorted(((size, lo, hi, i) for i, (size, lo, hi) in enumerate(free) if hi >= lo))
    if not spells:
        return list(values)
    held: dict[int, list[tuple[int, int]]] = {}
    placed: set[int] = set()
    candidates = sorted((i for i, v in enumerate(values) if v.kind not in WHOLE_STEP_KINDS and v.size_bytes),
                        key=lambda i: (-values[i].size_bytes, values[i].def_index))
    largest = spells[-1][0]
    for i in candidates:
        v = values[i]
        if v.size_bytes > largest:
            continue
        for size, lo, hi, spell in spells:
            if (v.size_bytes <= size and lo <= v.def_index and v.last_use_index <= hi
                    and all(v.last_use_index < a or b < v.def_index for a, b in held.get(spell, ()))):
                held.setdefault(spell, []).append((v.def_index, v.last_use_index))
                placed.add(i)
                break
    return [v for i, v in enumerate(values) if i not in placed]
