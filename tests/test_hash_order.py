"""A question is read the same whatever the process's string hashing (PYTHONHASHSEED): "twisters" was
the nickname of Twin Twisters under some seeds and "Twister" plus a possessive "s" under others."""

from __future__ import annotations

import json
import os
import subprocess
import sys

_SCRIPT = """
import json, sys
from kb.db import session_scope
from kb.understand.mentions import find_mentions
from kb.understand.tokens import tokenize
with session_scope(sys.argv[1]) as session:
    print(json.dumps([[e.name for e in find_mentions(session, tokenize(q))] for q in sys.argv[2:]]))
"""

QUESTIONS = ("could twisters be activated the same turn it was set", "can i chain twisters to dark hole")


def test_mentions_do_not_depend_on_string_hashing(full_kb):
    seen = set()
    for seed in ("2", "3", "4"):
        out = subprocess.run([sys.executable, "-c", _SCRIPT, str(full_kb), *QUESTIONS], capture_output=True,
                             text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        seen.add(out)
        assert json.loads(out)[0] == ["Twin Twisters"]
    assert len(seen) == 1
