"""What a screen reader says in play, as whole sentences from the catalogs: a pile as the
tree names it (short by default, every card with the "full" detail setting), a pick-up, a
move and what it uncovered, the status line read on its key, and a window's words made fit
for speech. Pure and pygame-free: the table's accessibility part (``screens/table_access``)
decides when, these functions say what.

Short is the default because a blind player hears every word (issue 41: a column move cost
a median 51 words when both piles were read in full): a pile is named by its top card, a
move by its card, where it went and what it uncovered; the reading keys (I, T) and the
"full" setting give every card.
"""

from __future__ import annotations

from seahaven import i18n
from seahaven.app.access.tree import pile_label
from seahaven.app.text.words import FROM, ONTO, WITH, card_name, lead_card, pile_name, sentence
from seahaven.engine import Action, Pile, Position
from seahaven.i18n import _, format_duration, format_number, ngettext, pgettext

SHORT, FULL = "short", "full"
"""The screen reader's detail (the ``reader_detail`` setting)."""


def pile_words(position: Position, pile: Pile, detail: str = SHORT) -> str:
    """A pile as its node is named: a column by its size and top card ("Column 3, 5 cards,
    top: the 7 of hearts"), or (``FULL``) with every card, bottom first; a cell and a
    foundation are short either way."""
    return sentence(pile_label(position, pile, short=detail != FULL))


def picked_up(position: Position, pile: Pile, count: int) -> str:
    """What a pile key (or a tap) picked up: "The 9 of hearts picked up." or "3 cards from
    the 9 of hearts, picked up." (the pile's name, said as the focus lands on it, gives the top)."""
    cards = position.cards(pile)
    if count <= 0 or count > len(cards):
        return ""
    if count == 1:
        # Translators: said by a screen reader after a card was picked up; {card} is a card as a subject ("the queen of
        # hearts").
        return sentence(_("{card} picked up.").format(card=card_name(cards[-1])))
    # Translators: said by a screen reader after a run was picked up; {first} is its first card as a subject.
    return ngettext("{n} card from {first}, picked up.", "{n} cards from {first}, picked up.", count).format(
        n=format_number(count), first=card_name(cards[-count]))


def put_down() -> str:
    """The cards held are let go (Esc, or the same key once too often): nothing moved."""
    # Translators: said by a screen reader after the held cards were put back down where they were.
    return _("Put down.")


def move_words(action: Action, detail: str = SHORT, picked: bool = False) -> str:
    """A move in words. Short: the card (or the run's size and first card), where it went,
    and what it uncovered ("The 6 of hearts to column 7. Column 1: the 9 of clubs."); only
    where it went and what it uncovered when the pick-up just said the cards (``picked``:
    "To column 7. Column 1: the 9 of clubs."). Full: "The 6 of hearts from column 1 to
    column 7." (a run: its size and first card)."""
    move = action.move
    lead = lead_card(action.before, move)
    if detail == FULL:
        source, dest = pile_name(move.source, FROM), pile_name(move.dest, ONTO)
        if move.size > 1:
            # Translators: said by a screen reader after a move; {card} is the run's first card after "starting with",
            # {source} and {dest} piles after "from" and "to".
            return ngettext("The run of {n} card starting with {card}, from {source} to {dest}.",
                            "The run of {n} cards starting with {card}, from {source} to {dest}.",
                            move.size).format(n=format_number(move.size), card=card_name(lead, WITH), source=source,
                                              dest=dest)
        # Translators: said by a screen reader after a move; {card} is a card as a subject, {source} and {dest} piles
        # after "from" and "to".
        return sentence(_("{card} from {source} to {dest}.").format(card=card_name(lead), source=source, dest=dest))
    dest = pile_name(move.dest, ONTO)
    if picked:
        # Translators: said by a screen reader after a move (short detail); {dest} is a pile after "to".
        moved = sentence(_("To {dest}.").format(dest=dest))
    elif move.size > 1:
        # Translators: said by a screen reader after a move of a run; {card} is its first card as a subject, {dest} a
        # pile after "to".
        moved = ngettext("{n} card, {card} first, to {dest}.", "{n} cards, {card} first, to {dest}.",
                         move.size).format(n=format_number(move.size), card=card_name(lead), dest=dest)
    else:
        # Translators: said by a screen reader after a move; {card} is a card as a subject, {dest} a pile after "to".
        moved = sentence(_("{card} to {dest}.").format(card=card_name(lead), dest=dest))
    uncovered = uncovered_words(action.after, move.source)
    if not uncovered:
        return moved
    return pgettext("two sentences", "{first} {second}").format(first=moved, second=uncovered)


def uncovered_words(position: Position, source: Pile) -> str:
    """What a move left on the column it came from: "Column 1: the 9 of clubs." or
    "Column 1: empty." ("" for a cell or a foundation: nothing is uncovered there)."""
    if not source.is_column:
        return ""
    top = position.top(source)
    if top is None:
        # Translators: said by a screen reader after a move emptied a column; {n} is its number (1 to 10).
        return _("Column {n}: empty.").format(n=source.key)
    # Translators: said by a screen reader after a move: the card a column now shows on top; {n} is its number, {card} a
    # card as a subject.
    return _("Column {n}: {card}.").format(n=source.key, card=card_name(top))


def status_words(score: int, moves: int, seconds: float, verdict: str | None) -> str:
    """The status line as a screen reader's status bar names it: "Score 40, Moves 12, Time 3:05"
    and the solver's verdict."""
    # Translators: a part of the status read by a screen reader: "Score 40, Moves 12, Time 3:05"; {n} is points.
    parts = [_("Score {n}").format(n=format_number(score)),
             # Translators: a part of the status read by a screen reader; {n} is the number of moves made.
             _("Moves {n}").format(n=format_number(moves)),
             # Translators: a part of the status read by a screen reader; {time} is a time of play like 3:05.
             _("Time {time}").format(time=format_duration(seconds))]
    if verdict is not None:
        parts.append(verdict)
    return pgettext("list separator", ", ").join(parts)


def status_reading(status: str, code: str | None) -> str:
    """What the status key says: the status line and the game code ("Game SH1-C4-AAAAAJ2")."""
    stop = pgettext("sentence separator", ". ").rstrip()  # the language's full stop: "." or "。"
    said = sentence(status).rstrip("." + stop) + stop
    if not code:
        return said
    return pgettext("two sentences", "{first} {second}").format(
        # Translators: said by a screen reader after the status (key S); {code} is a game code read in parts ("SH1 C4
        # AAAAAJ2").
        first=said, second=_("Game {code}.").format(code=spelled_code(code)))


def spelled_code(code: str) -> str:
    """A game code as a screen reader should say it: its parts apart, so "AAAAAJ2" is not read
    as a word ("SH1 C4 AAAAAJ2" keeps its hyphens for the eye; speech gets spaces)."""
    return " ".join(code.split("-"))


def fit_for_speech(text: str) -> str:
    """Words drawn for the eye made fit for the ear: the middle dots that part a line's figures
    ("score 540 · time 6:42") become the language's list separator, so a reader does not say
    "middle dot"."""
    separator = pgettext("list separator", ", ")
    return separator.join(part.strip() for part in text.split("\u00b7") if part.strip())


def sentences(texts: list[str]) -> str:
    """Sentences said one after the other, through the catalogs' template (Japanese and
    Chinese join them without a space): :func:`seahaven.i18n.sentences`."""
    return i18n.sentences(texts)


def tab_words(name: str, index: int, count: int) -> str:
    """A screen's tab switched to: "Examples, page 2 of 4"."""
    # Translators: said by a screen reader when a tab is chosen; {tab} is the tab's name, {n} its number, {count} the
    # number of tabs.
    return _("{tab}, page {n} of {count}").format(tab=name, n=format_number(index + 1), count=format_number(count))
