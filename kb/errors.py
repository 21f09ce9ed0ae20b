"""The knowledge base's errors: one base class, narrow subclasses that quote the bad input."""

from __future__ import annotations

__all__ = [
    "KbError",
    "NotFoundError",
    "AmbiguousError",
    "SourceFormatError",
    "InvalidQueryError",
    "BadQuestionError",
    "KnowledgeBaseMissingError",
]


class KbError(Exception):
    """Base of every error the knowledge base raises on purpose."""

    type = "error"

    def to_dict(self) -> dict:
        """The error as the JSON error object the CLI and API print."""
        return {"error": {"type": self.type, "message": str(self)}}


class NotFoundError(KbError, LookupError):
    """Raised when an id or name names nothing; carries close matches as ``suggestions``."""

    type = "not_found"

    def __init__(self, message: str, suggestions: list | None = None):
        super().__init__(message)
        self.suggestions = list(suggestions or [])

    def to_dict(self) -> dict:
        return {"error": {"type": self.type, "message": str(self), "suggestions": self.suggestions}}


class AmbiguousError(KbError, LookupError):
    """Raised when a name matches several things about equally well; carries ``candidates``."""

    type = "ambiguous"

    def __init__(self, message: str, candidates: list):
        super().__init__(message)
        self.candidates = list(candidates)

    def to_dict(self) -> dict:
        return {"error": {"type": self.type, "message": str(self), "candidates": self.candidates}}


class SourceFormatError(KbError, ValueError):
    """Raised when a source file cannot be read at all; names the file and line."""

    type = "source_format"

    def __init__(self, file: str, line: int | None, message: str):
        where = f"{file}:{line}" if line else str(file)
        super().__init__(f"{where}: {message}")
        self.file, self.line, self.detail = str(file), line, message

    def to_dict(self) -> dict:
        return {"error": {"type": self.type, "message": str(self), "file": self.file, "line": self.line}}


class InvalidQueryError(KbError, ValueError):
    """Raised for a search query that does not parse; ``position`` is the 0-based offset."""

    type = "invalid_query"

    def __init__(self, message: str, query: str = "", position: int | None = None):
        super().__init__(message)
        self.query, self.position = query, position

    def to_dict(self) -> dict:
        return {"error": {"type": self.type, "message": str(self), "query": self.query,
                          "position": self.position}}


class BadQuestionError(KbError, ValueError):
    """Raised for a scenario question with an unknown field, a bad value or malformed JSON."""

    type = "bad_request"

    def __init__(self, message: str, field: str | None = None, value=None):
        super().__init__(message)
        self.field, self.value = field, value

    def to_dict(self) -> dict:
        out = {"type": self.type, "message": str(self)}
        if self.field is not None:
            out["field"] = self.field
            out["value"] = self.value
        return {"error": out}


class KnowledgeBaseMissingError(KbError, FileNotFoundError):
    """Raised when no knowledge base has been built at the given path."""

    type = "no_knowledge_base"
