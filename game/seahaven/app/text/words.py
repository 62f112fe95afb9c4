"""The phrases several screens share, in the player's language: the difficulties, cards,
piles, counted things, and the engine's reasons (data) turned into sentences.

Every function translates when it is called, so a change of language shows at once.
"""

from __future__ import annotations

from datetime import date

from seahaven.engine import Action, Card, InvalidCode, Move, Pile, Position, Reason, Why
from seahaven.engine.codes import CodeWhy
from seahaven.engine.services import LossReport, NoWayBack
from seahaven.i18n import (
    N_,
    _,
    format_date,
    format_day_month_year,
    format_month_year,
    format_number,
    format_weekday_day_month,
    ngettext,
    pgettext,
    sentences,
)
from seahaven.i18n import month_short as month_short  # re-exported: the calendar's names come from CLDR
from seahaven.i18n import weekday_short as weekday_short

DIFFICULTY_NAMES = {
    # Translators: the difficulty with 4 free cells, a name on its own: a button of the New Game window ("Easy · 4
    # cells"), a column of Statistics, the table's title. About 10 characters. The three names are Easy, Medium, Hard.
    4: N_("Easy"),
    # Translators: the difficulty with 4 free cells, a name on its own: a button of the New Game window ("Easy · 4
    # cells"), a column of Statistics, the table's title. About 10 characters. The three names are Easy, Medium, Hard.
    2: N_("Medium"),
    # Translators: the difficulty with 4 free cells, a name on its own: a button of the New Game window ("Easy · 4
    # cells"), a column of Statistics, the table's title. About 10 characters. The three names are Easy, Medium, Hard.
    1: N_("Hard"),
}
"""Cells -> the difficulty's name (SPEC 2), in the order the game offers them; marked
only: show it with :func:`difficulty_name`."""


def difficulty_name(cells: int) -> str:
    """"Easy", "Medium" or "Hard" in the player's language."""
    return _(DIFFICULTY_NAMES[cells])


def table_titles(cells: int, daily: str | None) -> tuple[str, ...]:
    """The table's title, longest first (the toolbar shows the first that fits): the game's
    name and the difficulty; for a daily deal (``daily``: its date, ``YYYY-MM-DD``) that it
    is one, its day and the difficulty: "Daily deal · Tue, December 1 · Easy" (issue 37.8)."""
    difficulty = difficulty_name(cells) if cells in DIFFICULTY_NAMES else ""
    try:
        day = date.fromisoformat(daily) if daily is not None else None
    except ValueError:
        day = None
    if day is None:
        return ("Seahaven Towers · " + difficulty, difficulty)
    # Translators: the table's title in the toolbar for a daily deal: {day} is the day without its year ("Tue, December
    # 1"), {difficulty} is Easy, Medium or Hard. Shown when it fits; keep it short.
    return (_("Daily deal · {day} · {difficulty}").format(day=format_weekday_day_month(day), difficulty=difficulty),
            # Translators: the table's title for a daily deal when the longer one with the day does not fit;
            # {difficulty} is Easy, Medium or Hard.
            _("Daily deal · {difficulty}").format(difficulty=difficulty),
            # Translators: the table's shortest title for a daily deal, when nothing longer fits; {difficulty} is Easy,
            # Medium or Hard.
            pgettext("short title", "Daily · {difficulty}").format(difficulty=difficulty), difficulty)


def status_code_text(code: object, daily: str | None) -> str:
    """The game code as the status line shows it: for a daily deal, with that said
    ("Daily deal · SH1-C4-AAAAAJ2")."""
    # Translators: the game code in the status line at the bottom of the table when the game is a daily deal; {code} is
    # like SH1-C4-AAAAAJ2. Room: about 35 characters.
    return _("Daily deal · {code}").format(code=code) if daily is not None else str(code)


def per_difficulty(cells: int, easy: str, medium: str, hard: str) -> str:
    """The one of three translated sentences that fits the difficulty of ``cells``: a
    sentence that names the difficulty is written whole for each, so a language can agree
    it ("une donne facile", "una partida media") instead of slotting a name in."""
    return {4: easy, 2: medium, 1: hard}[cells]


def sentence(text: str) -> str:
    """``text`` with its first letter made a capital (a phrase that starts a sentence)."""
    return text[:1].upper() + text[1:]


def cells_phrase(cells: int) -> str:
    """How many cells a difficulty has, in words: "4 cells", "1 cell"."""
    # Translators: a number of free cells, in a label ("Easy · 4 cells") and inside sentences ("An Easy deal (4
    # cells)."); {n} is 1, 2 or 4.
    return ngettext("{n} cell", "{n} cells", cells).format(n=format_number(cells))


def cards_phrase(n: int) -> str:
    """"1 card", "3 cards"."""
    # Translators: a number of cards, inside sentences of Help ("so you can pick up 8 cards") and of the screen reader.
    return ngettext("{n} card", "{n} cards", n).format(n=format_number(n))


def moves_phrase(n: int) -> str:
    """"1 move", "12 moves"."""
    return ngettext("{n} move", "{n} moves", n).format(n=format_number(n))


def key_text(chord: str) -> str:
    """A key chord as the player's keyboard names it: "Ctrl+Shift+Z" is "Strg+Umschalt+Z"
    in German. ``chord`` is the action's own spelling (see ``screens/table/actions.py``)."""
    # Translators: the name of a key as printed on the keyboards of your language ("Strg" in German), used in chords
    # like "Ctrl+Z"; the keys are Ctrl, Shift, Esc, Space, Enter, Del, Backspace, Left, Right, Home, End, Page Up, Page
    # Down.
    names = {"Ctrl": pgettext("key", "Ctrl"), "Shift": pgettext("key", "Shift"), "Esc": pgettext("key", "Esc"),
             "Space": pgettext("key", "Space"), "Enter": pgettext("key", "Enter"), "Del": pgettext("key", "Del"),
             "Backspace": pgettext("key", "Backspace"), "Left": pgettext("key", "Left"),
             "Right": pgettext("key", "Right"), "Home": pgettext("key", "Home"), "End": pgettext("key", "End"),
             "Page Up": pgettext("key", "Page Up"), "Page Down": pgettext("key", "Page Down")}
    return "+".join(names.get(part, part) for part in chord.split("+"))


def date_text(day: date) -> str:
    """A day as the player's language writes it (CLDR): "Tue, December 1, 2026",
    "Di., 1. Dezember 2026", "mar. 1er décembre 2026", "2026年12月1日(火)"."""
    return format_date(day)


def day_text(day: date) -> str:
    """A day inside a sentence, without its weekday (CLDR): "the deals of December 1, 2026",
    "die Spiele vom 1. Dezember 2026", "les donnes du 1er décembre 2026"; :func:`date_text`,
    with the weekday, is for a date standing on its own (a list's row, a title)."""
    return format_day_month_year(day)


def iso_date_text(iso: str, weekday: bool = True) -> str:
    """A day saved as "2026-12-01", as the player's language writes it (the saved text
    itself if it is not a date); without ``weekday``, as inside a sentence (:func:`day_text`)."""
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    return date_text(day) if weekday else day_text(day)


def month_year(month: int, year: int) -> str:
    """"December 2026" in the player's language (CLDR)."""
    return format_month_year(month, year)


SUBJECT = "subject"
"""A card or pile as the subject or the object of a sentence: "{card} belongs on {pile}.",
"Hint: {card} from {source} to {dest}." (German nominative/accusative)."""
WITH = "with"
"""A card after "starting with": "the run starting with {card}" (German dative)."""
ONTO = "onto"
"""A card or pile a card goes onto or into: "… only on {target}", "… to {dest}"."""
FROM = "from"
"""A pile a card leaves: "… from {source} …" (German "von der Herz-Ablage")."""


def _card_phrase(rank: int, role: str) -> str:
    """The card of ``rank`` with a ``{suit}`` placeholder, as a whole phrase per grammatical
    role, so a language can inflect it (its article, its case) and never has to glue a
    preposition onto a name: French writes "le 9 de {suit}" and "par le 9 de {suit}"."""
    if role == WITH:
        names = {
            1: pgettext("card after 'starting with'", "the ace of {suit}"),
            2: pgettext("card after 'starting with'", "the 2 of {suit}"),
            3: pgettext("card after 'starting with'", "the 3 of {suit}"),
            4: pgettext("card after 'starting with'", "the 4 of {suit}"),
            5: pgettext("card after 'starting with'", "the 5 of {suit}"),
            6: pgettext("card after 'starting with'", "the 6 of {suit}"),
            7: pgettext("card after 'starting with'", "the 7 of {suit}"),
            8: pgettext("card after 'starting with'", "the 8 of {suit}"),
            9: pgettext("card after 'starting with'", "the 9 of {suit}"),
            10: pgettext("card after 'starting with'", "the 10 of {suit}"),
            11: pgettext("card after 'starting with'", "the jack of {suit}"),
            12: pgettext("card after 'starting with'", "the queen of {suit}"),
            13: pgettext("card after 'starting with'", "the king of {suit}"),
        }
    elif role == ONTO:
        names = {
            1: pgettext("card after 'onto'", "the ace of {suit}"),
            2: pgettext("card after 'onto'", "the 2 of {suit}"),
            3: pgettext("card after 'onto'", "the 3 of {suit}"),
            4: pgettext("card after 'onto'", "the 4 of {suit}"),
            5: pgettext("card after 'onto'", "the 5 of {suit}"),
            6: pgettext("card after 'onto'", "the 6 of {suit}"),
            7: pgettext("card after 'onto'", "the 7 of {suit}"),
            8: pgettext("card after 'onto'", "the 8 of {suit}"),
            9: pgettext("card after 'onto'", "the 9 of {suit}"),
            10: pgettext("card after 'onto'", "the 10 of {suit}"),
            11: pgettext("card after 'onto'", "the jack of {suit}"),
            12: pgettext("card after 'onto'", "the queen of {suit}"),
            13: pgettext("card after 'onto'", "the king of {suit}"),
        }
    else:
        names = {
            1: pgettext("card as subject or object", "the ace of {suit}"),
            2: pgettext("card as subject or object", "the 2 of {suit}"),
            3: pgettext("card as subject or object", "the 3 of {suit}"),
            4: pgettext("card as subject or object", "the 4 of {suit}"),
            5: pgettext("card as subject or object", "the 5 of {suit}"),
            6: pgettext("card as subject or object", "the 6 of {suit}"),
            7: pgettext("card as subject or object", "the 7 of {suit}"),
            8: pgettext("card as subject or object", "the 8 of {suit}"),
            9: pgettext("card as subject or object", "the 9 of {suit}"),
            10: pgettext("card as subject or object", "the 10 of {suit}"),
            11: pgettext("card as subject or object", "the jack of {suit}"),
            12: pgettext("card as subject or object", "the queen of {suit}"),
            13: pgettext("card as subject or object", "the king of {suit}"),
        }
    return names[rank]


def suit_name(suit: str) -> str:
    """"hearts" (plural, as in "queen of hearts") in the player's language."""
    # Translators: a suit's name, plural as in "the queen of clubs"; it fills the {suit} of the card names and stands
    # after a card's rank.
    return {"C": pgettext("suit", "clubs"), "D": pgettext("suit", "diamonds"),
            "H": pgettext("suit", "hearts"), "S": pgettext("suit", "spades")}[suit]


def suit_letter(suit: str) -> str:
    """The letter a card shows beside its index for ``suit`` (Settings: Suit letters)."""
    # Translators: the letter a card shows for its suit beside its index (Settings: Suit letters): the first letter of
    # your word for clubs. One letter, each suit's different.
    return {"C": pgettext("suit letter: clubs", "C"), "D": pgettext("suit letter: diamonds", "D"),
            "H": pgettext("suit letter: hearts", "H"), "S": pgettext("suit letter: spades", "S")}[suit]


def card_name(card: Card | None, role: str = SUBJECT) -> str:
    """The card in words, in its role in the sentence (:data:`SUBJECT`, :data:`WITH`,
    :data:`ONTO`): "the queen of hearts", German "die Herz-Dame" / "der Herz-Dame"."""
    if card is None:
        return {WITH: pgettext("card after 'starting with'", "the card"),
                ONTO: pgettext("card after 'onto'", "the card")}.get(role) or pgettext("card as subject or object",
                                                                                    "the card")
    return _card_phrase(card.rank, role).format(suit=suit_name(card.suit))


def pile_name(pile: Pile | None, role: str = SUBJECT) -> str:
    """The pile in words, in its role in the sentence (:data:`SUBJECT`, :data:`FROM`,
    :data:`ONTO`): "column 3", "cell 1", "the hearts foundation"; German "Spalte 3",
    "von der Herz-Ablage" is "from" + "der Herz-Ablage"."""
    if pile is None:
        return ""
    if role == FROM:
        if pile.is_column:
            return pgettext("pile after 'from'", "column {n}").format(n=pile.key)
        if pile.is_cell:
            return pgettext("pile after 'from'", "cell {n}").format(n=pile.key)
        return {"C": pgettext("pile after 'from'", "the clubs foundation"),
                "D": pgettext("pile after 'from'", "the diamonds foundation"),
                "H": pgettext("pile after 'from'", "the hearts foundation"),
                "S": pgettext("pile after 'from'", "the spades foundation")}[str(pile.key)]
    if role == ONTO:
        if pile.is_column:
            return pgettext("pile after 'onto'", "column {n}").format(n=pile.key)
        if pile.is_cell:
            return pgettext("pile after 'onto'", "cell {n}").format(n=pile.key)
        return {"C": pgettext("pile after 'onto'", "the clubs foundation"),
                "D": pgettext("pile after 'onto'", "the diamonds foundation"),
                "H": pgettext("pile after 'onto'", "the hearts foundation"),
                "S": pgettext("pile after 'onto'", "the spades foundation")}[str(pile.key)]
    if pile.is_column:
        return pgettext("pile as subject or object", "column {n}").format(n=pile.key)
    if pile.is_cell:
        return pgettext("pile as subject or object", "cell {n}").format(n=pile.key)
    return {"C": pgettext("pile as subject or object", "the clubs foundation"),
            "D": pgettext("pile as subject or object", "the diamonds foundation"),
            "H": pgettext("pile as subject or object", "the hearts foundation"),
            "S": pgettext("pile as subject or object", "the spades foundation")}[str(pile.key)]


def reason_text(reason: Reason) -> str:
    """A refused move or pick-up, as one sentence in the player's language."""
    pile, card = pile_name(reason.pile), card_name(reason.card)
    why = reason.why
    if why is Why.SAME_PILE:
        text = _("A card moved onto its own pile is not a move.")
    elif why is Why.NO_SUCH_PILE:
        # Translators: a refused move, in the status line; {pile} is a cell ("cell 3", as a subject or object), {n} the
        # game's number of free cells.
        text = ngettext("A game with {n} cell has no {pile}.", "A game with {n} cells has no {pile}.",
                        reason.count).format(pile=pile, n=format_number(reason.count))
    elif why is Why.NO_CARDS:
        text = _("A move takes at least one card.")
    elif why is Why.EMPTY:
        # Translators: a refused pick-up, in the status line; {pile} is a column, a cell or a foundation as a subject
        # ("column 3", "the hearts foundation").
        text = _("{pile} is empty.").format(pile=pile)
    elif why is Why.ONE_FROM_PILE:
        # Translators: a refused pick-up, in the status line; {pile} is a foundation ("the hearts foundation") after
        # "from".
        text = _("Only one card at a time can be taken from {pile}.").format(pile=pile_name(reason.pile, FROM))
    elif why is Why.TOO_FEW_CARDS:
        # Translators: a refused pick-up, in the status line; {pile} is a column as a subject ("column 3").
        text = ngettext("{pile} has only {n} card.", "{pile} has only {n} cards.", reason.count).format(
            pile=pile, n=format_number(reason.count))
    elif why is Why.NOT_A_RUN:
        # Translators: a refused pick-up, in the status line; {pile} is a column after "of" ("column 3").
        text = ngettext("The top {n} card of {pile} is not a run of one suit.",
                        "The top {n} cards of {pile} are not a run of one suit.", reason.count).format(
            n=format_number(reason.count), pile=pile_name(reason.pile, FROM))
    elif why is Why.TOO_MANY:
        # each count in a sentence of its own, so each takes its own plural form (Polish "3 karty", "5 kart")
        text = sentences([
            # Translators: a refused move of a run, in the status line; {n} is the run's cards (always more than one);
            # the next sentence says how many may move.
            ngettext("That run has {n} card.", "That run has {n} cards.", reason.count).format(
                n=format_number(reason.count)),
            # Translators: a refused move of a run, in the status line, after "That run has 5 cards."; {n} is how
            # many cards may move together now.
            ngettext("Only {n} card can move together now.", "Only {n} cards can move together now.",
                     reason.limit).format(n=format_number(reason.limit))])
    elif why is Why.FOUNDATION_TO_FOUNDATION:
        text = _("A card cannot move from one foundation to another.")
    elif why is Why.ONE_AT_A_TIME:
        text = _("Cards go onto a foundation one at a time.")
    elif why is Why.WRONG_FOUNDATION:
        # Translators: a refused move, in the status line: {card} is a card as a subject ("the queen of hearts"), {pile}
        # a foundation as an object ("the hearts foundation").
        text = _("{card} belongs on {pile}.").format(card=card, pile=pile_name(reason.pile, ONTO))
    elif why is Why.NOT_NEXT:
        # Translators: a refused move, in the status line: {card} is a card as a subject, {pile} a foundation as an
        # object.
        text = _("Only {card} can go on {pile} next.").format(card=card, pile=pile_name(reason.pile, ONTO))
    elif why is Why.CELL_HOLDS_ONE:
        text = _("A cell holds only one card.")
    elif why is Why.CELL_TAKEN:
        # Translators: a refused move, in the status line; {pile} is a cell ("cell 2") as a subject: another card is in
        # it.
        text = _("{pile} is not free.").format(pile=pile)
    elif why is Why.KINGS_ONLY:
        text = _("An empty column takes only a king, or a run led by a king.")
    elif why is Why.EMPTY_COLUMN_LIMIT:
        # Translators: a refused move of a run into an empty column, in the status line; {n} is how many cards may move
        # there now.
        text = ngettext("Only {n} card can move into an empty column now (the empty column itself does not count).",
                        "Only {n} cards can move into an empty column now (the empty column itself does not count).",
                        reason.limit).format(n=format_number(reason.limit))
    elif why is Why.KING_TO_EMPTY:
        # Translators: a refused move, in the status line; {card} is a king as a subject ("the king of spades").
        text = _("{card} can go only into an empty column.").format(card=card)
    elif why is Why.ONLY_ON:
        # Translators: a refused move, in the status line; {card} is a card as a subject, {target} the card it may go
        # on, as an object ("the 9 of clubs").
        text = _("{card} can go only on {target}.").format(card=card, target=card_name(reason.target, ONTO))
    elif why is Why.NO_CARD_THERE:
        # Translators: a refused pick-up, in the status line: the player pressed where a pile has no card; {pile} is a
        # column or cell as a subject.
        text = _("{pile} has no card there.").format(pile=pile)
    elif why is Why.CANNOT_LIFT:
        text = _("Only the top card, or a run of one suit in order, can be picked up.")
    elif why is Why.NOTHING_HELD:
        # Translators: said when the player tries to put down cards but holds none (status line and screen reader).
        text = _("Nothing is held.")
    elif why is Why.READ_ONLY:
        text = _("This is a replay: nothing can be played on it.")
    else:
        text = _("The cards are back where they were.")
    return sentence(text)


def solver_failed_text() -> str:
    """The solver stopped with an error of ours: said without the error's own words."""
    return _("The solver stopped unexpectedly; the game goes on, and you can ask again.")


def code_error_text(error: InvalidCode) -> str:
    """Why a typed game code cannot be read, as one sentence in the player's language."""
    why = error.why
    if why is CodeWhy.BAD_CHARACTER:
        # Translators: an error under the game code field of the New Game window; {place} is a position in the code (1,
        # 2, 3...), {char} the character typed there.
        text = _("Character {place} of the game code, \u201c{char}\u201d, is not allowed: a code uses only the "
                 "letters A-Z, the digits 2-7 and \u201c-\u201d.").format(place=error.place, char=error.text)
    elif why is CodeWhy.EMPTY:
        text = _("The game code is empty; it looks like SH1-C4-AAAAAJ2.")
    elif why is CodeWhy.BAD_PREFIX:
        # Translators: an error under the game code field; {prefix} is the start the player typed instead of SH1. Keep
        # "SH1-" and the example code as they are.
        text = _("Unknown code prefix \u201c{prefix}\u201d: game codes start with SH1- (like SH1-C4-AAAAAJ2).").format(
            prefix=error.text)
    elif why is CodeWhy.PARTS:
        text = _("A game code has three parts separated by \u201c-\u201d, like SH1-C4-AAAAAJ2.")
    elif why is CodeWhy.BAD_CELLS:
        # Translators: an error under the game code field; C4, C2, C1 are parts of a code (not words); {part} is what
        # was typed.
        text = _("The cell count must be C4, C2 or C1, not \u201c{part}\u201d.").format(part=error.text)
    elif why is CodeWhy.DEAL_LENGTH:
        # Translators: an error under the game code field; {n} is the length typed (a number of characters, never 7),
        # {part} what was typed.
        text = ngettext("The deal part must be 7 characters long, not {n} (\u201c{part}\u201d).",
                        "The deal part must be 7 characters long, not {n} (\u201c{part}\u201d).",
                        error.place).format(n=format_number(error.place), part=error.text)
    elif why is CodeWhy.DEAL_CHARACTER:
        # Translators: an error under the game code field; {char} is the character typed, {place} its position in the
        # code.
        text = _("\u201c{char}\u201d cannot appear in the deal part (character {place} of the code): use the "
                 "letters A-Z and the digits 2-7.").format(char=error.text, place=error.place)
    else:
        text = _("A game code is text like SH1-C4-AAAAAJ2.")
    return sentence(text)


def no_way_back_text(report: LossReport) -> str:
    """Why a lost game's report names no number of undos, as a phrase ("" when it does)."""
    if report.reason is NoWayBack.CANCELLED:
        # Translators: the reason in parentheses after "This game can no longer be won; no way back was found (…)": the
        # search stopped {n} undos back from the position.
        return ngettext("the search was cancelled {n} undo back", "the search was cancelled {n} undos back",
                        report.depth).format(n=report.depth)
    if report.reason is NoWayBack.OUT_OF_TIME:
        # Translators: the reason in parentheses after "no way back was found (…)": the solver's time ran out {n} undos
        # back.
        return ngettext("the solver ran out of time {n} undo back", "the solver ran out of time {n} undos back",
                        report.depth).format(n=report.depth)
    if report.reason is NoWayBack.BEYOND_WINDOW:
        # Translators: the reason in parentheses after "no way back was found (…)": no position within the last {n}
        # undos can be won.
        return ngettext("no winnable position within the last {n} undo",
                        "no winnable position within the last {n} undos", report.window).format(n=report.window)
    if report.reason is NoWayBack.DEAL_LOST:
        return _("the deal itself cannot be won")
    return ""


def lost_sentence(report: LossReport, moves: int) -> str:
    """The status line's sentence when the solver proves the game on the table lost
    (``report``) after ``moves`` moves. A deal lost from the start says so in its own words
    and what to do, and stays short enough to leave the game code beside it at 800x600
    (issue 37.6); a game lost on the way says how many undos lead back, or why none do."""
    if moves == 0 or report.deal_lost:
        return _("This deal can never be won: N deals a new game.")
    if report.undos:
        # Translators: the status line and screen reader after a move that lost the game; {n} undos lead back to a
        # winnable position.
        return ngettext("This game can no longer be won: undo {n} move to get back to a winnable position.",
                        "This game can no longer be won: undo {n} moves to get back to a winnable position.",
                        report.undos).format(n=report.undos)
    if report.reason is not None:
        # Translators: the status line after a move that lost the game; {why} is one of the reasons "the search was
        # cancelled 3 undos back", "the solver ran out of time 3 undos back".
        return _("This game can no longer be won; no way back was found ({why}).").format(
            why=no_way_back_text(report))
    return _("This game can no longer be won.")


def no_winning_line_text(moves: int) -> str:
    """What a hint, the demo or the winning line say when the solver finds no line from the
    position on the table after ``moves`` moves: at the deal there is nothing to undo."""
    if moves == 0:
        return _("No winning line from the deal: N deals a new game.")
    return _("No winning line from here: undo some moves or start again.")


def lead_card(position: Position, move: Move) -> Card | None:
    """The card ``move`` takes from ``position`` first: its only card, or the run's first
    (None where the position has no such pile or too few cards)."""
    cards = position.cards(move.source) if position.has_pile(move.source) else ()
    return cards[-move.size] if 0 < move.size <= len(cards) else None


def sent_home_text(sent: tuple[Action, ...], undone: bool = False) -> str:
    """The safe cards sent home with a move (Send safe cards home), or brought back with it
    by an undo, as a sentence to say after the move's: "Sent home with it: the ace of clubs,
    the 2 of clubs."; "" for none."""
    if not sent:
        return ""
    cards = pgettext("list separator", ", ").join(card_name(lead_card(action.before, action.move)) for action in sent)
    if undone:
        # Translators: said after a move that also sent cards from a foundation back with the card moved; {cards} is a
        # list of cards ("the 5 of hearts, the 6 of hearts").
        return ngettext("Back from its foundation with it: {cards}.", "Back from their foundations with it: {cards}.",
                        len(sent)).format(cards=cards)
    # Translators: said after a move that sent other cards to their foundations with it; {cards} is a list of cards.
    return ngettext("Sent home with it: {cards}.", "Sent home with it: {cards}.", len(sent)).format(cards=cards)


def replay_move_text(number: int, action: Action) -> str:
    """What move ``number`` of a replay did: "14: the 7 of hearts to column 3."."""
    move = action.move
    lead = lead_card(action.before, move)
    dest = pile_name(move.dest, ONTO)
    if move.size > 1:
        # Translators: a step of the solver's winning line (a numbered list); {n} is the step's number, {count} the
        # run's cards, {card} its first card after "starting with", {dest} the pile after "to".
        text = ngettext("{n}: the run of {count} card starting with {card} to {dest}.",
                        "{n}: the run of {count} cards starting with {card} to {dest}.", move.size).format(
                            n=format_number(number), count=format_number(move.size), card=card_name(lead, WITH),
                            dest=dest)
    else:
        # Translators: a step of the solver's winning line (a numbered list); {n} is the step's number, {card} a card,
        # {dest} a pile after "to".
        text = _("{n}: {card} to {dest}.").format(n=format_number(number), card=card_name(lead), dest=dest)
    return text


def replay_speed_text(speed: float) -> str:
    """A replay's speed on its button: "1×", "0.5×" (moves a second)."""
    # Translators: the replay's speed, shown on a small button: {n} moves a second ("2×"). About 4 characters.
    return pgettext("replay speed, moves a second", "{n}\u00d7").format(
        n=format_number(speed, 1) if speed != int(speed) else format_number(int(speed)))


def action_text(number: int, action: Action) -> str:
    """What move ``number`` did, in words ("Move 14: 7 of hearts from column 2 to column 3.")."""
    move = action.move
    lead = lead_card(action.before, move)
    source, dest = pile_name(move.source, FROM), pile_name(move.dest, ONTO)
    n = format_number(number)
    if move.size > 1:
        # Translators: the replay screen's line for a move; {number} is the move's number, {n} the run's cards, {card}
        # its first card, {source} and {dest} the piles after "from" and "to".
        return ngettext("Move {number}: the run of {n} card starting with {card}, from {source} to {dest}.",
                        "Move {number}: the run of {n} cards starting with {card}, from {source} to {dest}.",
                        move.size).format(number=n, n=format_number(move.size), card=card_name(lead, WITH),
                                          source=source, dest=dest)
    # Translators: the replay screen's line for a move; {number} is the move's number, {card} the card moved, {source}
    # and {dest} the piles after "from" and "to".
    return _("Move {number}: {card} from {source} to {dest}.").format(number=n, card=card_name(lead),
                                                                      source=source, dest=dest)


def hint_text(position: Position, move: Move) -> str:
    """The hint ``move`` from ``position``, in words ("Hint: the 7 of hearts from column 2 to column 3.")."""
    lead = lead_card(position, move)
    source, dest = pile_name(move.source, FROM), pile_name(move.dest, ONTO)
    if move.size > 1:
        # Translators: a hint in the status line; {n} is the run's cards, {card} its first card, {source} and {dest} the
        # piles after "from" and "to".
        return ngettext("Hint: the run of {n} card starting with {card}, from {source} to {dest}.",
                        "Hint: the run of {n} cards starting with {card}, from {source} to {dest}.",
                        move.size).format(n=format_number(move.size), card=card_name(lead, WITH),
                                          source=source, dest=dest)
    # Translators: a hint in the status line; {card} is the card to move, {source} and {dest} the piles after "from" and
    # "to".
    return _("Hint: {card} from {source} to {dest}.").format(card=card_name(lead), source=source, dest=dest)
