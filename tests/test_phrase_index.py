"""Phrase tables looked up by first word (kb/understand/phrase_index.py): at any word, the phrases that may
match there, in table order -- the same first-longest match as trying every phrase."""

from __future__ import annotations

from kb.understand import phrase_index, summon_kind_facts, summon_negation, summon_revival, summon_slots

TABLES = (summon_negation._phrases, summon_slots._phrases, summon_revival._phrases, summon_kind_facts._phrases)


def _words_of(entry):
    return entry[2]


def test_at_a_word_the_phrases_beginning_with_it_or_a_placeholder_in_table_order():
    for table_of in TABLES:
        table = table_of()
        index = phrase_index.first_word_index(table, _words_of)
        firsts = {e[2][0] for e in table if e[2]}
        for word in sorted(firsts) + ["e1", "e2's", "3", "two", "lv4", "zzz", ""]:
            expected = [e for e in table if not e[2] or "<" in e[2][0] or e[2][0] == word]
            assert index.at(word) == expected, (table_of.__module__, word)


def test_a_table_is_indexed_once_and_a_new_table_gets_its_own_index():
    table = [("a", "x", ("can", "i")), ("b", "y", ("<e>", "is")), ("c", "z", ("can",))]
    first = phrase_index.first_word_index(table, _words_of)
    assert phrase_index.first_word_index(table, _words_of) is first
    assert first.at("can") == table and first.at("is") == [table[1]]
    other = list(table)
    assert phrase_index.first_word_index(other, _words_of) is not first


def test_slot_readers_read_the_same_with_the_index():
    """The slots of rendered lines, by the index, equal those found by trying every phrase."""

    def brute(line, phrases):
        tokens = summon_slots.tokens_of(line)
        out, i = [], 0
        while i < len(tokens):
            best = None
            for section, key, phrase in phrases:
                m = summon_negation._match(tokens, i, phrase)
                if m is not None and (best is None or m.end > best.end):
                    m.kind, m.key = section, key
                    best = m
            if best is None:
                return None
            if best.kind != "filler":
                out.append(best)
            i = best.end
        return out

    table = summon_negation._phrases()
    lines = {" ".join(e[2]).replace("<e>", "e0").replace("<n>", "2").replace("<k>", "monster") for e in table}
    for line in sorted(lines)[:300]:
        for text in (line, f"can i {line}", f"{line} e1"):
            assert summon_negation.longest_slots(text, table) == brute(text, table), text
