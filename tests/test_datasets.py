"""Setting up the external datasets: copy from the shared folder, or download and derive."""

from __future__ import annotations

import io
import json
import tarfile

from kb import config


def _archive(tmp_path, cards: dict[str, dict]):
    path = tmp_path / "yaml-yugi.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for name, card in {**cards, "README.md": None}.items():
            data = b"readme" if card is None else json.dumps(card).encode()
            member = "yaml-yugi-abc/" + (name if card is None else f"data/cards/{name}")
            info = tarfile.TarInfo(member)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


CARD = {"konami_id": 4861, "password": 41420027, "name": {"en": "Solemn Judgment", "ja": "x", "ko": "y",
        "ja_romaji": "z"}, "text": {"en": "When ...", "de": "Wenn ..."}, "card_type": "Trap",
        "images": [{"index": 1}], "sets": {"en": []}, "series": ["Solemn"]}


def test_derive_keeps_records_as_published_but_trims_languages_and_heavy_keys(tmp_path):
    archive = _archive(tmp_path, {"41420027.json": CARD, "483.json": dict(CARD, password=483),
                                  "kdb10112.json": dict(CARD, password=None)})
    out = tmp_path / "cards.json"
    assert config.derive_yaml_yugi_cards(archive, out) == 3
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[" and lines[-1] == "]"
    records = json.loads(out.read_text(encoding="utf-8"))
    assert [r["password"] for r in records] == [483, 41420027, None]  # numeric order, then the rest
    assert list(records[1]) == ["konami_id", "password", "name", "text", "card_type", "series"]
    assert records[1]["name"] == {"en": "Solemn Judgment", "ja": "x"}
    assert records[1]["text"] == {"en": "When ..."}


def test_ensure_datasets_downloads_and_derives_when_there_is_no_shared_folder(tmp_path, monkeypatch):
    archive = _archive(tmp_path, {"41420027.json": CARD})
    served = []

    def fake_urlopen(url, timeout):
        served.append(url)
        if "yaml-yugi" in url:
            return open(archive, "rb")
        return io.BytesIO(b"[]")

    monkeypatch.setattr(config.urllib.request, "urlopen", fake_urlopen)
    data_dir = config.ensure_datasets(tmp_path / "external", shared=tmp_path / "no-shared", log=lambda m: None)
    cards = json.loads((data_dir / "cards" / "yaml-yugi-cards.json").read_text(encoding="utf-8"))
    assert cards[0]["name"]["en"] == "Solemn Judgment"
    assert sorted(served) == sorted(url for _sha, url in config.DATASETS.values())
    assert not list((data_dir / "cards").glob("*.download")) and not list(data_dir.rglob("*.part"))


def test_ensure_datasets_copies_from_the_shared_folder(tmp_path):
    shared = tmp_path / "shared"
    for relative in config.DATASETS:
        (shared / relative).parent.mkdir(parents=True, exist_ok=True)
        (shared / relative).write_text("[]", encoding="utf-8")
    data_dir = config.ensure_datasets(tmp_path / "external", shared=shared, log=lambda m: None)
    assert all((data_dir / relative).read_text() == "[]" for relative in config.DATASETS)
