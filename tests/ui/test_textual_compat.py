"""Textual's private names live in ui/textual_compat.py alone, and each still exists in the
installed Textual: an upgrade that moves one fails here, by name."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

import boardgames_tui
from boardgames_tui.ui import textual_compat

PACKAGE = Path(boardgames_tui.__file__).parent
COMPAT = PACKAGE / "ui" / "textual_compat.py"


def _names_defined_by(cls: type) -> set[str]:
    """Every attribute name a class or its instances get, read from its source: class
    attributes, methods, and `self.x` assignments anywhere in its MRO's source."""
    names: set[str] = set()
    for klass in cls.__mro__:
        names.update(vars(klass))
        try:
            tree = ast.parse(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                names.add(node.attr)
    return names


@pytest.mark.parametrize("cls", list(textual_compat.PRIVATE_NAMES), ids=lambda cls: cls.__name__)
def test_each_private_name_still_exists_in_textual(cls):
    defined = _names_defined_by(cls)
    missing = [name for name in textual_compat.PRIVATE_NAMES[cls] if name not in defined]
    assert not missing, f"Textual's {cls.__name__} no longer has {missing}: update ui/textual_compat.py"


def _defined_in(paths) -> set[str]:
    """The names a body of source defines: functions, classes, and attributes and names it assigns."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return names


def _underscore_names_in(paths) -> set[str]:
    """Every single-underscore name that occurs anywhere in a body of source: a superset of
    the names it defines, read with a pattern because parsing all of Textual costs seconds."""
    names: set[str] = set()
    for path in paths:
        names.update(re.findall(r"\b_[A-Za-z]\w*", Path(path).read_text(encoding="utf-8")))
    return names


def test_no_other_module_uses_textuals_private_names():
    """An underscore name that Textual defines and the project does not is Textual's
    private name: outside textual_compat.py, none is read, called or overridden."""
    import textual

    ours = [path for path in sorted(PACKAGE.rglob("*.py")) if path != COMPAT]
    textuals = _underscore_names_in(Path(textual.__file__).parent.rglob("*.py"))
    own = _defined_in(ours) - {name for names in textual_compat.PRIVATE_NAMES.values() for name in names}
    found = []
    for path in ours:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else node.name if isinstance(node, ast.FunctionDef) else None
            if name and name.startswith("_") and not name.startswith("__") and name in textuals and name not in own:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
    assert not found, "Textual's private names outside ui/textual_compat.py:\n" + "\n".join(found)
