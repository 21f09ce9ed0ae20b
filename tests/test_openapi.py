"""Schemathesis against the OpenAPI document: generated requests (valid and invalid) to every operation
never get a 5xx, and every response matches the status codes, content types, headers and schemas the
document declares.  The bulk exports are left to test_api.py (each call streams the whole knowledge base).

The document is static (:mod:`webapp.openapi`), so the operations are known at collection time; each
test draws cases from schemathesis' strategy for one operation and sends them to the app over WSGI.
"""

from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples
from webapp.openapi import openapi_document

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
EXAMPLES_PER_OPERATION = 30

SCHEMA = schemathesis.openapi.from_dict(openapi_document())
SCHEMA.config.generation.update(allow_x00=False)
OPERATIONS = {op.label: op for op in (result.ok() for result in SCHEMA.get_all_operations())
              if not op.path.startswith("/api/v1/bulk/")}


# an operation without parameters or body has no invalid input to generate
CASES = [(label, mode) for label in sorted(OPERATIONS)
         for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
         if mode == GenerationMode.POSITIVE or OPERATIONS[label].definition.raw.get("parameters")
         or OPERATIONS[label].definition.raw.get("requestBody")]


@pytest.mark.parametrize("label, mode", CASES, ids=[f"{label}-{mode.value}" for label, mode in CASES])
def test_every_response_matches_the_document(web_app, label, mode):
    strategy = OPERATIONS[label].as_strategy(generation_mode=mode)

    @given(case=strategy)
    @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case):
        case.call_and_validate(app=web_app, checks=CHECKS)

    check()


def test_document_is_openapi_3_1_and_names_every_api_route(web_app):
    document = web_app.test_client().get("/api/v1/openapi.json").get_json()
    assert document == openapi_document()
    assert document["openapi"].startswith("3.1")
    documented = set(document["paths"])
    routes = {re.sub(r"<(?:\w+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule.rule)
              for rule in web_app.url_map.iter_rules() if rule.endpoint.startswith("api.")}
    undocumented = routes - documented - {"/api/v1/", "/api/v1/openapi.json"}
    assert not undocumented
