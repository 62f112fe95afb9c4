"""Issue 40: what a distribution build changes at run time. The data folder named outside the
package (SEAHAVEN_DATA_DIR, or the build's distribution.json), the system's fonts first (with the
game's own as the fallback), --install-desktop left to the package, and accesskit optional: its
absence said once on standard error and in Help, never a failure."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from seahaven import resources
from seahaven.app.access import adapter
from seahaven.app.looks import fonts
from seahaven.app.screens import help as help_screen
from seahaven.commands import desktop


@pytest.fixture
def distribution(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """A distribution build's decisions, as its distribution.json would give them."""
    settings: dict[str, object] = {}
    monkeypatch.setattr(resources, "distribution", lambda: settings)
    resources._installed_root.cache_clear()
    fonts.system_font.cache_clear()
    yield settings
    resources._installed_root.cache_clear()
    fonts.system_font.cache_clear()


def test_the_data_folder_a_distribution_build_names_is_where_the_files_are(
        distribution: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(resources.DATA_DIR_VARIABLE, raising=False)
    default = resources.resource_path("sprites")
    assert (default / "highlight.svg").is_file()
    distribution["data_dir"] = str(tmp_path / "share" / "seahaven-towers")
    resources._installed_root.cache_clear()
    assert resources.resource_path("sprites", "highlight.svg") == tmp_path / "share" / "seahaven-towers" / "sprites" \
        / "highlight.svg"
    # the environment's folder comes first (a packager's test run, a Flatpak's /app/share)
    monkeypatch.setenv(resources.DATA_DIR_VARIABLE, str(tmp_path / "elsewhere"))
    assert resources.resource_path("fonts") == tmp_path / "elsewhere" / "fonts"
    monkeypatch.setenv(resources.DATA_DIR_VARIABLE, "relative/folder")  # never relative to where it was started
    assert resources.resource_path("fonts") == tmp_path / "share" / "seahaven-towers" / "fonts"


def test_a_distribution_file_that_cannot_be_read_means_no_distribution(tmp_path: Path) -> None:
    resources.distribution.cache_clear()
    try:
        assert resources.distribution() == {}  # a checkout has none
        assert resources.desktop_install_allowed() and not resources.system_fonts()
    finally:
        resources.distribution.cache_clear()


@pytest.mark.skipif(shutil.which("fc-match") is None, reason="needs fontconfig's fc-match")
def test_the_systems_fonts_come_first_where_fontconfig_has_them(distribution: dict[str, object],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(resources.SYSTEM_FONTS_VARIABLE, raising=False)
    own = fonts.font_path(fonts.LATIN, True)
    assert own == resources.resource_path("fonts", "NotoSans-Bold.ttf")  # the game's own, by default
    distribution["system_fonts"] = True
    found = subprocess.run(["fc-match", "--format=%{family}\n%{file}", "Noto Sans:weight=bold"], capture_output=True,
                           text=True).stdout.split("\n")
    system = found[0].split(",")[0] == "Noto Sans" and found[1].endswith((".ttf", ".otf"))
    assert fonts.font_path(fonts.LATIN, True) == (Path(found[1]) if system else own)
    # a family fontconfig does not have: it offers another, which is refused, and the game's own is used
    monkeypatch.setitem(fonts.SYSTEM_FAMILIES, fonts.LATIN, "No Such Family Anywhere")
    fonts.system_font.cache_clear()
    assert fonts.font_path(fonts.LATIN, True) == own
    monkeypatch.setenv(resources.SYSTEM_FONTS_VARIABLE, "0")  # and the environment can say never
    assert not resources.system_fonts()


def test_without_the_games_own_fonts_the_words_are_still_drawn(distribution: dict[str, object], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    monkeypatch.setenv(resources.DATA_DIR_VARIABLE, str(tmp_path))  # a data folder with no fonts/
    monkeypatch.setenv(resources.SYSTEM_FONTS_VARIABLE, "0")
    pygame.font.init()
    font = fonts.load(20, False, lambda face, size, bold: pygame.font.Font(None, size))
    assert font.render("Seahaven", True, (0, 0, 0)).get_width() > 0


def test_a_distribution_build_leaves_the_menu_entry_to_its_package(distribution: dict[str, object],
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    distribution["install_desktop"] = False
    status = desktop.run(argparse.Namespace(install_desktop=True, uninstall_desktop=False))
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "installed by a package" in err, err
    assert not (tmp_path / "data" / "applications").exists()
    # what a pip install once wrote can still be removed
    assert desktop.run(argparse.Namespace(install_desktop=False, uninstall_desktop=True)) == 0


def test_without_accesskit_the_game_plays_and_says_so_once(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(adapter, "installed", lambda: False)
    adapter._say_not_installed.cache_clear()
    try:
        assert adapter.Access().start() is False
        assert adapter.Access().start() is False  # a second window: nothing more said
        err = capsys.readouterr().err
        assert err == ("seahaven: screen reader support is not installed (the accesskit package), so no screen "
                       "reader can read the game.\n"), err
        page = help_screen.rules_page()
        at = page.index(("h", "Playing with a screen reader"))
        assert page[at + 1] == help_screen.NO_READER and len(page) == len(help_screen.RULES_PAGE) + 1
    finally:
        adapter._say_not_installed.cache_clear()
    monkeypatch.setattr(adapter, "installed", lambda: True)
    assert help_screen.rules_page() == help_screen.RULES_PAGE
