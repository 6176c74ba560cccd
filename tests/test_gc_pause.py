"""The cyclic collector is off inside `cyclic_gc_paused` and left as it was after, also when nested or raising."""

import gc
import weakref

import pytest

from autoshard.gc_pause import cyclic_gc_paused


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_paused_inside_restored_after(collector_on):
    with cyclic_gc_paused():
        assert not gc.isenabled()
        with cyclic_gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one in force
    assert gc.isenabled()


def test_restored_after_an_error(collector_on):
    with pytest.raises(RuntimeError), cyclic_gc_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_left_off_when_it_was_off(collector_on):
    gc.disable()
    with cyclic_gc_paused():
        pass
    assert not gc.isenabled()


def test_cycles_of_the_body_are_collected_later(collector_on):
    class Node:
        pass

    with cyclic_gc_paused():
        node = Node()
        node.self = node
        alive = weakref.ref(node)
        del node
    assert gc.get_freeze_count() == 0  # nothing stays frozen: the body's objects are in the oldest generation
    gc.collect()
    assert alive() is None
