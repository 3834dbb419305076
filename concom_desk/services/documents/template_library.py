"""The Word templates in effect: the defaults shipped in `forms/`, each one
replaced by a file of the same name in the `templates` folder of the data
folder when the clerk has edited her own copy.

Resetting a template to the default never deletes the clerk's work outright:
her file is moved aside (with the time in its name) before the default takes
over again, so an accidental reset can be undone by hand.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from concom_desk import clock
from concom_desk.domain.docx_safety import package_refusals
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import data_dir, forms_dir
from concom_desk.services.documents.wpa_fields import WPA_TEMPLATE_NAMES

TEMPLATE_SUFFIX = ".docx"

# The default templates, in the order the clerk meets them in a filing's life.
TEMPLATE_NAMES: tuple[str, ...] = (
    "legal-notice",
    "abutter-letter",
    "affidavit-of-service",
    "board-notice",
    "agenda",
    "permit",
    "determination-negative",
    "determination-positive",
    "resource-area-delineation",
    "denial",
    "extension-permit",
    "amended-permit",
    "certificate-of-compliance",
    "emergency-certification",
    "violation-notice",
    "enforcement-order",
    "waiver-21-day",
    "minutes",
    "annual-report",
    "expiry-reminder",
    "inspection-report",
    "monitoring-report",
)


@dataclass(frozen=True)
class TemplateInEffect:
    name: str
    path: Path
    customised: bool  # True when the clerk's own copy replaces the default

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "path": str(self.path)}


def user_templates_dir() -> Path:
    return data_dir() / "templates"


def default_template_path(name: str) -> Path:
    # MassDEP's WPA forms are kept apart, in forms/wpa/, beside the bylaw documents.
    folder = forms_dir() / "wpa" if name in WPA_TEMPLATE_NAMES else forms_dir()
    return folder / f"{name}{TEMPLATE_SUFFIX}"


def templates_in_effect() -> list[TemplateInEffect]:
    """Every default template plus any extra the clerk added, each with the file used."""
    names = [*TEMPLATE_NAMES, *WPA_TEMPLATE_NAMES]
    for folder in (forms_dir(), user_templates_dir()):
        if folder.is_dir():
            names.extend(
                p.stem for p in sorted(folder.glob(f"*{TEMPLATE_SUFFIX}"))
                if p.stem not in names and not p.name.startswith("~$")  # Word's lock files
            )
    found: list[TemplateInEffect] = []
    for name in names:
        user_copy = user_templates_dir() / f"{name}{TEMPLATE_SUFFIX}"
        if user_copy.is_file():
            found.append(TemplateInEffect(name, user_copy, customised=True))
        elif default_template_path(name).is_file():
            found.append(TemplateInEffect(name, default_template_path(name), customised=False))
    return found


def looks_like_path(name_or_path: str | os.PathLike[str]) -> bool:
    text = os.fspath(name_or_path)
    return isinstance(name_or_path, Path) or text.lower().endswith(
        (".docx", ".docm", ".dotx", ".dotm", ".doc")
    ) or "/" in text or "\\" in text


def template_name(name_or_path: str | os.PathLike[str]) -> str:
    """The name a message uses: 'permit', or the file name of a template given by path."""
    return Path(name_or_path).name if looks_like_path(name_or_path) else str(name_or_path)


def find_template(name_or_path: str | os.PathLike[str]) -> Path:
    """The file for a template name (user copy first), or the file given by path."""
    if looks_like_path(name_or_path):
        path = Path(name_or_path)
        if path.is_file():
            return path
        if path.parent != Path(".") or path.suffix.lower() != TEMPLATE_SUFFIX:
            raise UserError(f"template file {path} does not exist")
        name_or_path = path.stem  # 'permit.docx', as the register records it: by name
    for template in templates_in_effect():
        if template.name == name_or_path:
            return template.path
    known = ", ".join(t.name for t in templates_in_effect())
    raise UserError(f"there is no template named {name_or_path!r}; the templates are: {known}")


def reset_to_default(name: str) -> Path | None:
    """Drop the clerk's copy of a template; returns where her file was moved, or None
    when there was no copy. Refuses names that have no default to fall back to, and
    anything but a bare name (a path would reach outside the templates folder)."""
    if name not in TEMPLATE_NAMES or not default_template_path(name).is_file():
        raise UserError(
            f"there is no default template named {name!r} to go back to; "
            f"the defaults are: {', '.join(TEMPLATE_NAMES)}"
        )
    user_copy = user_templates_dir() / f"{name}{TEMPLATE_SUFFIX}"
    if not user_copy.is_file():
        return None
    return _move_aside(user_copy, name)


def use_file(name: str, source: Path) -> tuple[Path, Path | None]:
    """Put the clerk's own Word file (the town hall's letter, a mail-merge letter) in
    as template `name`: copied into the templates folder, her copy in effect before
    moved aside as Reset does. Returns the copy in effect and where the earlier copy
    went (None: there was none). A file that is not a plain .docx, or that the
    safety check refuses (macros, links, active fields), is not copied at all: what
    is in effect stays as it was."""
    known = [t.name for t in templates_in_effect()]
    if name not in known:
        raise UserError(f"there is no template named {name!r}; the templates are: "
                        + ", ".join(known))
    source = Path(source)
    if not source.is_file():
        raise UserError(f"{source} does not exist or is not a file")
    refusals = package_refusals(source)
    if refusals:
        raise UserError(f"{source.name} is not used as the {name} template: "
                        + "; ".join(str(r) for r in refusals))
    target = user_templates_dir() / f"{name}{TEMPLATE_SUFFIX}"
    if source.resolve() == target.resolve():
        return target, None  # the copy in effect itself: already in use
    # Written beside, then renamed: a copy cut short never stands as the template.
    partial = target.with_name(f"{target.name}.new")
    aside = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, partial)
        aside = _move_aside(target, name) if target.is_file() else None
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        if aside is not None and not target.exists():
            shutil.move(str(aside), str(target))  # her copy back where it was
        raise OperationFailed(f"{source.name} could not be copied into {target.parent} "
                              f"({exc}); the template in effect is unchanged") from None
    return target, aside


def _move_aside(user_copy: Path, name: str) -> Path:
    """The clerk's copy moved to templates/replaced/, stamped with the time (never
    deleted: a mistaken reset or replacement is undone by hand)."""
    aside_dir = user_templates_dir() / "replaced"
    aside_dir.mkdir(parents=True, exist_ok=True)
    stamp = clock.local_now().strftime("%Y-%m-%d %H%M%S")
    aside = aside_dir / f"{name} {stamp}{TEMPLATE_SUFFIX}"
    counter = 2
    while aside.exists():
        aside = aside_dir / f"{name} {stamp} ({counter}){TEMPLATE_SUFFIX}"
        counter += 1
    shutil.move(str(user_copy), str(aside))
    return aside
