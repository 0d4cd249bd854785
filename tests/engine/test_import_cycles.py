"""No import circles in the package: every import counts, at module level, inside a
function or under `TYPE_CHECKING`, since each one ties the two modules together.

The engine's pieces depend downward, a game's parts depend on its rules, `ui/` never
imports `app.py`, and the registry imports no game (it finds them by entry point).
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardgames_tui

PACKAGE = Path(boardgames_tui.__file__).parent


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> the package's modules it imports (a package's `__init__` counts as the package)."""
    modules = {module_name(path, root): path for path in root.rglob("*.py")}
    top = root.name

    def known(name: str) -> str:
        # "pkg.module.Class" is the module "pkg.module"; "pkg.sub.module" may name a module.
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                # `from pkg import module` imports pkg (its __init__) and pkg.module.
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            for target in targets:
                if target == top or target.startswith(top + "."):
                    found = known(target)
                    if found and found != name:
                        graph[name].add(found)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module), each sorted, the groups sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot exhaust Python's recursion.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_the_finder_sees_imports_inside_functions_relative_ones_and_packages(tmp_path):
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "rules.py": "def words():\n    from pkg import news\n    return news\n",
            "news.py": "from .rules import words\n",
            "game/__init__.py": "from pkg.game.parts import PART\n",
            "game/parts.py": "from pkg.game import helpers\nPART = 1\n",
            "game/helpers.py": "import pkg.rules\n",
        },
    )
    assert cycles(import_graph(package)) == [["pkg.game", "pkg.game.parts"], ["pkg.news", "pkg.rules"]]


def test_a_package_without_circles_passes_the_finder(tmp_path):
    package = write_package(
        tmp_path,
        {"__init__.py": "", "rules.py": "X = 1\n", "news.py": "from pkg.rules import X\n", "game.py": "from pkg import news, rules\n"},
    )
    assert cycles(import_graph(package)) == []


def test_the_package_has_no_import_circles():
    found = cycles(import_graph(PACKAGE))
    listed = "\n".join(" ↔ ".join(name.removeprefix("boardgames_tui.") for name in group) for group in found)
    assert not found, f"{len(found)} import circles:\n{listed}"


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for found in graph[todo.pop()] - seen:
            seen.add(found)
            todo.append(found)
    return seen


# The modules that make a game's narrator, advisor and reference (games/<game>/game.py).
PARTS = ("game", "news", "hints", "search", "summary", "advice", "catalogue", "legend", "reveal", "standings")


def test_no_games_rules_reach_its_narrator_advisor_or_reference():
    graph = import_graph(PACKAGE)
    games = sorted({name.split(".")[2] for name in graph if name.startswith("boardgames_tui.games.") and name.count(".") >= 3})
    assert len(games) == 4, games
    for game in games:
        package = f"boardgames_tui.games.{game}"
        parts = {f"{package}.{part}" for part in PARTS} & set(graph)
        reached = reachable(graph, f"{package}.rules") & parts
        assert not reached, f"{game}'s rules import {sorted(reached)}"
        assert f"{package}.game" in parts, f"{game} has no game.py"


def test_the_registry_and_the_games_do_not_know_each_other():
    graph = import_graph(PACKAGE)
    assert not {name for name in reachable(graph, "boardgames_tui.engine.registry") if name.startswith("boardgames_tui.games")}
    importers = sorted(name for name, imports in graph.items() if "boardgames_tui.engine.registry" in imports)
    assert not [name for name in importers if name.startswith("boardgames_tui.games")], importers
