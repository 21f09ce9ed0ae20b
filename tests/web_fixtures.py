"""Fixtures shared by the web tests: the app on the complete knowledge base, a client, sample records.

A test module uses them by naming this module in ``pytest_plugins``.
"""

from __future__ import annotations

import pytest
from sqlmodel import select

from kb.db import session_scope
from kb.models import Card, Conflict, Ruling, RulingCard, Section
from webapp import create_app

__all__ = ["client", "samples", "web_app"]


@pytest.fixture(scope="session")
def web_app(full_kb):
    """The Flask app serving the complete knowledge base."""
    return create_app({"KB_PATH": str(full_kb), "TESTING": True})


@pytest.fixture()
def client(web_app):
    """A test client of :func:`web_app`."""
    return web_app.test_client()


@pytest.fixture(scope="session")
def samples(full_kb):
    """Ids of records the tests visit: a well-known card, one of its rulings, a section with children."""
    with session_scope(full_kb) as session:
        card = session.exec(select(Card).where(Card.name == "Pot of Greed")).first()
        ruling_id = session.exec(select(RulingCard.ruling_id).where(RulingCard.card_id == card.id)).first()
        parent = session.exec(select(Section.parent_id).where(Section.source_id == "community",
                                                              Section.parent_id.is_not(None))).first()
        conflict = session.exec(select(Conflict)).first()
        return {"card_id": card.id, "card_name": card.name, "ruling_id": ruling_id,
                "ruling": session.get(Ruling, ruling_id).model_dump(), "section_id": parent,
                "conflict_topic": conflict.topic if conflict else None}
