"""Session set-up of the XLA bridge tests: a host platform with 8 CPU devices when still possible."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _eight_host_devices():
    """Ask for 8 host CPU devices before jax initializes (compile_and_run falls back to a subprocess if too late)."""
    try:
        from autoshard.xla.jax_runtime import backends_initialized, with_device_count_flag
    except ImportError:
        yield
        return
    try:
        import jax  # noqa: F401
    except ImportError:
        yield
        return
    if not backends_initialized():
        os.environ["XLA_FLAGS"] = with_device_count_flag(os.environ.get("XLA_FLAGS", ""), 8)
    yield
