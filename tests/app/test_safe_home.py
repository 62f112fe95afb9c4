"""Send safe cards home (issue 37 item 10) in the game in play, through the real loop: off by
default; on, the player's own move sends the safe cards home, each gliding to its foundation
and scoring, and one undo takes the lot back; the demo's and the finish's moves send nothing;
the saved game, its journal and a game file keep each action whole; a screen reader hears
which cards went."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seahaven.app.saving import storage as storage_module
from seahaven.app.saving.files import BadFile
from seahaven.app.saving.game_file import load, save
from seahaven.app.saving.saved_game import game_from_json, game_to_json
from seahaven.app.saving.storage import CURRENT, JOURNAL, Storage
from seahaven.app.state.current import Change, CurrentGame, GameEvent
from seahaven.app.state.game_record import record_of
from seahaven.app.state.session import Session
from seahaven.app.state.settings import SPECS, Settings
from seahaven.app.text.words import sent_home_text
from seahaven.engine import Card, Game, GameCode, Move, Pile
from seahaven.engine.records import check_record
from tests.app.table_helpers import app_with, key, make_app, settle, steps
from tests.app.test_finish import nearly_done

CODE = "SH1-C4-AAAAAAC"
"""Column 3 is 4C QC 2S AS 5D: the 5 of diamonds into cell 3 lets the ace and 2 of spades go
home; then the king of spades into cell 4 lets the ace of hearts go."""


def mv(source: str, dest: str, count: int = 1) -> Move:
    return Move(Pile.parse(source), Pile.parse(dest), count)


def played(undo: bool = True) -> Game:
    """Two moves of the player's, each with safe cards sent home after it (moves 1-3 and 4-5),
    and a third (move 6); the last undone when ``undo``."""
    current = CurrentGame(Game.from_code(CODE), clock=lambda: 0.0)
    current.sends_home = True
    current.play(mv("col3", "cell3"))
    current.play(mv("col6", "cell4"))
    current.play(mv("cell2", "col2"))  # the 9 of hearts onto the 10
    if undo:
        current.undo()
    return current.game


# -- the setting -------------------------------------------------------------------------------

def test_the_setting_is_off_by_default_and_on_the_play_page() -> None:
    spec = SPECS["cards_home"]
    assert spec.page == "play" and [value for value, _ in spec.choices] == ["off", "finish", "safe"]
    settings = Settings()
    assert settings.cards_home == "off" and not settings.send_safe_home and not settings.finish_by_itself
    session = Session(CurrentGame(Game.from_code(CODE), clock=lambda: 0.0), settings)
    assert session.current.sends_home is False
    settings.set("cards_home", "finish")  # the finish goes by itself, nothing else
    assert session.current.sends_home is False and settings.finish_by_itself
    settings.set("cards_home", "safe")
    assert session.current.sends_home is True and settings.finish_by_itself  # from the player's next move
    assert session.current.game.move_count == 0  # turning it on moves nothing


def test_finish_by_itself_of_an_older_settings_file_is_at_the_end() -> None:
    from seahaven.app.saving.small_files import settings_from_json, settings_to_json

    assert settings_from_json({"version": 1, "finish_by_itself": True}).cards_home == "finish"
    assert settings_from_json({"version": 1, "finish_by_itself": False}).cards_home == "off"
    assert settings_from_json({"version": 1, "finish_by_itself": True, "cards_home": "safe"}).cards_home == "safe"
    body = settings_to_json(Settings(cards_home="safe"))
    assert body["cards_home"] == "safe" and "finish_by_itself" not in body


def test_off_the_move_is_all_that_happens() -> None:
    app = make_app(CODE)
    table = app.scenes.bottom
    key(app, pygame.K_3)
    key(app, pygame.K_c)
    assert table.game.move_count == 1 and table.position.foundations == (0, 0, 0, 0)


def test_on_the_players_move_sends_the_safe_cards_home_and_one_undo_takes_them_back() -> None:
    app = make_app(CODE, cards_home="safe", animation="slow")
    table = app.scenes.bottom
    heard: list[GameEvent] = []
    table.current.subscribe(heard.append)
    key(app, pygame.K_3)
    key(app, pygame.K_c)  # the 5 of diamonds into cell 3
    game = table.game
    assert game.move_count == 3 and game.position.foundations == (0, 0, 0, 2) and game.score == 20
    moved = [event for event in heard if event.kind is Change.MOVED]
    assert len(moved) == 1 and [action.move for action in moved[0].sent] == [mv("col3", "found-S")] * 2
    ace, two, five = Card.parse("AS"), Card.parse("2S"), Card.parse("5D")
    # the player's card glides first; then the safe cards, one after the other, each waiting face
    # up where it lay; the ace, which ends under the two on its foundation, is drawn on its way too
    glides = table.board.glides
    assert {ace, two, five} <= glides.floating
    tween = {card: glides.tweens.tween(card) for card in (ace, two, five)}
    assert all(t is not None for t in tween.values())
    assert tween[five].begin <= glides.tweens.now < tween[ace].begin < tween[two].begin
    assert tween[ace].begin >= tween[five].begin + tween[five].duration  # after it lands
    settle(app, 240)
    assert not table.board.glides.floating
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert game.move_count == 0 and game.position == game.start and game.score == 0
    assert heard[-1].kind is Change.UNDONE and len(heard[-1].sent) == 2
    assert table.board.glides.tweens.is_moving(ace) and table.board.glides.tweens.is_moving(two)  # back, gliding
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert game.move_count == 3 and game.score == 20 and not game.can_redo
    assert heard[-1].kind is Change.REDONE and len(heard[-1].sent) == 2


def test_a_take_back_stays_where_the_player_put_it() -> None:
    app = make_app(CODE, cards_home="safe", animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_3)
    key(app, pygame.K_c)
    table.play(mv("found-S", "cell4"))  # as a drag from the foundation would
    steps(app, 5)
    assert table.position.cells[3] == Card.parse("2S") and table.game.move_count == 4
    table.play(mv("cell2", "col2"))
    steps(app, 5)
    assert table.position.foundations[3] == 2 and table.game.move_count == 6


def test_a_move_that_leaves_only_safe_cards_wins_in_one_action() -> None:
    app = app_with(nearly_done(blocked=True), (1280, 800), cards_home="safe", animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_4)
    key(app, pygame.K_a)  # the queen of spades into a cell: every card left can go, and goes
    steps(app, 10)
    game = table.game
    assert game.is_won and game.move_count == 13 and game.undo_depth == 1 and game.hints_used == 0


def test_the_finish_and_the_demo_send_nothing_of_their_own() -> None:
    app = app_with(nearly_done(), (1280, 800), cards_home="safe", animation="slow")
    table = app.scenes.bottom
    key(app, pygame.K_e)  # Finish: one card at a time, each its own move
    steps(app, 3)
    assert table.game.move_count == 1 and not any(action.follow_up for action in table.game.actions())
    table.finish.stop()
    table.demo.line(tuple(table.finish.line() or ()))  # the demo plays a line the same way
    for _ in range(400):
        steps(app)
        if table.game.move_count >= 2:
            break
    assert table.game.move_count == 2 and not any(action.follow_up for action in table.game.actions())


def test_a_screen_reader_hears_which_cards_went_home() -> None:
    game = played(undo=False)
    sent = game.actions(1, 3)
    assert sent_home_text(sent) == "Sent home with it: the ace of spades, the 2 of spades."
    back = "Back from their foundations with it: the ace of spades, the 2 of spades."
    assert sent_home_text(sent, undone=True) == back
    assert sent_home_text(game.actions(4, 5), undone=True) == "Back from its foundation with it: the ace of hearts."
    assert sent_home_text(()) == ""


# -- saved, and read back whole -----------------------------------------------------------------

def test_current_json_marks_the_safe_cards_and_reads_back_each_action_whole() -> None:
    game = played()
    body = game_to_json(game, 12.0)
    assert body["sent_home"] == [2, 3, 5] and body["undone"] == 1 and len(body["moves"]) == 6
    assert list(body).index("sent_home") == list(body).index("moves") + 1
    again = game_from_json(json.loads(json.dumps(body))).game
    assert again.actions() == game.actions() and again.undo_depth == 2
    assert again.undo() is not None and again.move_count == 3 and again.undo() is not None and again.move_count == 0


def test_a_game_played_without_the_setting_saves_as_before() -> None:
    game = Game.from_code(CODE)
    game.play(mv("col3", "cell3"))
    game.play(mv("col3", "found-S"))  # the player's own move
    assert "sent_home" not in game_to_json(game, 1.0)


def test_the_journal_alone_brings_back_each_action_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_module, "FULL_SAVE_S", 3600.0)  # however slow the machine: the journal only
    monkeypatch.setattr(storage_module, "FULL_SAVE_EVERY", 10_000)
    storage = Storage(tmp_path)
    current = CurrentGame(Game.from_code(CODE), clock=lambda: 0.0)
    current.sends_home = True
    current.subscribe(lambda event: storage.save_game(current.game, 1.0))
    current.play(mv("col3", "cell3"))
    current.play(mv("col6", "cell4"))
    current.undo()  # the king and the ace of hearts back
    current.play(mv("cell2", "col2"))  # another move: the line after move 3 is new
    current.play(mv("col3", "cell4"))  # the queen of clubs into a cell: nothing to send
    assert not (tmp_path / CURRENT).exists()
    entries = [json.loads(line) for line in (tmp_path / JOURNAL).read_bytes().splitlines()]
    assert [entry.get("sent_home") for entry in entries] == [[2, 3], [5], None, None, None]
    loaded = Storage(tmp_path).load_game()
    assert loaded.message is None and loaded.value is not None
    assert loaded.value.game.actions() == current.game.actions()
    assert [action.follow_up for action in loaded.value.game.actions()] == [False, True, True, False, False]


def test_a_full_save_after_the_journal_agrees(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = played()
    storage.save_game(game, 5.0, full=True)
    storage.flush()
    assert json.loads((tmp_path / CURRENT).read_text())["sent_home"] == [2, 3, 5]
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and loaded.value.game.actions() == game.actions()
    assert loaded.value.game.undone == 1


@pytest.mark.parametrize("sent_home, why", [
    ("2", "list of move numbers"),
    ([3, 2], "in order"),
    ([True], "list of move numbers"),
    ([7], "not there"),
    ([1], "cannot be sent home"),  # the first move has no move before it
    ([4], "cannot be sent home"),  # the king of spades into a cell is no card going home
])
def test_a_bad_sent_home_field_is_refused_in_one_sentence(sent_home: object, why: str) -> None:
    body = game_to_json(played(), 1.0)
    body["sent_home"] = sent_home
    with pytest.raises(BadFile, match=why):
        game_from_json(body)


def test_an_undo_count_that_ends_inside_an_action_is_refused() -> None:
    body = game_to_json(played(undo=False), 1.0)
    body["undone"] = 2  # the ace of hearts alone, without the king that sent it
    with pytest.raises(BadFile, match="cannot undo"):
        game_from_json(body)


def test_a_game_file_keeps_the_actions_and_replays_the_same_without_the_setting(tmp_path: Path) -> None:
    game = played(undo=False)
    path = tmp_path / "game.seahaven"
    save(path, game, 30.0)
    record = json.loads(path.read_text())
    assert record["sent_home"] == [2, 3, 5] and record["code"] == CODE
    assert load(path).game.actions() == game.actions()
    verdict = check_record(record)  # what `seahaven replay` says: every move legal, as moves
    assert verdict == {"legal": True, "won": False, "applied": 6, "error": None}
    bare = {"code": CODE, "moves": record["moves"]}
    assert check_record(bare)["applied"] == 6 and record_of(game, 30.0)["moves"] == record["moves"]
    replayed = Game.from_code(GameCode.parse(CODE))
    for raw in record["moves"]:
        replayed.play(replayed.position.resolve(Move.from_json(raw)))
    assert replayed.position == game.position and replayed.score == game.score


def test_the_hint_and_the_verdict_are_about_the_position_after_the_cards_went_home() -> None:
    from seahaven.engine.safe_home import safe_moves
    from tests.app.table_helpers import wait_jobs

    app = make_app(CODE, cards_home="safe", animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_3)
    key(app, pygame.K_c)
    settle(app, 5)
    assert table.position.foundations == (0, 0, 0, 2) and safe_moves(table.position) == ()
    table.verdict.ask()  # as the table does once it has been still a moment
    wait_jobs(app)
    assert table.current.verdict is not None  # a verdict is kept only for the position it is about
    hinted: list[GameEvent] = []
    table.current.subscribe(hinted.append)
    key(app, pygame.K_h)
    wait_jobs(app)
    moves = [event.move for event in hinted if event.kind is Change.HINT_SHOWN]
    assert len(moves) == 1 and moves[0] is not None and table.position.is_legal(moves[0])
    assert table.game.hints_used == 1 and table.game.move_count == 3


@settings(max_examples=120, deadline=None)
@given(value=st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=3),
                          lambda inner: st.lists(inner, max_size=6), max_leaves=12))
def test_any_sent_home_value_reads_back_or_is_refused_in_one_sentence(value: object) -> None:
    """Hostile or damaged ``sent_home``: the game reads back whole (the value fits the moves)
    or the file is refused with a BadFile, never another error."""
    body = game_to_json(played(), 1.0)
    body["sent_home"] = value
    try:
        game = game_from_json(json.loads(json.dumps(body))).game
    except BadFile as error:
        assert str(error)
    else:
        assert game.line == played().line and game.undone == 1
