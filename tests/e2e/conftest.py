"""Session set-up of the end-to-end tests: 8 host CPU devices for XLA, asked for before jax initializes."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _eight_host_devices():
    """compile_and_run runs in-process with 8 devices when this is in time, else falls back to a subprocess."""
    try:
        import jax  # noqa: F401

        from autoshard.xla.jax_runtime import backends_initialized, with_device_count_flag
    except ImportError:
        yield
        return
    if not backends_initialized():
        os.environ["XLA_FLAGS"] = with_device_count_flag(os.environ.get("XLA_FLAGS", ""), 8)
    yield
