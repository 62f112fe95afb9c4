"""The shape of the code (issues 18, 26, 35): the layer map is the folder tree. Each folder of
``seahaven.app`` is one layer or job, and imports run one way, down the map below (imports for
type hints too); no module lies loose in ``app/``; no import circle (counting imports inside
functions: dodging a circle so is still a circle; and counting the names imported only for
type hints: a circle of types is still two modules that cannot be read apart); one name per
meaning (no two modules share a name, but the subcommands, named after the command they run).
A line count is no design (issue 35): rooms are judged by their job, not their length.
Read from the source with ``ast``; nothing is imported."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

GAME = ROOT / "game" / "seahaven"

LAYERS: tuple[tuple[str, int], ...] = (
    # (module or package prefix, layer); the longest matching prefix wins
    ("seahaven.engine", 0),
    ("seahaven.resources", 0),
    ("seahaven.i18n", 0),
    ("seahaven.cldr_data", 0),  # generated CLDR tables (tools/make_cldr.py), read by seahaven.i18n
    ("seahaven.windows_dpi", 0),
    ("seahaven.app", 0),  # the package's face: a docstring
    ("seahaven.app.platform", 1),
    ("seahaven.app.text", 2),
    ("seahaven.app.looks", 3),
    ("seahaven.app.state", 4),
    ("seahaven.app.saving", 5),
    ("seahaven.app.access", 5),
    ("seahaven.app.kit", 6),
    ("seahaven.app.board", 7),
    ("seahaven.app.screens", 8),
    ("seahaven.app.shell", 9),
    ("seahaven.commands", 10),
    ("seahaven.__main__", 10),
    ("seahaven", 10),
)
NAMES = {0: "engine", 1: "platform glue", 2: "the player's words", 3: "looks",
         4: "the game in play and the player's records", 5: "saving and accessibility", 6: "the widget kit",
         7: "the board", 8: "screens", 9: "the loop and start-up", 10: "commands"}
APP_FOLDERS = {prefix.rpartition(".")[2] for prefix, _rank in LAYERS if prefix.startswith("seahaven.app.")}


def module_name(path: Path) -> str:
    parts = ["seahaven", *path.relative_to(GAME).with_suffix("").parts]  # game/seahaven/ is the package
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> int:
    best = ("", 10)
    for prefix, rank in LAYERS:
        if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best[0]):
            best = (prefix, rank)
    return best[1]


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:``."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                hidden.update(id(sub) for sub in ast.walk(stmt))
    return hidden


def imports_of(path: Path, known: set[str], type_hints: bool = True) -> set[str]:
    """The project's modules ``path`` imports, anywhere in it (with ``type_hints`` False,
    not those imported only for type hints)."""
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = set() if type_hints else _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def graph(type_hints: bool = True) -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(path, known, type_hints) - {name} for name, path in mods.items()}


def test_the_engine_knows_nothing_of_pygame_or_the_front_end() -> None:
    for name, path in modules().items():
        if layer(name) == 0:
            text = path.read_text(encoding="utf-8")
            assert "import pygame" not in text, name
            assert not any(m.startswith("seahaven.app") for m in imports_of(path, set(modules()))), name


def test_no_import_runs_back_up_the_layers() -> None:
    wrong = []
    for name, targets in graph().items():
        for target in targets:
            if target in ("seahaven", "seahaven.app"):
                continue  # a package's face (the version, a docstring)
            if layer(target) > layer(name):
                wrong.append(f"{name} ({NAMES[layer(name)]}) imports {target} ({NAMES[layer(target)]})")
    assert not wrong, "\n".join(wrong)


def test_no_import_circle() -> None:
    edges = graph()
    circles: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    packages = {name for name, path in modules().items() if path.name == "__init__.py"}
    circles = [c for c in circles if not set(c) & packages or len(set(c) - packages) > 1]
    assert not circles, circles


def test_the_checks_can_fail() -> None:
    """The import reader sees a real import, an import inside a function and a relative one."""
    known = set(modules())
    assert "seahaven.app.shell.loop" in imports_of(GAME / "app" / "shell" / "launch.py", known)
    api = GAME / "app" / "screens" / "table" / "stage.py"  # imports the session for type hints only
    assert "seahaven.app.state.session" in imports_of(api, known)
    assert "seahaven.app.state.session" not in imports_of(api, known, type_hints=False)
    assert layer("seahaven.app.screens.table") == 8 and layer("seahaven.app.state.current") == 4
    assert layer("seahaven.app.shell.loop") == 9
    assert layer("seahaven.engine.solver") < layer("seahaven.app.state.current") < layer("seahaven.app.kit")
    assert layer("seahaven.app.kit.input") < layer("seahaven.app.board.pointer") < layer("seahaven.app.screens.help")


RAW_POINTER_EVENTS = {"MOUSEBUTTONDOWN", "MOUSEBUTTONUP", "MOUSEMOTION", "MOUSEWHEEL", "FINGERDOWN", "FINGERUP",
                      "FINGERMOTION"}


def raw_pointer_readers() -> set[str]:
    """The classes (or module-level functions) of the front end that read pygame's mouse and
    finger events: those that compare an event's type with one of them (posting such
    events, as the smoke run and the benchmarks do, is not reading them)."""
    readers: set[str] = set()
    for name, path in modules().items():
        if not name.startswith("seahaven.app"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for top in tree.body:
            if not isinstance(top, ast.ClassDef | ast.FunctionDef):
                continue
            for node in ast.walk(top):
                if isinstance(node, ast.Compare) and any(
                        isinstance(sub, ast.Attribute) and sub.attr in RAW_POINTER_EVENTS for sub in ast.walk(node)):
                    readers.add(f"{name}.{top.name}")
    return readers


def test_one_reader_of_raw_pointer_events_in_the_front_end() -> None:
    """Issue 26: mouse and finger events become the one pointer vocabulary in one place;
    the table, Help's board, every screen and window and the alert read that."""
    assert raw_pointer_readers() == {"seahaven.app.kit.input.PointerInput"}


def test_the_kill_tests_driver_is_no_part_of_the_game() -> None:
    """Issue 26: the driver that plays the game for the kill test lives with the tests; the
    game offers only a hook (``launch.play(driver=...)``) and reads no script variable."""
    assert not (GAME / "app" / "saving" / "script.py").exists()
    for path in GAME.rglob("*.py"):
        assert "SEAHAVEN_SCRIPT" not in path.read_text(encoding="utf-8"), path
    assert (ROOT / "tests" / "kill_driver.py").exists()


def test_every_folder_of_code_is_a_package() -> None:
    """setup.py installs the packages it finds (folders with an ``__init__.py``): a folder of
    modules without one would be left out of the wheel while the editable install, which
    sees the whole of game/seahaven/, still finds it."""
    folders = {path.parent for path in GAME.rglob("*.py") if "__pycache__" not in path.parts}
    missing = sorted(str(folder.relative_to(ROOT)) for folder in folders if not (folder / "__init__.py").exists())
    assert not missing, missing


def test_the_layer_map_is_the_folder_tree() -> None:
    """Issue 35: every module of the front end lives in a folder of one layer or job, and
    every folder is on the map (a new folder must say where it stands)."""
    app = GAME / "app"
    loose = sorted(path.name for path in app.glob("*.py") if path.name != "__init__.py")
    assert not loose, f"modules loose in app/, outside any layer: {loose}"
    folders = {path.name for path in app.iterdir() if path.is_dir() and path.name != "__pycache__"}
    assert folders == APP_FOLDERS, (sorted(folders - APP_FOLDERS), sorted(APP_FOLDERS - folders))


def test_one_name_per_meaning() -> None:
    """Issue 35: no two modules share a file name (``history.py`` once meant a game's record,
    its file and a command), but the subcommands, each named after the command it runs."""
    seen: dict[str, list[str]] = {}
    for name, path in modules().items():
        if path.name != "__init__.py" and not name.startswith("seahaven.commands."):
            seen.setdefault(path.name, []).append(name)
    twice = {file: names for file, names in seen.items() if len(names) > 1}
    assert not twice, twice
