"""Start-up: what plain ``seahaven`` does before its window opens stays small. These pin
imports, not times (times go in benchmarks): each test runs a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def modules_after(code: str) -> set[str]:
    """The modules loaded after running ``code`` in a fresh interpreter."""
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            check=True)
    return set(result.stdout.split())


def test_playing_builds_the_parser_without_importing_every_subcommand() -> None:
    loaded = modules_after("import seahaven.__main__ as m\nm._build_parser([])")
    assert not {"seahaven.commands.solve", "seahaven.commands.replay", "seahaven.commands.bench",
                "seahaven.commands.layout", "seahaven.commands.deal"} & loaded


def test_a_subcommand_still_gets_its_options() -> None:
    result = subprocess.run([sys.executable, "-m", "seahaven", "deal", "--help"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 0 and "--format" in result.stdout
    overview = subprocess.run([sys.executable, "-m", "seahaven", "--help"], capture_output=True, text=True,
                              cwd=ROOT, timeout=60)
    assert overview.returncode == 0 and all(name in overview.stdout for name in ("deal", "solve", "replay"))


def test_a_random_deal_does_not_load_openssl() -> None:
    loaded = modules_after("from seahaven.engine import GameCode\nGameCode.random(4)")
    assert not {"secrets", "hmac", "_hashlib", "hashlib"} & loaded


WINDOW_FIRST = """
import json, sys
import pygame

seen = {}
real_flip = pygame.display.flip


def flip():
    if not seen:  # the first picture the player sees
        surface = pygame.display.get_surface()
        seen["modules"] = sorted(sys.modules)
        seen["size"] = list(surface.get_size())
        seen["pixels"] = [list(surface.get_at(point)[:3]) for point in ((3, 3), (640, 400), (1276, 796))]
    real_flip()


pygame.display.flip = flip

from seahaven.__main__ import main


def driver(app, table):
    seen["same_window"] = app.screen is pygame.display.get_surface()
    app.step()
    seen["table_drawn"] = app.frames > 0 and table.session.current.game is not None
    from seahaven.app.looks import cloth
    from seahaven.app.looks.theme import theme_for

    felt = cloth.felt(theme_for(app.settings.table, app.settings.card_back), tuple(seen["size"]))
    seen["felt"] = [list(felt.get_at(point)[:3]) for point in ((3, 3), (640, 400), (1276, 796))]
    return 0


status = main(["--windowed", "--size", "1280x800"], driver=driver)
print(json.dumps({"status": status, **seen}))
"""


def test_the_window_shows_the_cloth_before_the_rest_of_the_game_is_imported() -> None:
    """The player sees the window as soon as the settings are read: its first picture is the
    table's cloth, in the player's theme, while the table, its screens, the loop and the solver
    are not even imported (about half the start); the game then comes onto that same window
    (issue 40, item 8: the window sooner than AisleRiot's)."""
    result = subprocess.run([sys.executable, "-c", WINDOW_FIRST], capture_output=True, text=True, cwd=ROOT,
                            timeout=120, check=True)
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["status"] == 0
    assert seen["size"] == [1280, 800]
    assert not {"seahaven.app.shell.launch", "seahaven.app.shell.loop", "seahaven.app.screens.table.scene",
                "seahaven.app.board.component", "seahaven.engine.solver_thread"} & set(seen["modules"])
    assert seen["pixels"] == seen["felt"]  # the cloth, not SDL's black
    assert seen["same_window"] and seen["table_drawn"]


SIGNAL_AT_THE_CLOTH = """
import json, os, signal, sys
import pygame

real_flip = pygame.display.flip
sent = []


def flip():
    real_flip()
    if not sent:  # a logout or a kill as the window first shows, before the game is even imported
        sent.append(True)
        os.kill(os.getpid(), signal.SIGTERM)


pygame.display.flip = flip

from seahaven.__main__ import main

played = []
status = main(["--windowed", "--size", "1024x768"], driver=lambda app, table: played.append(True) or 0)
print(json.dumps({"status": status, "played": bool(played)}))
"""


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_stop_signal_as_the_window_first_shows_closes_the_game_cleanly(tmp_path: Path) -> None:
    """The window shows before the rest of the game is imported: a stop signal then (a logout,
    ``kill``) does not kill the program but closes the game as its window closing would, once it
    can, with nothing played and nothing written over (status 0)."""
    data = Path(os.environ["XDG_DATA_HOME"]) / "seahaven-towers"
    result = subprocess.run([sys.executable, "-c", SIGNAL_AT_THE_CLOTH], capture_output=True, text=True, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"status": 0, "played": False}
    assert not (data / "current.json").exists()
