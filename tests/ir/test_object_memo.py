"""`ByIdentity`: facts looked up by the identity of the object they are of."""

from __future__ import annotations

from autoshard.ir.object_memo import ByIdentity


class _Equal:
    """Objects that compare equal (and hash alike) whatever they are."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_a_fact_is_worked_out_once_per_object_not_per_value() -> None:
    memo: ByIdentity[_Equal, int] = ByIdentity()
    calls = []

    def compute(obj: _Equal) -> int:
        calls.append(obj)
        return len(calls)

    a, b = _Equal(), _Equal()
    assert [memo(a, compute), memo(a, compute), memo(b, compute), memo(a, compute)] == [1, 1, 2, 1]
    assert calls == [a, b]
    assert memo.get(a) == 1 and memo.get(_Equal(), "none") == "none"


def test_a_bounded_memo_drops_what_it_kept_once_full() -> None:
    memo: ByIdentity[object, int] = ByIdentity(size=2)
    objects = [object() for _ in range(3)]
    for i, obj in enumerate(objects):
        memo.put(obj, i)
    assert memo.get(objects[0]) is None and memo.get(objects[1]) is None and memo.get(objects[2]) == 2


def test_an_entry_holds_its_object_so_its_id_is_not_reused() -> None:
    memo: ByIdentity[object, str] = ByIdentity()
    memo(object(), lambda obj: "first")  # the memo keeps the object alive
    assert memo(object(), lambda obj: "second") == "second"
