"""A minimal, deterministic duel simulator behind scenario questions (docs/simulator.md).

Modules: :mod:`.rulebook` (rules as data), :mod:`.cards` (card data), :mod:`.state` (the game state),
:mod:`.setup` (a state from JSON), :mod:`.actions` (action kinds and their checks), :mod:`.game` (applies
actions), :mod:`.activation` (new chain links and their costs), :mod:`.resolve` (chain resolution),
:mod:`.continuous` (Continuous effects reacting to events), :mod:`.triggers` (triggers from the log),
:mod:`.battle` (attacks and damage calculation), :mod:`.scenario` (the ``{"ask": "scenario"}`` question),
:mod:`.fuzz` (random legal action sequences).

This package file imports nothing: :mod:`kb.engine.rules` merges :mod:`.rulebook` at import time.
"""
