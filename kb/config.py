"""Where things live: the repository's bundled sources, the built knowledge base, external datasets."""

from __future__ import annotations

import hashlib
import os
import shutil
import urllib.request
from pathlib import Path

__all__ = [
    "REPO_ROOT",
    "RULEBOOK_DIR",
    "default_kb_path",
    "external_data_dir",
    "DATASETS",
    "DERIVED",
    "dataset_path",
    "derive_yaml_yugi_cards",
    "ensure_datasets",
]

REPO_ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_DIR = REPO_ROOT / "data" / "rulebooks"


def default_kb_path() -> Path:
    """The knowledge base directory: ``$KB_PATH`` or ``data/kb`` in the repository."""
    return Path(os.environ.get("KB_PATH") or REPO_ROOT / "data" / "kb")


def external_data_dir() -> Path:
    """The datasets directory: ``$KB_EXTERNAL_DATA`` or ``data/external`` (git-ignored)."""
    return Path(os.environ.get("KB_EXTERNAL_DATA") or REPO_ROOT / "data" / "external")


# relative path -> (sha256, public upstream URL). Provenance: ../shared/data/SOURCES.md.
DATASETS = {
    "cards/yaml-yugi-cards.json": (
        "37432648715f3dc18dd6b9430ec3fac4298aae2f7bc93c521bf4cc575642b9dc",
        # derived from the per-card files of this commit's archive (see derive_yaml_yugi_cards)
        "https://codeload.github.com/DawnbrandBots/yaml-yugi/tar.gz/"
        "346997050053921374228bd381a085703001a64d",
    ),
    "rulings/goatformat-parsed-rulings.json": (
        "023e3b683bbc7cc9388a3fd664889cda940f312eaf9fede0b97c5d6468e9a866",
        "https://raw.githubusercontent.com/nedhmn/ygo-ruling-ai-chatbot/"
        "84bb956440b73601d36be61f44391aa134f96a4b/packages/seeder/data/parsed-rulings.json",
    ),
    "rulings/ocg-ruling-assistant-rulings.json": (
        "6062e6cf077d4e6584e6b74b5246010dcc67fad176b063989e4b48930de9809d",
        "https://raw.githubusercontent.com/coldiceh/ocg-ruling-assistant/"
        "ae78c7483c71e796076a8d3a076ab509eb131e18/data/rulings.json",
    ),
}


def dataset_path(relative: str, data_dir: Path | None = None) -> Path:
    """The path of one dataset file inside the datasets directory."""
    return Path(data_dir or external_data_dir()) / relative


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_YAML_YUGI_DROPPED_KEYS = ("images", "sets")
_YAML_YUGI_LANGUAGE_MAPS = ("name", "text", "pendulum_effect")
_YAML_YUGI_LANGUAGES = ("en", "ja")


def derive_yaml_yugi_cards(archive: Path, out: Path) -> int:
    """Write the card file from a YAML Yugi repository archive (``.tar.gz``); returns the card count.

    Follows the derivation described in ``../shared/data/SOURCES.md``: every ``data/cards/*.json`` record
    kept as published (same key order) except that ``images`` and ``sets`` are dropped and the language
    maps ``name``/``text``/``pendulum_effect`` keep only ``en`` and ``ja``; records ordered by file name
    (passwords in numeric order first, then the others by name); one JSON array, one card per line.
    """
    import json
    import tarfile

    records: list[tuple[tuple, str]] = []
    with tarfile.open(archive, "r:gz") as tar:
        for member in tar:
            parts = member.name.split("/")
            if not (member.isfile() and len(parts) >= 3 and parts[-3:-1] == ["data", "cards"]
                    and parts[-1].endswith(".json")):
                continue
            stem = parts[-1][:-5]
            card = json.load(tar.extractfile(member))
            for key in _YAML_YUGI_DROPPED_KEYS:
                card.pop(key, None)
            for key in _YAML_YUGI_LANGUAGE_MAPS:
                if isinstance(card.get(key), dict):
                    card[key] = {lang: card[key][lang] for lang in card[key] if lang in _YAML_YUGI_LANGUAGES}
            order = (0, int(stem), "") if stem.isdigit() else (1, 0, stem)
            records.append((order, json.dumps(card, ensure_ascii=False, separators=(",", ":"))))
    if not records:
        raise ValueError(f"{archive}: no data/cards/*.json files in the archive")
    records.sort()
    out.write_text("[\n" + ",\n".join(line for _order, line in records) + "\n]\n", encoding="utf-8")
    return len(records)


# datasets that are built from what their URL serves rather than copied as they are
DERIVED = {"cards/yaml-yugi-cards.json": derive_yaml_yugi_cards}


def ensure_datasets(data_dir: Path | None = None, shared: Path | None = None, log=print) -> Path:
    """Put the datasets in place: copy from ``../shared/data`` when it exists, else download upstream.

    Files already present with the right checksum are left alone.  Returns the datasets directory.
    """
    data_dir = Path(data_dir or external_data_dir())
    shared = Path(shared or os.environ.get("KB_SHARED_DATA") or REPO_ROOT.parent / "shared" / "data")
    for relative, (sha, url) in DATASETS.items():
        target = data_dir / relative
        if target.exists() and _sha256(target) == sha:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(target.suffix + ".part")
        if (shared / relative).exists():
            log(f"datasets: copying {relative} from {shared}")
            shutil.copyfile(shared / relative, partial)
        else:
            log(f"datasets: downloading {relative} from its upstream")
            download = target.with_suffix(target.suffix + ".download")
            with urllib.request.urlopen(url, timeout=600) as response, open(download, "wb") as out:
                shutil.copyfileobj(response, out)
            if relative in DERIVED:
                DERIVED[relative](download, partial)
                download.unlink()
            else:
                os.replace(download, partial)
        if _sha256(partial) != sha:
            log(f"datasets: warning: {relative} checksum differs from the one recorded")
        os.replace(partial, target)
    return data_dir
