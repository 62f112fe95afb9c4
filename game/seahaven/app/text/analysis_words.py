"""An analysis in words (issue 38): what each mark of the replay's strip says about its move,
the better move, the legend Help shows, and the summary line. Whole sentences with named
placeholders, in the player's language at the moment they are asked for; the engine's
:class:`~seahaven.engine.analysis.MoveReport` is data, worded only here.
"""

from __future__ import annotations

from typing import Protocol

from seahaven.app.text.words import FROM, ONTO, WITH, action_text, card_name, lead_card, pile_name, solver_failed_text
from seahaven.engine import Action, Move, Position
from seahaven.engine.analysis import Judgement, MoveReport
from seahaven.i18n import N_, _, format_number, ngettext, npgettext, pgettext

LEGEND: tuple[tuple[Judgement | None, str], ...] = (
    (Judgement.KEPT, N_("Kept the game winnable")),
    (Judgement.FOUND, N_("A critical moment, found: the only move that kept the game winnable was played")),
    (Judgement.MISSED, N_("A critical moment, missed: the only move that kept the game winnable was not played")),
    (Judgement.LOST_IT, N_("The move that lost the game, where other moves would have kept it winnable")),
    (Judgement.AFTER_LOSS, N_("Played after the game was lost")),
    # Translators: a mark of the analysis under the replay. The solver’s “budget” is the time and work it may spend (a
    # limit), not money.
    (Judgement.UNKNOWN, N_("Not decided: the solver's budget ran out")),
    # Translators: a mark under the replay's board or a button's note: the solver has not yet looked at this game. About
    # 20 characters.
    (None, N_("Not analysed yet")),
)
"""Each mark's meaning, in the strip's order of interest (marked; shown through ``_()``):
Help's legend draws each shape beside its words."""


class Counts(Protocol):
    """The totals a summary words (``state.game_analysis.Tally``)."""

    @property
    def moves(self) -> int: ...
    @property
    def known(self) -> int: ...
    @property
    def played_while_winnable(self) -> int: ...
    @property
    def kept(self) -> int: ...
    @property
    def critical(self) -> int: ...
    @property
    def found(self) -> int: ...
    @property
    def lost_at(self) -> int | None: ...
    @property
    def unknown(self) -> int: ...
    @property
    def won(self) -> bool: ...
    @property
    def finished(self) -> bool: ...
    @property
    def failed(self) -> bool: ...


def join(first: str, second: str) -> str:
    """Two sentences one after the other, as the language sets them."""
    if not first:
        return second
    if not second:
        return first
    return pgettext("two sentences", "{first} {second}").format(first=first, second=second)


def judgement_label(judgement: Judgement | None) -> str:
    """A mark's meaning, as Help's legend writes it."""
    return _(dict(LEGEND)[judgement])


def verdict_text(report: MoveReport | None) -> str:
    """What the analysis found about the move (one sentence, "it" being the move)."""
    if report is None:
        # Translators: said when the analysis of a move is asked before the solver got to it.
        return _("Not analysed yet.")
    judgement = report.judgement
    if judgement is Judgement.KEPT:
        return _("It kept the game winnable.")
    if judgement is Judgement.FOUND:
        return _("A critical moment, found: only this move kept the game winnable.")
    if judgement is Judgement.MISSED:
        return _("A critical moment, missed: only one move kept the game winnable, and this one lost it.")
    if judgement is Judgement.LOST_IT:
        return _("It lost the game: after it, the game could no longer be won.")
    if judgement is Judgement.AFTER_LOSS:
        return _("The game was already lost.")
    # Translators: the analysis of a move. The solver’s “budget” is the time and work it may spend (a limit), not money.
    return _("The solver could not decide it within its budget.")


def better_text(position: Position, move: Move) -> str:
    """The better move from ``position``, in words ("The better move: the 5 of hearts from
    cell 1 to column 4.")."""
    lead = lead_card(position, move)
    source, dest = pile_name(move.source, FROM), pile_name(move.dest, ONTO)
    if move.size > 1:
        # Translators: the analysis panel of the replay; {n} is the run's cards, {card} its first card after "starting
        # with", {source} and {dest} piles after "from" and "to".
        return ngettext("The better move: the run of {n} card starting with {card}, from {source} to {dest}.",
                        "The better move: the run of {n} cards starting with {card}, from {source} to {dest}.",
                        move.size).format(n=format_number(move.size), card=card_name(lead, WITH), source=source,
                                          dest=dest)
    # Translators: the analysis panel of the replay; {card} is a card as a subject, {source} and {dest} piles after
    # "from" and "to".
    return _("The better move: {card} from {source} to {dest}.").format(card=card_name(lead), source=source,
                                                                        dest=dest)


def mark_text(number: int, action: Action, report: MoveReport | None, better: bool = True) -> str:
    """A mark read whole: move ``number`` and what it did, what the analysis found and (with
    ``better``) the move that would have kept the game winnable."""
    text = join(action_text(number, action), verdict_text(report))
    if better and report is not None and report.better is not None:
        text = join(text, better_text(action.before, report.better))
    return text


def summary_text(counts: Counts) -> str:
    """The summary line: how far the analysis is, or what it found (the moves that kept the
    game winnable while it could be won, the move that lost it, the critical moments and how
    many were found, the moves the budget left undecided)."""
    if counts.failed:
        return solver_failed_text()
    if not counts.moves:
        return _("No move to analyse: the game has not begun.")
    if not counts.finished:
        # each count with its own plural: the moves looked at choose this sentence's form, the game's moves their own
        # Translators: the analysis panel while the solver works; {known} is how many moves it has looked at, {moves}
        # the game's moves ("40 moves", written by the message "{n} move" after "of").
        return ngettext("The solver is going through the game: {known} of {moves} so far.",
                        "The solver is going through the game: {known} of {moves} so far.", counts.known).format(
            known=format_number(counts.known),
            # Translators: the game's moves after "of", as in "The solver is going through the game: 3 of 40 moves so
            # far."; {n} is a number of moves (use the case your language puts after its word for "of").
            moves=npgettext("moves after 'of'", "{n} move", "{n} moves", counts.moves).format(
                n=format_number(counts.moves)))
    lost_at = counts.lost_at
    if lost_at == 0:
        text = _("This deal cannot be won, not even from the start.")
    else:
        played = counts.played_while_winnable
        # each count in a sentence of its own, so each takes its own plural form
        text = join(
            # Translators: the analysis's summary, its first sentence; {n} is the number of moves made while the game
            # could still be won (the next sentence says how many of them kept it winnable).
            ngettext("{n} move was made while the game could be won.", "{n} moves were made while the game could be "
                     "won.", played).format(n=format_number(played)),
            # Translators: the analysis's summary, after "12 moves were made while the game could be won."; {n} is how
            # many of those moves kept the game winnable.
            ngettext("{n} of them kept it winnable.", "{n} of them kept it winnable.", counts.kept).format(
                n=format_number(counts.kept)))
        if lost_at is not None:
            # Translators: the analysis's summary; {number} is the number of the move that made the game unwinnable.
            text = join(text, _("Move {number} lost it.").format(number=format_number(lost_at)))
        elif counts.won:
            text = join(text, _("The game was won."))
        if counts.critical:
            text = join(text, join(
                # Translators: the analysis's summary; {n} is the number of critical moments (positions where only one
                # move kept the game winnable).
                ngettext("{n} critical moment.", "{n} critical moments.", counts.critical).format(
                    n=format_number(counts.critical)),
                # Translators: the analysis's summary, after "3 critical moments."; {n} is at how many of them the
                # player found that one winning move.
                ngettext("The one winning move was found {n} time.", "The one winning move was found {n} times.",
                         counts.found).format(n=format_number(counts.found))))
        else:
            # Translators: the analysis's summary: no move of the game was a critical moment (a position with one
            # winning move only).
            text = join(text, _("No critical moment."))
    if counts.unknown:
        # Translators: the analysis's summary; "budget" is the time and work the solver may spend on each move (a
        # limit), not money.
        text = join(text, ngettext("{n} move could not be decided within the solver's budget.",
                                   "{n} moves could not be decided within the solver's budget.",
                                   counts.unknown).format(n=format_number(counts.unknown)))
    return text
