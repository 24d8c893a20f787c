"""The project's own rules reference, docs/rules.md, held to the engine, and the links of the
documentation held whole.

The reference is written by hand, so these tests compare what it states with what the code
defines: every field of `scoring.Rules` is described, no rules table names a key the engine does
not have, and the defaults and every preset's values are the code's. The Markdown is read as
GitHub shows it:

- A **rules table** is a Markdown table whose header row's first cell is `key`. The first cell of
  each of its rows names one rule key in code font (`` `bag_limit` ``); those first cells are
  what "a key the reference names" means here. A code span anywhere else in the tables of the
  "House rules" section must also be a rule key or one of the engine's named values (`carry`).
- The **presets table** is the rules table whose other header cells are preset keys in code
  font; the **presets list** is the table whose header row starts with `preset`.
- A heading's **anchor** is GitHub's: the heading's text without its Markdown marks, in lower
  case, with every character that is not a letter, a digit, `_`, `-` or a space dropped and each
  space made a hyphen; a heading repeated gets `-1`, `-2`, … after it.

Pure file reading: no app, no database.
"""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from enum import Enum
from pathlib import Path
from urllib.parse import unquote

import scoring

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
HOUSE_RULES = "House rules"  # the section whose tables describe every key once
FIELDS = {field.name: field for field in fields(scoring.Rules)}
# The engine's named values (BagMode, FailedNilTricks, SetScores), found through the defaults of
# the fields that take them.
NAMED_VALUES = {
    member.value
    for field in FIELDS.values()
    if isinstance(field.default, Enum)
    for member in type(field.default)
}

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
INLINE_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^[ ]{0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?", re.MULTILINE)
SKIPPED_SCHEMES = ("http://", "https://", "mailto:")


def without_code_blocks(text: str) -> str:
    """The Markdown with its fenced code blocks blanked out, as their contents are no prose."""
    return FENCE.sub("", text)


def heading_texts(text: str) -> list[tuple[int, str]]:
    """Every ATX heading outside code blocks, in order, as its level and its text."""
    return [(len(m.group(1)), m.group(2)) for m in HEADING.finditer(without_code_blocks(text))]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading's text (see the module docstring)."""
    shown = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    shown = shown.replace("`", "").replace("*", "")
    kept = re.sub(r"[^\w\- ]", "", shown.lower())
    return kept.replace(" ", "-")


def anchors(text: str) -> list[str]:
    """The anchors of a Markdown text's headings, a repeated one numbered as GitHub numbers it."""
    seen: dict[str, int] = {}
    found = []
    for _, heading in heading_texts(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.append(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[str]:
    """Every link target of a Markdown text (inline, image and reference links), leaving out
    code blocks and code spans, where brackets are code."""
    prose = CODE_SPAN.sub("", without_code_blocks(text))
    return INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)


def cells(line: str) -> list[str]:
    """The cells of one Markdown table row, trimmed."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tables(text: str) -> list[tuple[str, list[list[str]]]]:
    """Every Markdown table outside code blocks, each with the `##` section it stands in and its
    rows of cells, the header row first and the separator row left out."""
    found: list[tuple[str, list[list[str]]]] = []
    section = ""
    rows: list[list[str]] = []
    for line in [*without_code_blocks(text).splitlines(), ""]:
        if line.startswith("|"):
            rows.append(cells(line))
            continue
        if len(rows) > 1 and set("".join(rows[1])) <= set("-: "):
            found.append((section, [rows[0], *rows[2:]]))
        rows = []
        if line.startswith("## "):
            section = line[3:].strip()
    return found


def plain(cell: str) -> str:
    """A table cell's text without code marks, its minus signs written as hyphens."""
    return cell.replace("`", "").replace("\u2212", "-").strip()


def shown(value: object) -> str:
    """A rule's value as the reference writes it: none, yes or no, a named value by its name,
    a number with thousands separated by commas."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    return f"{value:,}"


def reference() -> str:
    """The rules reference's text."""
    return RULES_DOC.read_text(encoding="utf-8")


def rules_tables() -> list[tuple[str, list[list[str]]]]:
    """The rules tables of the reference (header row starting with `key`), with their sections."""
    return [(where, rows) for where, rows in tables(reference()) if plain(rows[0][0]) == "key"]


def house_rules_rows() -> dict[str, dict[str, str]]:
    """The rows of the "House rules" section's rules tables by the key each names, each row as
    its cells by their column's heading; a key named twice keeps its last row."""
    found = {}
    for where, rows in rules_tables():
        if where == HOUSE_RULES:
            header = [plain(cell) for cell in rows[0]]
            for row in rows[1:]:
                found[plain(row[0])] = dict(zip(header, row, strict=True))
    return found


def presets_table() -> list[list[str]]:
    """The rules table whose other header cells are preset keys in code font."""
    for _, rows in rules_tables():
        named = [CODE_SPAN.findall(cell) for cell in rows[0][1:]]
        if named and all(len(keys) == 1 and keys[0] in scoring.ALL_PRESETS for keys in named):
            return rows
    raise AssertionError("docs/rules.md has no table of every preset's values")


def documentation() -> list[Path]:
    """The Markdown files whose links must hold: every docs/*.md, and the README."""
    return [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def broken(source: Path, target: str) -> str | None:
    """Why a relative link from `source` leads nowhere, or None when it leads to a file or a
    directory of the repository and, with an anchor into a Markdown file, to one of its
    headings."""
    path, _, anchor = target.partition("#")
    goal = (source.parent / unquote(path)).resolve() if path else source
    if not goal.is_relative_to(ROOT) or not goal.exists():
        return "no such file in the repository"
    if anchor and goal.suffix == ".md" and anchor not in anchors(goal.read_text(encoding="utf-8")):
        return f"{goal.relative_to(ROOT)} has no heading #{anchor}"
    return None


# --- the rule keys ---------------------------------------------------------------------------


def test_the_tables_of_the_rules_reference_are_found():
    # Guards the tests below against passing on a reader that finds no table at all.
    sections = {where for where, _ in rules_tables()}
    assert {HOUSE_RULES, "Presets"} <= sections
    assert len(house_rules_rows()) > 1


def test_every_field_of_the_engines_rules_is_named_in_code_font_in_the_rules_reference():
    text = reference()
    missing = [name for name in FIELDS if f"`{name}`" not in text]
    assert not missing, f"docs/rules.md does not name these Rules fields: {missing}"


def test_every_key_a_rules_table_names_is_a_field_of_the_engines_rules():
    wrong = []
    for where, rows in rules_tables():
        for row in rows[1:]:
            keys = CODE_SPAN.findall(row[0])
            if len(keys) != 1 or plain(row[0]) != keys[0] or keys[0] not in FIELDS:
                wrong.append(f"{where}: {row[0]}")
    assert not wrong, f"rows naming no field of scoring.Rules: {wrong}"


def test_the_house_rules_section_describes_every_key_exactly_once():
    named = [
        plain(row[0]) for where, rows in rules_tables() if where == HOUSE_RULES for row in rows[1:]
    ]
    twice = sorted({key for key in named if named.count(key) > 1})
    missing = sorted(set(FIELDS) - set(named))
    assert (twice, missing) == ([], []), f"named twice: {twice}; not described: {missing}"


def test_the_house_rules_tables_put_nothing_in_code_font_but_keys_and_named_values():
    strange = []
    for where, rows in rules_tables():
        if where == HOUSE_RULES:
            for row in rows[1:]:
                spans = (span for cell in row for span in CODE_SPAN.findall(cell))
                strange += [span for span in spans if span not in FIELDS.keys() | NAMED_VALUES]
    assert not strange, f"code spans that are neither a Rules field nor a named value: {strange}"


def test_each_default_the_house_rules_give_is_the_engines_default():
    rows = house_rules_rows()
    wrong = {
        name: (rows[name]["default"], shown(field.default))
        for name, field in FIELDS.items()
        if name in rows and field.default is not MISSING
        if plain(rows[name]["default"]) != shown(field.default)
    }
    assert not wrong, f"defaults (written, the engine's): {wrong}"


def test_each_span_the_house_rules_give_is_the_one_the_engine_allows():
    rows = house_rules_rows()
    wrong = {
        name: rows[name]["values"]
        for name, span in scoring.RULE_LIMITS.items()
        if f"{span.low:,} to {span.high:,}" not in plain(rows[name]["values"])
    }
    assert not wrong, f"values that do not give the span of scoring.RULE_LIMITS: {wrong}"


# --- the presets -----------------------------------------------------------------------------


def test_the_presets_list_names_every_preset_with_its_name():
    listed = next(rows for _, rows in tables(reference()) if plain(rows[0][0]) == "preset")
    names = {plain(row[0]): plain(row[1]) for row in listed[1:]}
    assert names == {key: preset.name for key, preset in scoring.ALL_PRESETS.items()}


def test_the_presets_table_gives_every_presets_value_of_every_key():
    rows = presets_table()
    columns = [plain(cell) for cell in rows[0][1:]]
    assert sorted(columns) == sorted(scoring.ALL_PRESETS)
    assert sorted(plain(row[0]) for row in rows[1:]) == sorted(FIELDS)
    wrong = []
    for row in rows[1:]:
        name = plain(row[0])
        for key, cell in zip(columns, row[1:], strict=True):
            value = shown(getattr(scoring.ALL_PRESETS[key].rules, name))
            if plain(cell) != value:
                wrong.append(f"{name} in {key}: {plain(cell)}, not {value}")
    assert not wrong, "\n".join(wrong)


# --- headings and links ----------------------------------------------------------------------


def test_anchors_are_made_as_github_makes_them():
    assert slug("Swiss (Monrad)") == "swiss-monrad"
    assert slug("King's table") == "kings-table"
    assert slug("Three players, two players") == "three-players-two-players"
    assert slug("`bag_limit` and **bags**") == "bag_limit-and-bags"
    assert slug("Nil & Blind Nil: 200 × 2") == "nil--blind-nil-200--2"
    assert anchors("# Bags\n\n## Bags\n\n```\n# not a heading\n```\n### Bags\n") == [
        "bags",
        "bags-1",
        "bags-2",
    ]


def test_every_heading_of_the_rules_reference_has_an_anchor_of_its_own():
    # A repeated heading's anchor is numbered by its place, and would move when one is added.
    found = [slug(heading) for _, heading in heading_texts(reference())]
    assert len(found) > 10
    assert len(set(found)) == len(found), [a for a in found if found.count(a) > 1]


def test_the_link_reader_finds_the_rules_references_own_links():
    # Guards the test below against passing on a reader that finds no link.
    found = links(reference())
    assert "#bag-penalty" in found
    assert links("[a](b.md) `[c](d.md)` ![e](f.png)\n\n[g]: h.md#i\n") == [
        "b.md",
        "f.png",
        "h.md#i",
    ]


def test_every_relative_link_of_the_documentation_leads_to_a_file_and_heading_of_the_repository():
    wrong = []
    for source in documentation():
        for target in links(source.read_text(encoding="utf-8")):
            if target.startswith(SKIPPED_SCHEMES):
                continue
            why = broken(source, target)
            if why:
                wrong.append(f"{source.relative_to(ROOT)}: ({target}) {why}")
    assert not wrong, "\n".join(wrong)
