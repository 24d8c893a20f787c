"""The rules are cited inside the repository: no file of it sends its reader to a rules text a
clone does not have. The rules reference is docs/rules.md; a file that names the spec that was
kept outside the repository (by its name or its place beside the work tree) points nowhere once
the repository is cloned.

The files are those git knows for this work tree: the tracked ones and the new ones not ignored
(`git ls-files --cached --others --exclude-standard`), so that a file is held to it before its
first commit too. Binary files are passed over, and so is this test, which must name what it
looks for.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What a citation of a rules text outside the repository contains.
OUTSIDE = ("/work/shared", "../shared", "RULES.md")


def repository_files() -> list[Path]:
    """Every file git lists for the work tree, tracked or new, that is still on disk."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    paths = (ROOT / name for name in listed.split("\0") if name)
    return sorted(path for path in paths if path.is_file())


def text_of(path: Path) -> str | None:
    """A file's text, or None for a binary file (one with a NUL byte, or not UTF-8)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_the_file_list_holds_the_repositorys_files():
    # Guards the test below against passing on an empty list.
    found = {path.relative_to(ROOT).as_posix() for path in repository_files()}
    assert {"README.md", "scoring/rules.py", "tests/test_rule_citations.py"} <= found


def test_no_file_of_the_repository_cites_a_rules_text_outside_it():
    here = Path(__file__).resolve()
    citations = []
    for path in repository_files():
        text = text_of(path) if path != here else None
        for number, line in enumerate((text or "").splitlines(), start=1):
            if any(word in line for word in OUTSIDE):
                where = path.relative_to(ROOT).as_posix()
                citations.append(f"{where}:{number}: {line.strip()}")
    assert not citations, (
        f"{len(citations)} lines cite rules outside the repository:\n" + "\n".join(citations)
    )
