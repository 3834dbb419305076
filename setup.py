"""The one build step pyproject.toml cannot say: the program's files kept at the top
of the repository (resources/, forms/, docs/, LICENSE, CHANGELOG.md) travel inside
the wheel as concom_desk/_bundled/, where concom_desk.paths.app_root() finds them.
Everything else about the package is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED_DIRS = ("resources", "forms", "docs")
BUNDLED_FILES = ("LICENSE", "CHANGELOG.md")


class BuildWithProgramFiles(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout itself
        target = Path(self.build_lib) / "concom_desk" / "_bundled"
        if target.exists():
            shutil.rmtree(target)
        for name in BUNDLED_DIRS:
            shutil.copytree(ROOT / name, target / name,
                            ignore=shutil.ignore_patterns("~$*", "*.pyc", "__pycache__"))
        for name in BUNDLED_FILES:
            shutil.copy2(ROOT / name, target / name)


setup(cmdclass={"build_py": BuildWithProgramFiles})
