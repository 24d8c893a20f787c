"""The house's shape, from the developers' guide: no application module over 350 lines and no
test module over 600, so that each can be read whole, and no application modules that import
each other in a circle. A failure names every module over its limit with its length, or every
circle, so one run says all that is to be mended.
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_LIMIT = 350
TEST_LIMIT = 600
# What is not the application, as mypy's settings say it (pyproject.toml): the application is
# every other Python file of the checkout, so a new module is measured from its first commit.
NOT_THE_APPLICATION = tuple(
    re.compile(pattern)
    for pattern in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "mypy"
    ]["exclude"]
)


def length(path: Path) -> int:
    """How many lines a file has."""
    return len(path.read_text(encoding="utf-8").splitlines())


def application_modules() -> list[Path]:
    """Every Python module of the application: every one in the checkout but those in
    NOT_THE_APPLICATION (and hidden folders, a tool's or git's)."""
    modules = []
    for folder, folders, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT)
        folders[:] = [
            name
            for name in folders
            if not name.startswith(".") and not left_out(f"{(here / name).as_posix()}/")
        ]
        modules += [
            ROOT / here / name
            for name in files
            if name.endswith(".py") and not left_out((here / name).as_posix())
        ]
    return sorted(modules)


def left_out(path: str) -> bool:
    """Whether a path of the checkout (a folder's ending in /) is not the application's."""
    return any(pattern.search(path) for pattern in NOT_THE_APPLICATION)


def modules_of_tests() -> list[Path]:
    """Every Python module under tests/, the fixtures' conftest files included."""
    return sorted((ROOT / "tests").rglob("*.py"))


def over(modules: list[Path], limit: int) -> dict[str, int]:
    """The modules longer than `limit` lines, by their path in the repository, with their
    lengths."""
    lengths = {str(path.relative_to(ROOT)): length(path) for path in modules}
    return {name: lines for name, lines in lengths.items() if lines > limit}


def test_the_lists_find_the_application_and_the_tests():
    # Guards the two tests below against passing on a list that lost its files.
    found = {str(path.relative_to(ROOT)) for path in application_modules()}
    assert {"app.py", "records/games.py", "records/rulings.py", "games/__init__.py"} <= found
    assert not [name for name in found if name.startswith(("tests/", "testsupport/", "bench/"))]
    assert any(name.startswith("forms") for name in found)
    assert any(name.startswith("scoring/") for name in found)
    assert Path(__file__).resolve() in modules_of_tests()


def test_no_application_module_is_over_350_lines():
    offenders = over(application_modules(), APP_LIMIT)
    assert not offenders, f"application modules over {APP_LIMIT} lines: {offenders}"


def test_no_test_module_is_over_600_lines():
    offenders = over(modules_of_tests(), TEST_LIMIT)
    assert not offenders, f"test modules over {TEST_LIMIT} lines: {offenders}"


def module_name(path: Path) -> str:
    """A module's dotted name from its path (a package by its folder)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path) -> set[str]:
    """Every dotted name a module imports, relative imports made absolute, and each imported
    name besides its module (`from games import reading` imports the module games.reading)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{above}.{base}" if base else above
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    """Which application modules each application module imports, by dotted name."""
    modules = {module_name(path): path for path in application_modules()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(path):
            while imported and imported not in modules:  # a name inside a module: the module
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach one another through their imports (Tarjan's strongly
    connected components of more than one module)."""
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        """Number a module, follow its imports, and close its group when it heads one."""
        order[module] = lowest[module] = len(order)
        stack.append(module)
        for target in graph[module]:
            if target not in order:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in stack:
                lowest[module] = min(lowest[module], order[target])
        if lowest[module] == order[module]:
            group = []
            while (member := stack.pop()) != module:
                group.append(member)
            if group:
                found.append(sorted([module, *group]))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_the_circle_finder_finds_a_circle():
    # Guards the test below against a finder that never finds anything.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert {"games.reading", "records.games"} <= import_graph()["tables.services.table"]


def test_no_two_application_modules_import_each_other_in_a_circle():
    found = circles(import_graph())
    assert not found, f"application modules that import each other in a circle: {found}"


def test_no_two_test_modules_share_a_name():
    # pytest imports test modules by their base name (the folders have no __init__.py): two of
    # one name stop the whole run at collection.
    names = [path.name for path in modules_of_tests() if path.name != "conftest.py"]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
