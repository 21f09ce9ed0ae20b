"""Schemathesis against the OpenAPI document, with every check it has: generated requests (valid and
invalid) to every operation never get a 5xx; responses match the documented status codes, content types,
headers and schemas; requests the document calls invalid are rejected and requests it calls valid are
accepted.  The bulk exports are left to test_api.py (each call streams the whole knowledge base).

An operation whose input the knowledge base checks beyond what a schema can say (the query language,
card names, questions) says so in the document (``x-checked-by-the-knowledge-base``); for those alone a
schema-valid request may be answered 400 (with the details), and the positive-data check is told so.

The document is generated from the routes' parameter objects (:mod:`webapp.params`), so the operations
are known at collection time; each test draws cases from schemathesis' strategy for one operation and
sends them to the app over WSGI.  About 1,100 cases in all (``EXAMPLES_PER_OPERATION``).
"""

from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples
from webapp.openapi import SEMANTIC, openapi_document

EXAMPLES_PER_OPERATION = 33
# answers that accept a valid request (or refuse it for a documented reason that no schema can state: a
# request line over the HTTP server's 8190 bytes gets its 414, e.g. 4,000 four-byte characters in text=)
DEFAULT_ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "414", "429"]


def _config() -> SchemathesisConfig:
    """Schema-valid requests to an operation the knowledge base checks further may also get a 400;
    schema-invalid ones are refused by the app or, when too long, by the HTTP server (414, 431)."""
    accepted = [{"include-operation-id": operation["operationId"],
                 "checks": {"positive_data_acceptance": {"expected-statuses": DEFAULT_ACCEPTED}}}
                for methods in openapi_document()["paths"].values() for operation in methods.values()
                if SEMANTIC not in operation]
    operations = accepted + [{"include-operation-id": operation["operationId"],
                   "checks": {"positive_data_acceptance": {"expected-statuses": [*DEFAULT_ACCEPTED, "400"]}}}
                  for methods in openapi_document()["paths"].values() for operation in methods.values()
                  if SEMANTIC in operation]
    # refusals: the app's 4xx, and the HTTP server's own 414/431 for a request line or headers too long
    refused = ["400", "401", "403", "404", "405", "406", "409", "413", "414", "415", "422", "428", "429",
               "431"]
    return SchemathesisConfig.from_dict({
        "checks": {"negative_data_rejection": {"expected-statuses": refused}},
        "operations": operations})


SCHEMA = schemathesis.openapi.from_dict(openapi_document(), config=_config())

CHECKS_RUN = CHECKS.get_all()  # every check schemathesis has (the OpenAPI ones register as it loads)
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
        case.call_and_validate(app=web_app, checks=CHECKS_RUN)

    check()


def test_every_check_runs():
    names = {check.__name__ for check in CHECKS_RUN}
    assert {"not_a_server_error", "status_code_conformance", "content_type_conformance",
            "response_headers_conformance", "response_schema_conformance", "negative_data_rejection",
            "positive_data_acceptance", "unsupported_method", "missing_required_header"} <= names


def test_document_is_openapi_3_1_and_names_every_api_route(web_app):
    document = web_app.test_client().get("/api/v1/openapi.json").get_json()
    assert document == openapi_document()
    assert document["openapi"].startswith("3.1")
    documented = set(document["paths"])
    routes = {re.sub(r"<(?:\w+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule.rule)
              for rule in web_app.url_map.iter_rules() if rule.endpoint.startswith("api.")}
    undocumented = routes - documented - {"/api/v1/", "/api/v1/openapi.json"}
    assert not undocumented
