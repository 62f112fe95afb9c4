"""The phrases several screens share, in the player's language: the difficulties, cards,
piles, counted things, and the engine's reasons (data) turned into sentences.

Every function translates when it is called, so a change of language shows at once.
"""

from __future__ import annotations

from datetime import date

from seahaven.app.board.hand import Ask, Prompt
from seahaven.app.i18n import N_, _, format_number, ngettext, pgettext
from seahaven.engine import Card, InvalidCode, Pile, Reason, Why
from seahaven.engine.codes import CodeWhy
from seahaven.engine.services import LossReport, NoWayBack

DIFFICULTY_NAMES = {4: N_("Easy"), 2: N_("Medium"), 1: N_("Hard")}
"""Cells -> the difficulty's name (SPEC 2), in the order the game offers them; marked
only: show it with :func:`difficulty_name`."""


def difficulty_name(cells: int) -> str:
    """"Easy", "Medium" or "Hard" in the player's language."""
    return _(DIFFICULTY_NAMES[cells])


def sentence(text: str) -> str:
    """``text`` with its first letter made a capital (a phrase that starts a sentence)."""
    return text[:1].upper() + text[1:]


def cells_phrase(cells: int) -> str:
    """How many cells a difficulty has, in words: "4 cells", "1 cell"."""
    return ngettext("{n} cell", "{n} cells", cells).format(n=format_number(cells))


def cards_phrase(n: int) -> str:
    """"1 card", "3 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=format_number(n))


def moves_phrase(n: int) -> str:
    """"1 move", "12 moves"."""
    return ngettext("{n} move", "{n} moves", n).format(n=format_number(n))


def key_text(chord: str) -> str:
    """A key chord as the player's keyboard names it: "Ctrl+Shift+Z" is "Strg+Umschalt+Z"
    in German. ``chord`` is the action's own spelling (see ``screens/actions.py``)."""
    names = {"Ctrl": pgettext("key", "Ctrl"), "Shift": pgettext("key", "Shift"), "Esc": pgettext("key", "Esc"),
             "Space": pgettext("key", "Space"), "Enter": pgettext("key", "Enter"), "Del": pgettext("key", "Del"),
             "Backspace": pgettext("key", "Backspace")}
    return "+".join(names.get(part, part) for part in chord.split("+"))


def weekday_short(index: int) -> str:
    """The short name of weekday ``index`` (0 Monday ... 6 Sunday) in the player's language."""
    return (pgettext("weekday", "Mon"), pgettext("weekday", "Tue"), pgettext("weekday", "Wed"),
            pgettext("weekday", "Thu"), pgettext("weekday", "Fri"), pgettext("weekday", "Sat"),
            pgettext("weekday", "Sun"))[index]


def month_name(month: int) -> str:
    """The name of ``month`` (1 January ... 12 December) in the player's language (not the
    C library's locale, which the game does not set)."""
    return (pgettext("month", "January"), pgettext("month", "February"), pgettext("month", "March"),
            pgettext("month", "April"), pgettext("month", "May"), pgettext("month", "June"),
            pgettext("month", "July"), pgettext("month", "August"), pgettext("month", "September"),
            pgettext("month", "October"), pgettext("month", "November"), pgettext("month", "December"))[month - 1]


def month_short(month: int) -> str:
    """The short name of ``month`` (Jan ... Dec) in the player's language."""
    return (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"), pgettext("month", "Apr"),
            pgettext("month", "May short"), pgettext("month", "Jun"), pgettext("month", "Jul"),
            pgettext("month", "Aug"), pgettext("month", "Sep"), pgettext("month", "Oct"), pgettext("month", "Nov"),
            pgettext("month", "Dec"))[month - 1]


def date_text(day: date) -> str:
    """A day as the player's language writes it: "Mon 1 December 2026", "Mo., 1. Dezember 2026"."""
    return _("{weekday} {day} {month} {year}").format(weekday=weekday_short(day.weekday()), day=day.day,
                                                      month=month_name(day.month), year=day.year)


def month_year(month: int, year: int) -> str:
    """"December 2026" in the player's language."""
    return _("{month} {year}").format(month=month_name(month), year=year)


def _rank(rank: int) -> str:
    names = {
        1: pgettext("card rank", "ace"), 2: pgettext("card rank", "2"), 3: pgettext("card rank", "3"),
        4: pgettext("card rank", "4"), 5: pgettext("card rank", "5"), 6: pgettext("card rank", "6"),
        7: pgettext("card rank", "7"), 8: pgettext("card rank", "8"), 9: pgettext("card rank", "9"),
        10: pgettext("card rank", "10"), 11: pgettext("card rank", "jack"), 12: pgettext("card rank", "queen"),
        13: pgettext("card rank", "king"),
    }
    return names[rank]


def suit_name(suit: str) -> str:
    """"hearts" (plural, as in "queen of hearts") in the player's language."""
    return {"C": pgettext("suit", "clubs"), "D": pgettext("suit", "diamonds"),
            "H": pgettext("suit", "hearts"), "S": pgettext("suit", "spades")}[suit]


def card_name(card: Card | None) -> str:
    """The card in words: "queen of hearts" (English has no article; the languages whose
    article depends on the card carry it in the name: "la dame de cœur")."""
    if card is None:
        return pgettext("card", "card")
    return pgettext("card name", "{rank} of {suit}").format(rank=_rank(card.rank), suit=suit_name(card.suit))


def pile_name(pile: Pile | None) -> str:
    """The pile in words: "column 3", "cell 1", "the hearts foundation"."""
    if pile is None:
        return ""
    if pile.is_column:
        return pgettext("pile", "column {n}").format(n=pile.key)
    if pile.is_cell:
        return pgettext("pile", "cell {n}").format(n=pile.key)
    suit = str(pile.key)
    return {"C": pgettext("pile", "the clubs foundation"), "D": pgettext("pile", "the diamonds foundation"),
            "H": pgettext("pile", "the hearts foundation"), "S": pgettext("pile", "the spades foundation")}[suit]


def reason_text(reason: Reason) -> str:
    """A refused move or pick-up, as one sentence in the player's language."""
    pile, card, target = pile_name(reason.pile), card_name(reason.card), card_name(reason.target)
    why = reason.why
    if why is Why.SAME_PILE:
        text = _("A card moved onto its own pile is not a move.")
    elif why is Why.NO_SUCH_PILE:
        text = ngettext("There is no {pile} in a game with {n} cell.", "There is no {pile} in a game with {n} cells.",
                        reason.count).format(pile=pile, n=reason.count)
    elif why is Why.NO_CARDS:
        text = _("A move takes at least one card.")
    elif why is Why.EMPTY:
        text = _("{pile} is empty.").format(pile=pile)
    elif why is Why.ONE_FROM_PILE:
        text = _("Only one card at a time can be taken from {pile}.").format(pile=pile)
    elif why is Why.TOO_FEW_CARDS:
        text = ngettext("{pile} has only {n} card.", "{pile} has only {n} cards.", reason.count).format(
            pile=pile, n=reason.count)
    elif why is Why.NOT_A_RUN:
        text = _("The top {n} cards of {pile} are not a run of one suit.").format(n=reason.count, pile=pile)
    elif why is Why.TOO_MANY:
        text = ngettext("That run has {count} cards, but only {n} card can move together now.",
                        "That run has {count} cards, but only {n} cards can move together now.",
                        reason.limit).format(count=reason.count, n=reason.limit)
    elif why is Why.FOUNDATION_TO_FOUNDATION:
        text = _("A card cannot move from one foundation to another.")
    elif why is Why.ONE_AT_A_TIME:
        text = _("Cards go onto a foundation one at a time.")
    elif why is Why.WRONG_FOUNDATION:
        text = _("The {card} belongs on {pile}.").format(card=card, pile=pile)
    elif why is Why.NOT_NEXT:
        text = _("The next card for {pile} is the {card}.").format(pile=pile, card=card)
    elif why is Why.CELL_HOLDS_ONE:
        text = _("A cell holds only one card.")
    elif why is Why.CELL_TAKEN:
        text = _("{pile} is not free.").format(pile=pile)
    elif why is Why.KINGS_ONLY:
        text = _("An empty column takes only a king, or a run led by a king.")
    elif why is Why.EMPTY_COLUMN_LIMIT:
        text = ngettext("Only {n} card can move into an empty column now (the empty column itself does not count).",
                        "Only {n} cards can move into an empty column now (the empty column itself does not count).",
                        reason.limit).format(n=reason.limit)
    elif why is Why.KING_TO_EMPTY:
        text = _("The {card} can go only into an empty column.").format(card=card)
    elif why is Why.ONLY_ON:
        text = _("The {card} can go only on the {target}.").format(card=card, target=target)
    elif why is Why.NO_CARD_THERE:
        text = _("There is no card there on {pile}.").format(pile=pile)
    elif why is Why.CANNOT_LIFT:
        text = _("Only the top card, or a run of one suit in order, can be picked up.")
    elif why is Why.NOTHING_HELD:
        text = _("Nothing is held.")
    else:
        text = _("The cards are back where they were.")
    return sentence(text)


def refusal_text(reason: Reason | Prompt | None) -> str:
    """Why a gesture did nothing, as one sentence ("" for a drop on no pile)."""
    if reason is None:
        return ""
    if isinstance(reason, Reason):
        return reason_text(reason)
    if reason.ask is Ask.NO_PLACE:
        return _("There is no place for the {card} now.").format(card=card_name(reason.card))
    if reason.ask is Ask.PICK_FOR_HOME:
        return _("Pick a card first (1-0, a-d), then f sends it home.")
    return _("Pick a card first: 1-0 pick columns, a-d the cells.")


def solver_failed_text() -> str:
    """The solver stopped with an error of ours: said without the error's own words."""
    return _("The solver stopped unexpectedly; the game goes on, and you can ask again.")


def code_error_text(error: InvalidCode) -> str:
    """Why a typed game code cannot be read, as one sentence in the player's language."""
    why = error.why
    if why is CodeWhy.BAD_CHARACTER:
        text = _("Character {place} of the game code, {char}, is not allowed: a code uses only the letters A-Z, "
                 "the digits 2-7 and '-'.").format(place=error.place, char=repr(error.text))
    elif why is CodeWhy.EMPTY:
        text = _("The game code is empty; it looks like SH1-C4-AAAAAJ2.")
    elif why is CodeWhy.BAD_PREFIX:
        text = _("Unknown code prefix {prefix}: game codes start with SH1- (like SH1-C4-AAAAAJ2).").format(
            prefix=repr(error.text))
    elif why is CodeWhy.PARTS:
        text = _("A game code has three parts separated by '-', like SH1-C4-AAAAAJ2.")
    elif why is CodeWhy.BAD_CELLS:
        text = _("The cell count must be C4, C2 or C1, not {part}.").format(part=repr(error.text))
    elif why is CodeWhy.DEAL_LENGTH:
        text = ngettext("The deal part must be 7 characters long, not {n} ({part}).",
                        "The deal part must be 7 characters long, not {n} ({part}).",
                        error.place).format(n=error.place, part=repr(error.text))
    elif why is CodeWhy.DEAL_CHARACTER:
        text = _("{char} cannot appear in the deal part (character {place} of the code): use the letters A-Z "
                 "and the digits 2-7.").format(char=repr(error.text), place=error.place)
    else:
        text = _("A game code is text like SH1-C4-AAAAAJ2.")
    return sentence(text)


def no_way_back_text(report: LossReport) -> str:
    """Why a lost game's report names no number of undos, as a phrase ("" when it does)."""
    if report.reason is NoWayBack.CANCELLED:
        return ngettext("the search was cancelled {n} undo back", "the search was cancelled {n} undos back",
                        report.depth).format(n=report.depth)
    if report.reason is NoWayBack.OUT_OF_TIME:
        return ngettext("the solver ran out of time {n} undo back", "the solver ran out of time {n} undos back",
                        report.depth).format(n=report.depth)
    if report.reason is NoWayBack.BEYOND_WINDOW:
        return ngettext("no winnable position within the last {n} undo",
                        "no winnable position within the last {n} undos", report.window).format(n=report.window)
    if report.reason is NoWayBack.DEAL_LOST:
        return _("the deal itself cannot be won")
    return ""
