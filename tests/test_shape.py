"""The house's shape, from the developers' guide: no application module over 350 lines and no
test module over 600, so that each can be read whole. A failure names every module over its
limit with its length, so one run says all that is to be split.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_LIMIT = 350
TEST_LIMIT = 600
# The application: these modules at the root, and every module in these packages. `forms` is
# either a module or a package, whichever it is at the time.
APP_FILES = (
    "app.py",
    "models.py",
    "cli.py",
    "export.py",
    "chart.py",
    "database.py",
    "extensions.py",
    "forms.py",
)
APP_PACKAGES = ("forms", "games", "web", "scoring")


def length(path: Path) -> int:
    """How many lines a file has."""
    return len(path.read_text(encoding="utf-8").splitlines())


def application_modules() -> list[Path]:
    """Every Python module of the application, by the lists above."""
    modules = [ROOT / name for name in APP_FILES if (ROOT / name).is_file()]
    for package in APP_PACKAGES:
        modules += sorted((ROOT / package).rglob("*.py"))
    return modules


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
    assert {"app.py", "models.py", "games/__init__.py", "web/__init__.py"} <= found
    assert any(name.startswith("forms") for name in found)
    assert any(name.startswith("scoring/") for name in found)
    assert Path(__file__).resolve() in modules_of_tests()


def test_no_application_module_is_over_350_lines():
    offenders = over(application_modules(), APP_LIMIT)
    assert not offenders, f"application modules over {APP_LIMIT} lines: {offenders}"


def test_no_test_module_is_over_600_lines():
    offenders = over(modules_of_tests(), TEST_LIMIT)
    assert not offenders, f"test modules over {TEST_LIMIT} lines: {offenders}"
