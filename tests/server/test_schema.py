"""Schemathesis against the server's own OpenAPI schema, on a real server process (issue 12): generated
requests for every route, every check (no server error, every status and body documented, content types,
bad data refused), bounded examples so the run takes seconds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from .procs import ServerProcess

#: generous limits: the generator sends many requests from one address
LOOSE = {"http_read_rate": 10_000.0, "http_read_burst": 10_000, "http_write_rate": 10_000.0,
         "http_write_burst": 10_000, "create_per_minute": 60_000.0, "create_burst": 10_000,
         "open_tables_per_address": 100_000}


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("schema")
    with ServerProcess(f"sqlite:///{tmp / 'schema.db'}", log_path=tmp / "server.log", settings=LOOSE) as proc:
        yield proc


@pytest.fixture(scope="module")
def api_schema(api_server: ServerProcess) -> object:
    # a schema-valid request may still be refused for what it means (an unknown game, a taken seat, a
    # wrong token): those refusals are the documented 4xx answers, anything else fails the check
    config = SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {
        "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]}}})
    return schemathesis.openapi.from_url(api_server.url + "/api/openapi.json", config=config)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_route_keeps_its_documented_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
