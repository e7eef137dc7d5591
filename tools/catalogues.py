"""Extract, update and compile the translation catalogues: the shell's and each game's.

Run ``python -m tools.catalogues`` from the repository after adding or changing
a sentence, translate what it reports as new in the ``.po`` files it names,
then run it again to compile. See ``core/locale/README.md``.

A sentence belongs to the catalogue of the folder it is written in: a game's
(``core/<game>/`` and ``atlantis_tui/games/<game>/``) or else the shell's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from core.kernel.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
SHELL = "shell"
KEYWORDS = {
    "_": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
Key = tuple[str, str | None]
"""A message's singular id and its context."""


def games(root: Path = ROOT) -> list[str]:
    """The game folders: every ``core/<game>/`` with a ``game_type.py``."""
    folders = (p.parent.name for p in (root / "core").glob("*/game_type.py"))
    return sorted(name for name in folders if name != "kernel")


def domain_of(path: Path, root: Path = ROOT) -> str:
    """The catalogue a source file's sentences go to."""
    parts = path.relative_to(root).parts
    known = games(root)
    if parts[0] == "core" and parts[1] in known:
        return parts[1]
    if parts[:2] == ("atlantis_tui", "games") and len(parts) > 3 and parts[2] in known:
        return parts[2]
    return SHELL


def locale_dir(domain: str, root: Path = ROOT) -> Path:
    return root / "core" / "locale" if domain == SHELL else root / "core" / domain / "locale"


def domains(root: Path = ROOT) -> list[str]:
    return [SHELL, *games(root)]


def extract(root: Path = ROOT) -> dict[str, dict[Key, str | tuple[str, ...]]]:
    """Every marked sentence of the code, by catalogue: (id, context) → id or plural ids."""
    found: dict[str, dict[Key, str | tuple[str, ...]]] = {d: {} for d in domains(root)}
    for folder in ("core", "atlantis_tui"):
        for path in sorted((root / folder).rglob("*.py")):
            where = found[domain_of(path, root)]
            for _line, message, _comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS
            ):
                msgid = message[0] if isinstance(message, tuple) else message
                if msgid:
                    where.setdefault((msgid, context), message)
    return found


def po_path(domain: str, code: str, root: Path = ROOT) -> Path:
    return locale_dir(domain, root) / code / "LC_MESSAGES" / f"{domain}.po"


def _write_template(domain: str, messages: dict[Key, str | tuple[str, ...]], root: Path) -> None:
    path = locale_dir(domain, root) / f"{domain}.pot"
    header = path.read_text(encoding="utf-8") if path.exists() else ""
    template = Catalog(domain=domain, project="atlantis", fuzzy=True)
    for (_msgid, context), message in messages.items():
        template.add(message, context=context)
    with path.open("wb") as out:
        write_po(out, template, width=0, no_location=True)
    if header:  # keep the template's dates, so that a run changes only what changed
        _keep_header_lines(path, header, ("POT-Creation-Date", "Generated-By"))


def _keep_header_lines(path: Path, old: str, keys: tuple[str, ...]) -> None:
    text = path.read_text(encoding="utf-8")
    for key in keys:
        found = re.search(rf'"{key}: [^"]*"', old)
        if found:
            literal = found.group(0).replace("\\", "\\\\")  # a replacement, read as is
            text = re.sub(rf'"{key}: [^"]*"', literal, text)
    path.write_text(text, encoding="utf-8")


def _update(
    domain: str,
    code: str,
    messages: dict[Key, str | tuple[str, ...]],
    root: Path,
    known: list[Catalog],
) -> int:
    """Add the new sentences to a catalogue, drop the unused ones; how many lack a translation.

    A sentence that moved from another catalogue (its code moved) keeps its translation.
    """
    path = po_path(domain, code, root)
    old_text = path.read_text(encoding="utf-8") if path.exists() else ""
    if old_text:
        with path.open("rb") as source:
            catalogue = read_po(source, locale=code)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalogue = Catalog(locale=code, domain=domain, project="atlantis")
    wanted = set(messages)
    for message in list(catalogue):
        if (
            message.id
            and (message.id if isinstance(message.id, str) else message.id[0], message.context)
            not in wanted
        ):
            catalogue.delete(message.id, message.context)
    untranslated = 0
    for (msgid, context), marked in messages.items():
        existing = catalogue.get(msgid, context=context)
        if existing is None:
            elsewhere = [c.get(msgid, context=context) for c in known]
            moved = next((m for m in elsewhere if m is not None and m.string), None)
            catalogue.add(marked, moved.string if moved else "", context=context)
            untranslated += moved is None
        elif not all(existing.string if isinstance(existing.string, tuple) else [existing.string]):
            untranslated += 1
    with path.open("wb") as out:
        write_po(out, catalogue, width=0, ignore_obsolete=True)
    if old_text:
        _keep_header_lines(path, old_text, ("Plural-Forms", "Generated-By", "POT-Creation-Date"))
    with path.open("rb") as source:
        compiled = read_po(source, locale=code)
    with path.with_suffix(".mo").open("wb") as out:
        write_mo(out, compiled)
    return untranslated


def _read_all(code: str, root: Path) -> list[Catalog]:
    """Every catalogue of language ``code`` as it is before this run."""
    found = []
    for domain in domains(root):
        path = po_path(domain, code, root)
        if path.exists():
            with path.open("rb") as source:
                found.append(read_po(source, locale=code))
    return found


def main(root: Path = ROOT) -> int:
    missing = 0
    before = {code: _read_all(code, root) for code in TRANSLATED}
    for domain, messages in extract(root).items():
        _write_template(domain, messages, root)
        for code in TRANSLATED:
            count = _update(domain, code, messages, root, before[code])
            if count:
                print(f"{po_path(domain, code, root).relative_to(root)}: {count} to translate")
            missing += count
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
