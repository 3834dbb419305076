"""The one call that fills a Word template for the enforcement documents.

The templates branch provides `concom_desk.services.rendering.render_template`
(sandboxed, strict, atomic). Until it is on main this module renders with
docxtpl directly, with the same signature and the same template lookup (the
clerk's copy in the data folder first, then `forms/`), so the swap is this
one import and nothing else changes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from concom_desk.errors import UserError
from concom_desk.paths import data_dir, forms_dir

try:
    from concom_desk.services.rendering import render_template
except ImportError:  # the templates branch has not landed yet

    def render_template(name_or_path: str | Path, context: Mapping[str, Any],
                        out: Path) -> Path:
        from docxtpl import DocxTemplate
        from jinja2 import StrictUndefined, UndefinedError
        from jinja2.sandbox import SandboxedEnvironment

        source = _find(name_or_path)
        document = DocxTemplate(str(source))
        env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=True)
        try:
            document.render(dict(context), jinja_env=env, autoescape=True)
        except UndefinedError as exc:
            raise UserError(f"template {source.stem}: {exc}") from None
        out.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".rendering-", suffix=".docx", dir=out.parent)
        os.close(handle)
        try:
            document.save(temp)
            os.replace(temp, out)
        finally:
            Path(temp).unlink(missing_ok=True)
        return out

    def _find(name_or_path: str | Path) -> Path:
        if isinstance(name_or_path, Path) or str(name_or_path).endswith(".docx"):
            return Path(name_or_path)
        for folder in (data_dir() / "templates", forms_dir()):
            candidate = folder / f"{name_or_path}.docx"
            if candidate.is_file():
                return candidate
        raise UserError(f"there is no template named {name_or_path!r}")


__all__ = ["render_template"]
