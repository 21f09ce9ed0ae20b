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
    "dataset_path",
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
        None,  # derived file (per-card JSON files of DawnbrandBots/yaml-yugi joined); no single upstream URL
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
        elif url:
            log(f"datasets: downloading {relative}")
            with urllib.request.urlopen(url, timeout=120) as response, open(partial, "wb") as out:
                shutil.copyfileobj(response, out)
        else:
            log(f"datasets: {relative} is missing and has no single upstream file; "
                f"place it at {target} (see data/README.md)")
            continue
        if _sha256(partial) != sha:
            log(f"datasets: warning: {relative} checksum differs from the one recorded")
        os.replace(partial, target)
    return data_dir
