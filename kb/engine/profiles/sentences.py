"""Splitting card text into sentences and finding PSCT punctuation (``:`` and ``;``) outside names."""

from __future__ import annotations

import re

from ...text import fold_quotes

__all__ = ["split_sentences", "top_level_index"]


def split_sentences(text: str) -> list[str]:
    """Split card text into sentences; ``●`` bullet lines stay attached to the sentence they follow.

    A period inside a quoted card name (``"D.D. Crow"``) or an abbreviation does not end a sentence.
    """
    text = fold_quotes(text).replace("\r", "")
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if line.startswith(("●", "•")) and out:
            out[-1] = out[-1] + "\n" + line
            continue
        out.extend(_split_line(line))
    return out


_SPLIT_MARKS = re.compile(r'["().]')  # the only characters that change _split_line's state
_ABBREVIATION_END = re.compile(r"(?:\b[A-Z]|Mr|Dr|St|vs|Jr|Ms|No)$")


def _split_line(line: str) -> list[str]:
    sentences, start, quoted, depth = [], 0, False, 0
    for mark in _SPLIT_MARKS.finditer(line):  # every other character leaves the state as it is
        i = mark.start()
        ch = line[i]
        if ch == '"':
            # a quote opens a name when preceded by a space/bracket/start, closes otherwise
            prev = line[i - 1] if i else " "
            quoted = not (prev not in " ([/-" and quoted) if prev in " ([/-" else not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif not quoted and depth == 0:  # "."
            nxt = line[i + 1:i + 3]
            before = line[max(0, i - 3):i]
            if (nxt[:1] == "" or (nxt[:1] == " " and (nxt[1:2].isupper() or nxt[1:2] in '("●'))) and \
                    not _ABBREVIATION_END.search(before):
                sentences.append(line[start:i + 1].strip())
                start = i + 1
    rest = line[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences


_LEVEL_MARKS: dict[str, re.Pattern] = {}  # char -> the characters top_level_index looks at


def top_level_index(text: str, char: str) -> int:
    """Index of the first ``char`` outside quotes and parentheses, or -1."""
    first = text.find(char)
    if first < 0 or ('"' not in text and "(" not in text and char not in '"()'):
        return first  # without a quote or an opening parenthesis every character is at the top level
    marks = _LEVEL_MARKS.get(char)
    if marks is None:
        marks = _LEVEL_MARKS[char] = re.compile('["()]|' + re.escape(char))
    quoted, depth = False, 0
    for mark in marks.finditer(text):  # every other character leaves the state as it is
        ch = mark.group()
        if ch == '"':
            quoted = not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif not quoted and depth == 0:  # char
            return mark.start()
    return -1
