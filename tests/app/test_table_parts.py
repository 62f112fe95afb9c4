"""The table's parts (issues 18 and 35): the assistants see the table only through the
:class:`Stage` (ten members at most), the board hears the game and tells its host when the
cards are still, and a tween says when it is done."""

from __future__ import annotations

import ast

from seahaven.app.board.refusals import Refusal
from seahaven.app.board.tweens import Tweens
from seahaven.app.screens.table.stage import Stage
from seahaven.engine import COLUMNS, GameCode, Reason, Why
from tests.app.table_helpers import make_app, steps
from tests.conftest import ROOT

ASSISTANTS = ("solver_questions", "auto_finish")
"""The table's assistants: each takes a Stage."""
MAX_STAGE = 10


def test_what_an_assistant_sees_of_the_table_fits_on_a_screen_and_the_table_offers_it() -> None:
    members = {name for name in vars(Stage) if not name.startswith("_")} | set(Stage.__annotations__)
    assert {"say", "play", "calm", "free", "app", "session"} <= members
    assert len(members) <= MAX_STAGE, sorted(members)
    app = make_app()
    table = app.scenes.bottom
    missing = sorted(name for name in members if not hasattr(table, name))
    assert not missing, missing


def test_the_assistants_take_the_stage_and_no_private_name_of_the_table() -> None:
    for part in ASSISTANTS:
        path = ROOT / "game" / "seahaven" / "app" / "screens" / "table" / f"{part}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        takes = []
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr in ("table", "stage") and node.attr.startswith("_")):
                raise AssertionError(f"{part} reaches into the table's private {node.attr}")
            if isinstance(node, ast.arg) and node.arg in ("table", "stage") and node.annotation is not None:
                takes.append(ast.unparse(node.annotation))
            assert not (isinstance(node, ast.Name) and node.id == "TableScene"), f"{part} knows the table's class"
        assert takes and set(takes) == {"Stage"}, (part, takes)


def test_tweens_say_when_they_are_done() -> None:
    done: list[str] = []
    tweens: Tweens[str] = Tweens()
    assert tweens.glide("a", (0, 0), (10, 0), 0.5, on_finished=lambda: done.append("a"))
    assert tweens.glide("b", (0, 0), (10, 0), 1.0, on_finished=lambda: done.append("b"))
    assert not tweens.glide("c", (5, 5), (5, 5), 1.0, on_finished=lambda: done.append("c"))  # already there
    tweens.advance(0.6)
    assert done == ["a"]
    tweens.glide("b", (0, 0), (20, 0), 1.0, on_finished=lambda: done.append("b again"))  # replaced: only the new one
    tweens.wait(0.0, lambda: done.append("pause"))
    tweens.finish()
    assert done == ["a", "b again", "pause"] and not tweens.active


def test_shaken_cards_rest_once_their_shake_ends() -> None:
    app = make_app(animation="normal")
    table = app.scenes.bottom
    pile = COLUMNS[0]
    table.board.answer(Refusal(Reason(Why.CANNOT_LIFT, pile), shake=(pile, 2)))
    assert table.board.glides.floating == set(table.position.cards(pile)[2:])
    steps(app, 30)
    assert not table.board.glides.floating and not table.board.glides.tweens.active


def test_the_table_looks_at_the_game_once_the_last_card_lands() -> None:
    app = make_app(animation="normal")
    table = app.scenes.bottom
    looked: list[str] = []
    table.still = looked.append
    move = table.game.useful_moves()[0]
    table.play(move)
    assert table.board.glides.floating and looked == []  # gliding: nothing looked at yet
    steps(app, 60)
    assert not table.board.glides.floating and looked == ["change"]
    table.session.deal(GameCode.parse("SH1-C2-AAAAAB2"))
    assert table.board.glides.floating and looked == ["change"]
    steps(app, 200)
    assert looked == ["change", "arrival"]
    table.session.current.undo()  # nothing to undo after a deal: no change, nothing looked at
    steps(app, 5)
    assert looked == ["change", "arrival"]
