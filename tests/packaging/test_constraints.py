"""Every package the frozen program carries is pinned in packaging/constraints.txt, so
that a release tag rebuilds the same program: a dependency (or a dependency of one)
that pip would choose freely on the build day fails here, on this platform's markers."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, distribution

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import REPO_ROOT

CONSTRAINTS = REPO_ROOT / "packaging" / "constraints.txt"
PROGRAM = "concom-desk"


def pins() -> dict[str, Requirement]:
    """The pins that apply on this platform, by normalised name."""
    found = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pin = Requirement(line)
            if pin.marker is None or pin.marker.evaluate({"extra": ""}):
                found[canonicalize_name(pin.name)] = pin
    return found


def runtime_dependencies(name: str = PROGRAM) -> dict[str, str]:
    """The installed packages the program needs to run, its dependencies' dependencies
    included, on this platform: {normalised name: who asks for it}."""
    environment = default_environment()
    needed: dict[str, str] = {}
    todo: list[tuple[str, frozenset[str], str]] = [(name, frozenset(), "")]
    while todo:
        package, extras, asked_by = todo.pop()
        key = canonicalize_name(package)
        if key in needed and not extras:
            continue
        needed.setdefault(key, asked_by)
        for text in distribution(package).requires or []:
            requirement = Requirement(text)
            wanted = requirement.marker is None or any(
                requirement.marker.evaluate({**environment, "extra": extra})
                for extra in ("", *extras))
            if wanted:
                todo.append((requirement.name, frozenset(requirement.extras), package))
    needed.pop(canonicalize_name(name))
    return needed


def test_every_installed_runtime_dependency_is_pinned() -> None:
    pinned = pins()
    unpinned = {name: asked_by for name, asked_by in runtime_dependencies().items()
                if name not in pinned}
    assert not unpinned, (
        "not pinned in packaging/constraints.txt (package: required by): "
        f"{unpinned}; add `name==version` (the build venv's `pip freeze`) with its marker")


def test_every_pin_is_exact() -> None:
    loose = [str(pin) for pin in pins().values()
             if [spec.operator for spec in pin.specifier] != ["=="]]
    assert not loose, loose


def test_the_pinned_packages_are_the_ones_numpy_pillow_shapely_pyshp_included() -> None:
    """The ones the program imports itself, which once travelled unpinned."""
    for name in ("numpy", "pillow", "shapely", "pyshp", "pyside6-essentials", "sqlalchemy"):
        assert name in pins(), name


def test_a_dependency_that_is_not_installed_is_not_silently_skipped() -> None:
    try:
        distribution(PROGRAM)
    except PackageNotFoundError as missing:  # pragma: no cover (the suite installs it)
        raise AssertionError("install the program (pip install -e .) to run this test") from missing
    assert "sqlalchemy" in runtime_dependencies()
