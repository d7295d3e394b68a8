"""One two-node Ray cluster for this folder's tests (they run in one xdist group, one after another)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .raycluster import RayCluster


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayCluster]:
    ray_cluster = RayCluster()
    ray_cluster.start()
    try:
        yield ray_cluster
    finally:
        ray_cluster.stop()
