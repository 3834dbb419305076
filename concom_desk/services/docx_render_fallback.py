"""Stand-in for `concom_desk.services.rendering.render_template` until the
templates work lands: same signature, sandboxed Jinja with strict undefined,
written to a temporary name and moved into place. Delete this module (and the
fallback import in abutter_mailing) once rendering.py is on main."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from concom_desk.errors import UserError
from concom_desk.paths import data_dir, forms_dir


def find_template(name_or_path: str | os.PathLike[str]) -> Path:
    given = Path(name_or_path)
    if given.suffix.lower() == ".docx":
        if not given.is_file():
            raise UserError(f"template {given} does not exist")
        return given
    for folder in (data_dir() / "templates", forms_dir()):
        candidate = folder / f"{given.name}.docx"
        if candidate.is_file():
            return candidate
    raise UserError(f"there is no template named {given.name!r} in {forms_dir()}")


def render_template(name_or_path: str | os.PathLike[str], context: Mapping[str, Any],
                    out: Path) -> Path:
    from docxtpl import DocxTemplate
    from jinja2 import StrictUndefined, TemplateError
    from jinja2.sandbox import SandboxedEnvironment

    source = find_template(name_or_path)
    document = DocxTemplate(str(source))
    environment = SandboxedEnvironment(undefined=StrictUndefined, autoescape=True)
    try:
        document.render(dict(context), jinja_env=environment, autoescape=True)
    except TemplateError as exc:
        raise UserError(f"template {source.name}: {exc}") from None
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".rendering-", suffix=".docx", dir=out.parent)
    os.close(handle)
    try:
        document.save(temp)
        os.replace(temp, out)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return out
