"""Screenshots of every screen in every language, for looking at (issue 39, item 5).

``python tools/screens_in_every_language.py /tmp/shots`` renders, headless (SDL's dummy
driver), the table (bare, with a hint, with a refused move), the Menu, New Game (over a rated
game in progress, and with a refused code), each page of Settings, Help and Statistics, the
daily deals, the won, stuck and lost panels, Open and Save, the bookmarks, the replay and the
review, in every language the game ships, at 800x600 and 1080x1920, into
``FOLDER/<language>/<size>-<screen>.png``; and a contact sheet per language and size,
``FOLDER/sheet-<language>-<size>.png``, with every screenshot at a quarter of its size
(half for the portrait ones), named. ``--languages`` and ``--sizes`` choose fewer.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="seahaven-shots-"))  # no player's files

import pygame  # (imported after the SDL drivers are chosen)

from seahaven import i18n
from seahaven.app.kit.screen import Screen
from seahaven.app.shell.launch import build
from seahaven.app.shell.loop import STEP, App
from seahaven.app.state.settings import Settings
from seahaven.engine.services import LossReport

CODE = "SH1-C4-AAAAAJ2"
SIZES = ((800, 600), (1080, 1920))


def steps(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(STEP)


def in_progress(app: App) -> None:
    """A move made on a rated deal: New Game's line about the game is its longest."""
    table = app.scenes.bottom
    table.session.facts.rated(table.game.code, 3)
    table.current.play(table.game.useful_moves()[0])
    table.finish_animations()
    steps(app)


def press(app: App, key: int, mod: int = 0) -> None:
    from seahaven.app.shell.hands import Hands

    Hands(app).key(key, mod, frames=2)


def openers(app: App) -> list[tuple[str, Callable[[], object]]]:
    """Each screen's name and what opens it over the table (in the order of the sheet)."""
    from seahaven.app.board.replay_game import ReplayGame
    from seahaven.app.screens import dialogs, navigation
    from seahaven.app.screens.bookmarks import Bookmarks, set_bookmark
    from seahaven.app.screens.game_files import GameFiles
    from seahaven.app.screens.lost_panel import LostPanel
    from seahaven.app.screens.new_game import NewGame
    from seahaven.app.screens.review_window import ReviewWindow
    from seahaven.app.screens.table.actions import ACTIONS

    table = app.scenes.bottom
    session = table.session

    def hint() -> None:
        press(app, pygame.K_h)
        for _ in range(1000):  # the solver answers on its thread
            steps(app, 1)
            if not table.jobs.running():
                break
            pygame.time.wait(5)
        steps(app, 2)

    def refused_code() -> None:
        app.push(NewGame(app, session))
        steps(app)
        for ch in "SH1-C3-AAAAAJ2":
            app.scenes.top.on_text(ch)
        press(app, pygame.K_RETURN)

    def bookmarks() -> None:
        set_bookmark(session)
        app.push(Bookmarks(app, session))

    def replay() -> None:
        navigation.open_replay(app, session, ReplayGame.of_game(session.current.game))

    return [
        ("table", lambda: None),
        ("hint", hint),
        ("menu", lambda: ACTIONS["menu"].run(table)),
        ("new-game", lambda: app.push(NewGame(app, session))),
        ("new-game-refused", refused_code),
        ("settings", lambda: navigation.open_screen(app, session, "settings")),
        ("help", lambda: navigation.open_screen(app, session, "help")),
        ("statistics", lambda: navigation.open_screen(app, session, "statistics")),
        ("daily", lambda: navigation.open_daily(app, session)),
        ("won", lambda: app.push(dialogs.EndMessage(app, session, "won"))),
        ("stuck", lambda: app.push(dialogs.EndMessage(app, session, "stuck"))),
        ("lost", lambda: app.push(LostPanel(app, session, LossReport("lost", 2)))),
        ("restart", lambda: table.ask_restart()),
        ("open", lambda: app.push(GameFiles(app, session, False))),
        ("save", lambda: app.push(GameFiles(app, session, True))),
        ("bookmarks", bookmarks),
        ("replay", replay),
        ("review", lambda: app.push(ReviewWindow(app, session))),
    ]


def save(app: App, path: Path) -> None:
    app.render(force=True)
    pygame.image.save(app.screen, str(path))


def shoot(language: str, size: tuple[int, int], out: Path) -> list[tuple[str, Path]]:
    """Every screen in ``language`` at ``size``: (name, file) of each screenshot taken."""
    pygame.display.init()
    app, _session, _table = build(size=size, code=CODE, settings=Settings(language=language, animation="off",
                                                                          warn_lost=False, show_verdict=False))
    taken: list[tuple[str, Path]] = []
    tag = f"{size[0]}x{size[1]}"
    try:
        steps(app)
        app.scenes.bottom.finish_animations()
        in_progress(app)
        for name, opener in openers(app):
            try:
                opener()
                steps(app)
                for _ in range(1000):  # what the solver is asked (the review, a check) has answered
                    if not app.scenes.bottom.jobs.running():
                        break
                    steps(app, 1)
                    pygame.time.wait(5)
                steps(app)
                top = app.scenes.top
                pages = range(len(top.tabs)) if isinstance(top, Screen) and top.tabs else [None]
                for page in pages:
                    if page is not None and isinstance(top, Screen):
                        top.set_tab(page)
                        steps(app)
                    shot = name if page is None else f"{name}-{page + 1}"
                    scroll = 0
                    while True:  # a page taller than the window: each window-full of it
                        path = out / f"{tag}-{shot}{'' if not scroll else f'-down{scroll}'}.png"
                        save(app, path)
                        taken.append((shot if not scroll else f"{shot} +{scroll}", path))
                        if not isinstance(top, Screen) or top.scroll >= top.max_scroll() or scroll >= 6:
                            break
                        top.page_down()
                        steps(app)
                        scroll += 1
                    if isinstance(top, Screen):
                        top.scroll = 0
            except Exception:  # one screen that fails is said, the others still shot
                print(f"{language} {tag} {name}: failed", file=sys.stderr)
                traceback.print_exc()
            while len(app.scenes) > 1:
                app.scenes.top.close()
                steps(app, 1)
            app.scenes.bottom.invalidate()
            steps(app)
    finally:
        app.close()
    return taken


def contact_sheet(shots: list[tuple[str, Path]], path: Path, scale: float) -> None:
    """The screenshots side by side, at ``scale``, each named above it, on rows about 2000 px wide."""
    pictures = [(name, pygame.image.load(str(file))) for name, file in shots]
    if not pictures:
        return
    font = pygame.font.Font(None, 22)
    w, h = (round(side * scale) for side in pictures[0][1].get_size())
    label_h, gap = 22, 8
    per_row = max(1, 2000 // (w + gap))
    rows = -(-len(pictures) // per_row)
    sheet = pygame.Surface((gap + per_row * (w + gap), gap + rows * (h + label_h + gap)))
    sheet.fill((40, 40, 40))
    for i, (name, picture) in enumerate(pictures):
        row, col = divmod(i, per_row)
        x, y = gap + col * (w + gap), gap + row * (h + label_h + gap)
        sheet.blit(font.render(name, True, (235, 235, 235)), (x, y + 2))
        sheet.blit(pygame.transform.smoothscale(picture, (w, h)), (x, y + label_h))
    pygame.image.save(sheet, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--languages", nargs="*", default=["en", *sorted(i18n.shipped_languages())])
    parser.add_argument("--sizes", nargs="*", default=[f"{w}x{h}" for w, h in SIZES])
    args = parser.parse_args(argv)
    pygame.init()
    languages = list(dict.fromkeys(args.languages))
    for language in languages:
        folder = args.folder / language
        folder.mkdir(parents=True, exist_ok=True)
        for tag in args.sizes:
            size: tuple[int, int] = tuple(int(n) for n in tag.split("x"))  # type: ignore[assignment]
            shots = shoot(language, size, folder)
            sheet = args.folder / f"sheet-{language}-{tag}.png"
            contact_sheet(shots, sheet, 0.5 if size[1] > size[0] else 0.4)
            print(f"{language} {tag}: {len(shots)} screenshots, {sheet}")
    i18n.set_language("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
