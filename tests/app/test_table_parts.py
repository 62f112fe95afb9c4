"""The table's parts (issue 18, item 6): they see the table through the small Table
protocol, and the animation tells what follows it through tweens' on_finished."""

from __future__ import annotations

import ast

from seahaven.app.board.refusals import Refusal
from seahaven.app.board.tweens import Tweens
from seahaven.app.screens.table_api import Table
from seahaven.engine import COLUMNS, GameCode, Reason, Why
from tests.app.table_helpers import make_app, steps
from tests.conftest import ROOT

PARTS = ("table_keys", "table_pointer", "table_solver", "table_motion", "table_finish", "table_view", "actions")


def test_the_table_offers_everything_its_protocol_promises() -> None:
    app = make_app()
    table = app.scenes.bottom
    promised = {name for name in vars(Table) if not name.startswith("_")} | set(Table.__annotations__)
    assert {"where_now", "glide_from", "cards_still", "mark_region", "layout"} <= promised
    missing = sorted(name for name in promised if not hasattr(table, name))
    assert not missing, missing


def test_the_parts_take_the_protocol_and_no_private_name_of_the_table() -> None:
    for part in PARTS:
        path = ROOT / "game" / "seahaven" / "app" / "screens" / f"{part}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "table" and node.attr.startswith("_")):
                raise AssertionError(f"{part} reaches into the table's private {node.attr}")
            if isinstance(node, ast.arg) and node.arg in ("table", "t") and node.annotation is not None:
                assert ast.unparse(node.annotation) == "Table", f"{part}: {node.arg} is {ast.unparse(node.annotation)}"


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
    table.refuse(Refusal(Reason(Why.CANNOT_LIFT, pile), shake=(pile, 2)))
    assert table.motion.floating == set(table.position.cards(pile)[2:])
    steps(app, 30)
    assert not table.motion.floating and not table.motion.tweens.active


def test_the_table_looks_at_the_game_once_the_last_card_lands() -> None:
    app = make_app(animation="normal")
    table = app.scenes.bottom
    looked: list[str] = []
    table.cards_still = looked.append  # type: ignore[method-assign]
    move = table.game.useful_moves()[0]
    table.play(move)
    assert table.motion.floating and looked == []  # gliding: nothing looked at yet
    steps(app, 60)
    assert not table.motion.floating and looked == ["change"]
    table.session.deal(GameCode.parse("SH1-C2-AAAAAB2"))
    assert table.motion.floating and looked == ["change"]
    steps(app, 200)
    assert looked == ["change", "arrival"]
    table.session.current.undo()  # nothing to undo after a deal: no change, nothing looked at
    steps(app, 5)
    assert looked == ["change", "arrival"]
