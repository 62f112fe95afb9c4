"""Issue 37 item 4 and issue 41 item 8 (card size): settings that do what they say.

- Card size offers what the window holds: its steps stop at the largest card that fits,
  which the row says ("106% (largest that fits)"), and the cards are the size it reads;
  Ctrl+plus at the limit says so once, not at every press.
- One home for the suits' colours (the four-colour deck is a choice of Suit colours; a suit's
  own colour is on the page only with My own) and one for motion (Motion: System, Slow,
  Normal, Fast, Off); an earlier settings file is read as today's.
- Cards and colours shows the cards as the table draws them, and follows each change at once.
Through the real Settings screen and the real table, at 800x600, 1280x800 and 1080x1920."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from seahaven import i18n
from seahaven.app.board.layout import card_aspect, compute_layout, largest_card_scale
from seahaven.app.saving.small_files import settings_from_json, settings_to_json
from seahaven.app.screens import settings_screen
from seahaven.app.screens.settings_screen import SettingsScreen
from seahaven.app.shell.loop import App
from seahaven.app.state.settings import SPECS, Settings, card_size_after
from tests.app.table_helpers import click, key, make_app, steps

SIZES = [(800, 600), (1280, 800), (1080, 1920)]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def open_cards_page(app: App) -> SettingsScreen:
    screen = settings_screen.open_scene(app, app.scenes.bottom.session)
    app.push(screen)
    screen.set_tab(settings_screen.CARDS)
    screen.layout()
    steps(app)
    return screen


def hot(screen: SettingsScreen, key_name: str) -> pygame.Rect:
    return next(h.rect for h in screen.hots if h.key == key_name)


def row_words(screen: SettingsScreen, name: str) -> str:
    return next(h.label for h in screen.hots if h.key == name)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_card_size_offers_only_what_the_window_holds_and_says_where_it_stops(size: tuple[int, int]) -> None:
    app = make_app(size=size)
    try:
        table = app.scenes.bottom
        usual = table.layout.card_w
        largest = largest_card_scale(*size, card_aspect(), table.position)
        assert 1.0 < largest < 1.6  # the setting's 160% is more than any of these windows holds
        screen = open_cards_page(app)
        assert row_words(screen, "card_size") == "Card size: 100%"
        plus = hot(screen, "card_size")
        click(app, (plus.right - 5, plus.centery))  # "+"
        assert app.settings.card_size == largest
        assert row_words(screen, "card_size") == f"Card size: {round(largest * 100)}% (largest that fits)"
        click(app, (plus.right - 5, plus.centery))  # "+" again: nothing more to give
        assert app.settings.card_size == largest
        screen.close()
        steps(app)
        assert table.layout.card_w == compute_layout(*size, 4, card_aspect(), position=table.position,
                                                     card_scale=1.6).card_w
        assert abs(table.layout.card_w / usual - largest) < 0.011  # the cards are the size it reads
    finally:
        app.close()


def test_every_size_the_setting_reads_is_the_size_of_the_cards() -> None:
    for size in SIZES:
        largest = largest_card_scale(*size, card_aspect())
        usual = compute_layout(*size, 4, card_aspect()).card_w
        value = 0.8
        seen = []
        while value not in seen:
            seen.append(value)
            card_w = compute_layout(*size, 4, card_aspect(), card_scale=value).card_w
            assert abs(card_w / usual - value) <= 1.5 / usual + 0.005, (size, value, card_w, usual)
            value = card_size_after(value, largest, 1)
        assert seen[-1] == largest and seen[:3] == [0.8, 0.9, 1.0]
    # from a size saved in a larger window, a step down is one the eye sees
    assert card_size_after(1.6, 1.06, -1) == 1.0 and card_size_after(1.6, 1.06, 1) == 1.06


def test_a_size_saved_in_a_larger_window_reads_as_this_window_shows_it() -> None:
    app = make_app(size=(1280, 800), card_size=1.5)
    try:
        screen = open_cards_page(app)
        largest = largest_card_scale(1280, 800, card_aspect(), app.scenes.bottom.position)
        assert row_words(screen, "card_size") == f"Card size: {round(largest * 100)}% (largest that fits)"
        minus = hot(screen, "card_size")
        click(app, (minus.x + 5, minus.centery))  # "–": the cards get smaller at once
        assert app.settings.card_size == 1.0 and row_words(screen, "card_size") == "Card size: 100%"
    finally:
        app.close()


def test_ctrl_plus_at_the_largest_says_so_once_not_at_every_press() -> None:
    app = make_app(size=(1280, 800))
    try:
        table = app.scenes.bottom
        said: list[str] = []
        table.session.notices.append(lambda text, warn=False: None)
        real = table.say

        def say(text: str, *args: object, **kwargs: object) -> None:
            said.append(text)
            real(text, *args, **kwargs)

        table.say = say
        for _ in range(5):
            key(app, pygame.K_PLUS, pygame.KMOD_LCTRL)
        largest = largest_card_scale(1280, 800, card_aspect(), table.position)
        assert app.settings.card_size == largest
        assert said[0] == f"Card size {round(largest * 100)}%: the largest this window holds"
        assert said[1:] == ["The cards are as large as this window holds."]  # once, for four presses
        key(app, pygame.K_MINUS, pygame.KMOD_LCTRL)
        assert app.settings.card_size == 1.0 and said[-1] == "Card size 100%"
    finally:
        app.close()


def test_suit_colours_have_one_home_with_the_four_colour_deck_among_them() -> None:
    assert "four_colour" not in SPECS and "reduce_motion" not in SPECS
    choices = [value for value, _label in SPECS["suit_colours"].choices]
    assert choices[:2] == ["standard", "four"] and "custom" in choices
    assert Settings(suit_colours="four").four_colour and not Settings().four_colour
    app = make_app(size=(1280, 800))
    try:
        screen = open_cards_page(app)
        keys = {h.key for h in screen.hots}
        assert "suit_colours" in keys and not keys & {"ink_clubs", "ink_diamonds", "ink_hearts", "ink_spades"}
        row = hot(screen, "suit_colours")
        four = next(h.rect for h in screen.hots if not h.key and h.label == "Four colours" and row.contains(h.rect))
        click(app, four.center)
        assert app.settings.suit_colours == "four" and app.assets.four_colour
        assert {h.key for h in screen.hots} == keys  # still no row of a suit's own colour
        mine = next(h.rect for h in screen.hots if not h.key and h.label == "My own" and row.contains(h.rect))
        click(app, mine.center)
        assert app.settings.suit_colours == "custom" and not app.assets.four_colour
        assert {"ink_clubs", "ink_diamonds", "ink_hearts", "ink_spades"} <= {h.key for h in screen.hots}
    finally:
        app.close()


def test_motion_has_one_home() -> None:
    app = make_app(size=(1280, 800))
    try:
        screen = settings_screen.open_scene(app, app.scenes.bottom.session)
        app.push(screen)
        rows = [row.name for row in settings_screen.ROWS]
        assert rows.count("animation") == 1 and "reduce_motion" not in rows
        assert SPECS["animation"].label == "Motion"
        assert [value for value, _label in SPECS["animation"].choices] == ["system", "slow", "normal", "fast", "off"]
        assert app.settings.animation == "system"
    finally:
        app.close()


@pytest.mark.parametrize(("earlier", "now"), [
    ({"four_colour": True}, {"suit_colours": "four", "animation": "system"}),
    ({"four_colour": True, "suit_colours": "mono"}, {"suit_colours": "mono"}),
    ({"reduce_motion": "on", "animation": "fast"}, {"animation": "off"}),
    ({"reduce_motion": "system", "animation": "normal"}, {"animation": "system"}),
    ({"reduce_motion": "off", "animation": "normal"}, {"animation": "normal"}),
    ({"reduce_motion": "system", "animation": "slow"}, {"animation": "slow"}),
    ({"reduce_motion": "off", "animation": "off"}, {"animation": "off"}),
    ({"four_colour": "yes", "reduce_motion": 3}, {"suit_colours": "standard", "animation": "system"}),
])
def test_an_earlier_settings_file_is_read_as_todays(earlier: dict[str, object], now: dict[str, object],
                                                    tmp_path: Path) -> None:
    settings = settings_from_json({"version": 1, **earlier})
    for name, value in now.items():
        assert getattr(settings, name) == value
    written = settings_to_json(settings)
    assert "four_colour" not in written and "reduce_motion" not in written
    assert settings_from_json(json.loads(json.dumps(written))) == settings


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_cards_and_colours_shows_the_cards_as_the_table_draws_them(size: tuple[int, int], language: str) -> None:
    app = make_app(size=size, language=language)
    try:
        screen = open_cards_page(app)
        assert len(screen.preview) == 4
        first = screen.preview[2]  # the queen of hearts
        assert first.w <= app.scenes.bottom.layout.card_w
        app.render(force=True)

        def colours() -> set[tuple[int, int, int]]:
            box = first.move(0, -screen.scroll)
            return {tuple(app.screen.get_at((x, y)))[:3] for x in range(box.x, box.right, 2)
                    for y in range(box.y, box.y + box.h // 3, 2)}

        before = colours()
        red = (200, 24, 47)
        assert red in before
        app.settings.set("suit_colours", "custom")
        app.settings.set("ink_hearts", "blue")
        steps(app)
        app.render(force=True)
        after = colours()
        assert red not in after and app.settings.inks is not None and app.settings.inks["H"] in after
    finally:
        app.close()
