"""The player's settings: each declared once (name, type, default, range or choices, label
and the line of explanation the Settings screen shows), and one owner that changes them.

:meth:`Settings.set` is the only way to change a setting: it checks the value against the
declaration (raising :class:`ValueError` with a sentence when it does not fit) and tells
every listener (:meth:`Settings.subscribe`: autosave writes the file, the window reloads
the art, the game takes the new rules). Reading is plain attribute access
(``settings.volume``). ``settings.json`` is read and written from the same declaration
(``seahaven.app.saving.small_files``), and the Settings screen is generated from it: adding a
setting is one ``setting(...)`` line below (plus a screen row if it has an unusual control).
No pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from seahaven.app.looks.theme import CARD_BACKS, CUSTOM_DEFAULTS, INKS, SUIT_PALETTES, TABLES, Colour, suit_inks
from seahaven.app.platform import motion_pref
from seahaven.app.text.words import DIFFICULTY_NAMES
from seahaven.engine import APP_RULES, CLASSIC_RULES, Rules
from seahaven.engine.position import CELL_COUNTS
from seahaven.i18n import LANGUAGES, N_, NP_, SYSTEM, format_number, format_percent

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
"""Motion name -> multiplier of the normal glide duration (0 = no animation; "system" is
"normal", or "off" where the desktop asks for reduced motion)."""

INK_CHOICES = tuple((name, label) for name, (label, _colour) in INKS.items())
"""The custom pick of a suit's colour: the theme's inks, each tested for contrast."""

PLAY, LOOK, SOUND, CARDS, LANGUAGE = "play", "look", "sound", "cards", "language"
"""The Settings screen's tabs: what a row is on (``None``: not on the Settings screen)."""


@dataclass(frozen=True)
class Spec:
    """What one setting may hold and how the Settings screen shows it."""

    label: str
    """Marked for translation (``N_``); the screen shows it through ``_()``, as the note
    and the choices' words."""
    note: str = ""
    choices: tuple[tuple[Any, str], ...] = ()
    """The values it may take, each with the word the screen shows for it."""
    limits: tuple[float, float] | None = None
    """The lowest and highest value (numbers)."""
    step: float = 1
    """How far one press of a stepper moves the value."""
    unit: str = ""
    """How a stepper shows its value: ``"%"`` (of 1.0) or a unit after the number ("ms")."""
    page: str | None = None
    shown_with: tuple[str, Any] | None = None
    """(another setting, its value): the row is on the Settings screen only while that
    setting has that value (a suit's own colour, only with My own suit colours)."""
    name: str = ""
    """Filled in from the dataclass field (declared there once)."""
    kind: type = object
    """Filled in from the field's default: bool, int, float, str or dict."""

    def readout(self, value: Any) -> str:
        """The value as a stepper shows it, as the player's language writes numbers: "80%",
        "80 %", "500 ms", "1.000 ms"."""
        return format_percent(value) if self.unit == "%" else f"{format_number(value)} {self.unit}".strip()


def setting(default: Any, label: str, note: str = "", **spec: Any) -> Any:
    """Declare a setting: its default (which gives its type; a function that makes it for a
    mapping), label, note, and ``choices``,
    ``limits``, ``step``, ``unit`` or ``page`` (see :class:`Spec`)."""
    meta = {"spec": Spec(label, note, **spec)}
    if callable(default):  # a mapping's default is made afresh for each Settings
        return field(default_factory=default, metadata=meta)
    return field(default=default, metadata=meta)


def _winnable_defaults() -> dict[int, bool]:
    return {4: False, 2: True, 1: True}


Listener = Callable[[str], None]


@dataclass
class Settings:
    """Everything the player chooses. Read attributes; change them with :meth:`set`."""

    _listeners: ClassVar[list[Listener]]
    """Per instance (set in ``__post_init__``): who is told of each change."""

    # Translators: a switch's label on Settings' Sound and window page: the game's sounds on or off. About 25
    # characters.
    sound: bool = setting(True, N_("Sound"), N_("Card sounds and the win fanfare."), page=SOUND)
    # Translators: a slider's label on Settings' Sound and window page: how loud the sounds are. About 25 characters.
    volume: float = setting(0.8, N_("Volume"), N_("How loud the sounds are."), limits=(0.0, 1.0), step=0.1,
                            unit="%", page=SOUND)
    # Translators: a Settings row's label (Look page): the look of the table, its cloth and colours (choices like Green
    # felt, Night). About 25 characters.
    table: str = setting("green", N_("Table"),
                         N_("The cloth and colours of the table and the windows. Night is dim; "
                            "High contrast has bold outlines and large card corners."),
                         choices=tuple((name, theme.label) for name, theme in TABLES.items()), page=LOOK)
    # Translators: a Settings row's label (Look page): the pattern on the back of the cards. About 25 characters.
    card_back: int = setting(0, N_("Card back"), N_("The pattern on the back of the cards."),
                             choices=tuple(CARD_BACKS.items()), page=LOOK)
    # Translators: a Settings row's label (Look page): how fast cards move on screen (animation), choices System, Slow,
    # Normal, Fast, Off. About 25 characters.
    animation: str = setting(SYSTEM, N_("Motion"),
                             N_("How cards move. Off: at once, with a brief highlight where they land; nothing "
                                "glides, shakes or falls. System: as the desktop asks (Off where it reduces "
                                "motion, else Normal)."),
                             # Translators: a choice of a Settings row (the Motion row and the Language row): follow the
                             # computer's own setting. A short button: about 10 characters.
                             choices=((SYSTEM, N_("System")),
                                      # Translators: a choice of Settings' Motion row: cards glide slowly. A short
                                      # button: about 10 characters.
                                      ("slow", N_("Slow")),
                                      # Translators: a choice of Settings' Motion row: cards glide at the usual speed. A
                                      # short button: about 10 characters.
                                      ("normal", N_("Normal")),
                                      # Translators: a choice of Settings' Motion row: cards glide fast. A short button:
                                      # about 10 characters.
                                      ("fast", N_("Fast")),
                                      # Translators: a choice of Settings' Motion row: cards do not glide at all,
                                      # they are where they go at once. A short button: about 10 characters.
                                      ("off", NP_("animation speed", "Off"))), page=LOOK)
    """The one home of motion: the speed of the glides, or none (what "reduce motion" was)."""
    # Translators: a Settings row's label (Cards and colours page): how large the cards are drawn. About 25 characters.
    card_size: float = setting(1.0, N_("Card size"),
                               N_("Larger cards leave less felt around them, as far as the window holds them. "
                                  "Ctrl+plus and Ctrl+minus, or a pinch, change it too."),
                               limits=(0.8, 1.6), step=0.1, unit="%", page=CARDS)
    # Translators: a Settings switch's label (Cards and colours page): a letter for the suit in each card's corner.
    # About 25 characters.
    suit_letters: bool = setting(False, N_("Suit letters"),
                                 N_("A letter for the suit in each card's top corner."), page=CARDS)
    # Translators: a Settings row's label (Language page): how much a screen reader says in play (choices Short, Full).
    # About 25 characters.
    reader_detail: str = setting("short", N_("Screen reader detail"),
                                 N_("Short: a move, what it uncovered and each pile's top card. "
                                    "Full: every card of the piles, as I reads one."),
                                 # Translators: a choice of Settings' Screen reader detail row: a screen reader hears
                                 # a move, what it uncovered and each pile's top card. About 10 characters.
                                 choices=(("short", NP_("screen reader detail", "Short")),
                                          # Translators: a choice of Settings' Screen reader detail row: a screen
                                          # reader hears every card of the piles. About 10 characters.
                                          ("full", NP_("screen reader detail", "Full"))), page=LANGUAGE)
    """What a screen reader hears in play (``access/speech.py``): short by default."""
    # Translators: a Settings switch's label (Play page): hide the time, score and moves for a calm table. About 25
    # characters.
    zen: bool = setting(False, N_("Zen mode"),
                        N_("Hide the time, the score and the moves (they are still recorded)."), page=PLAY)
    # Translators: a Settings switch's label (Sound and window page): the table mirrored for left-handed players. About
    # 25 characters.
    left_handed: bool = setting(False, N_("Left-handed layout"),
                                N_("Cells on the right, foundations on the left, the toolbar mirrored."),
                                page=SOUND)
    # Translators: a Settings slider's label (Look page): the longest pause between the two taps of a double-tap. About
    # 25 characters.
    double_tap_ms: int = setting(500, N_("Double-tap time"),
                                 N_("The longest pause between the two taps of a double-tap."),
                                 limits=(100, 2000), step=50, unit="ms", page=LOOK)
    warn_lost: bool = setting(True, N_("Warn when the game is lost"),
                              N_("Say so as soon as no winning line is left, and how many undos lead back to one."),
                              page=PLAY)
    # Translators: a Settings switch's label (Play page): show the solver's live verdict (winnable, lost) in the status
    # line. About 25 characters.
    show_verdict: bool = setting(True, N_("Solver's verdict"),
                                 N_("After every move: winnable, or how many undos lead back."), page=PLAY)
    """The solver's live verdict in the status line (winnable, lost, thinking)."""
    classic_run_limit: bool = setting(
        # Translators: a Settings switch's label (Play page): use the classic rule for how many cards a run may move.
        # About 25 characters.
        False, N_("Classic run limit"),
        N_("Runs move only as far as free cells + 1 allow, as in PySolFC and Aisleriot. "
           "Off: the app's (free cells + 1) \u00d7 2 to the power of the empty columns."), page=PLAY)
    cards_home: str = setting(
        "off", N_("Cards home by themselves"),
        N_("Finish: once every card left can go home. Safe cards: after each of your moves, the cards that can "
           "(never costing a winnable game)."),
        # Translators: a choice of the Settings row "Cards home by themselves": no card goes to a foundation unless you
        # send it. A short button: about 12 characters.
        choices=(("off", NP_("cards home by themselves", "Off")),
                 # Translators: a choice of the Settings row "Cards home by themselves": once every card left can go
                 # home, all of them go by themselves, to finish the game. A short button: about 12 characters.
                 ("finish", NP_("cards home by themselves", "Finish")),
                 # Translators: a choice of the Settings row "Cards home by themselves": after each move, the cards that
                 # can safely go to the foundations do. A short button: about 12 characters.
                 ("safe", N_("Safe cards"))), page=PLAY)
    """Which cards go to the foundations without the player sending them: none (the rules make
    no move for the player; the table offers Finish), all of them once every card left can go
    ("Finish by itself"), or after each of the player's moves every card that can go (Send safe
    cards home, issue 37: KPat's autodrop, safe for every card in a same-suit game,
    ``seahaven.engine.safe_home``; it finishes too). Off by default (SPEC 7)."""
    winnable_only: dict[int, bool] = setting(  # noqa: RUF009 (a field() with a default_factory)
        _winnable_defaults, N_("Winnable deals only"),
        N_("What the New Game window offers first: only deals the solver has proved can be won."),
        choices=tuple(DIFFICULTY_NAMES.items()), page=PLAY)
    """Per difficulty (cells -> on): its ``choices`` are the difficulties."""
    # Translators: a Settings switch's label (Sound and window page): the game starts filling the screen. About 25
    # characters.
    fullscreen: bool = setting(True, N_("Start in fullscreen"), N_("F11 switches at any time."), page=SOUND)
    window: str = setting("", N_("Window size and place"))
    """The window's last size and place, ``WxH+X+Y`` (:mod:`seahaven.app.shell.screen_area`):
    restored when it still fits the screen; "" for none yet. Not on the Settings screen."""
    cells: int = setting(4, N_("Difficulty"), N_("The difficulty last chosen in the New Game window."),
                         choices=tuple((n, DIFFICULTY_NAMES[n]) for n in CELL_COUNTS))
    language: str = setting(SYSTEM, N_("Language"),
                            N_("The language of the game's words; System follows the computer's."),
                            choices=((SYSTEM, N_("System")), *LANGUAGES.items()), page=LANGUAGE)
    """"system" (follow the computer) or a language the game speaks; the languages' names are
    written in their own language and not translated."""
    # Translators: a Settings row's label (Cards and colours page): the colours of the four suits (choices As drawn,
    # Four colours...). About 25 characters.
    suit_colours: str = setting("standard", N_("Suit colours"),
                                N_("Four colours: clubs green and diamonds blue, so no two suits look alike. "
                                   "Red-green keeps the suits apart with protanopia and deuteranopia, blue-yellow with "
                                   "tritanopia, monochrome by light and dark; My own: a colour for each suit."),
                                choices=tuple((name, palette.label) for name, palette in SUIT_PALETTES.items()),
                                page=CARDS)
    """The one home of the suits' colours (the four-colour deck is one of its choices)."""
    # Translators: a Settings row's label, shown with My own suit colours: the colour of the clubs. About 25 characters.
    ink_clubs: str = setting(CUSTOM_DEFAULTS["C"], N_("Clubs colour"), N_("With My own suit colours."),
                             choices=INK_CHOICES, page=CARDS, shown_with=("suit_colours", "custom"))
    # Translators: a Settings row's label, shown with My own suit colours: the colour of the diamonds. About 25
    # characters.
    ink_diamonds: str = setting(CUSTOM_DEFAULTS["D"], N_("Diamonds colour"), N_("With My own suit colours."),
                                choices=INK_CHOICES, page=CARDS, shown_with=("suit_colours", "custom"))
    # Translators: a Settings row's label, shown with My own suit colours: the colour of the hearts. About 25
    # characters.
    ink_hearts: str = setting(CUSTOM_DEFAULTS["H"], N_("Hearts colour"), N_("With My own suit colours."),
                              choices=INK_CHOICES, page=CARDS, shown_with=("suit_colours", "custom"))
    # Translators: a Settings row's label, shown with My own suit colours: the colour of the spades. About 25
    # characters.
    ink_spades: str = setting(CUSTOM_DEFAULTS["S"], N_("Spades colour"), N_("With My own suit colours."),
                              choices=INK_CHOICES, page=CARDS, shown_with=("suit_colours", "custom"))

    def __post_init__(self) -> None:
        for name in SPECS:
            object.__setattr__(self, name, check(name, getattr(self, name)))
        self.__dict__["_listeners"] = []

    def __setattr__(self, name: str, value: Any) -> None:
        if name in SPECS and "_listeners" in self.__dict__:
            raise AttributeError(f"settings change through Settings.set({name!r}, value), which announces it")
        object.__setattr__(self, name, value)

    def set(self, name: str, value: Any) -> bool:
        """Change one setting and tell every listener; False if it already had that value.
        Raise ValueError (a sentence) for an unknown setting or a value it may not take."""
        value = check(name, value)
        if getattr(self, name) == value:
            return False
        object.__setattr__(self, name, value)
        for listener in list(self._listeners):
            listener(name)
        return True

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(name)`` after each change."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    @property
    def rules(self) -> Rules:
        """The rule set these settings ask for (the classic run limit, or the app's): the
        one place where it is chosen."""
        return CLASSIC_RULES if self.classic_run_limit else APP_RULES

    @property
    def finish_by_itself(self) -> bool:
        """The cards all go home by themselves once every card left can (either choice but Off)."""
        return self.cards_home != "off"

    @property
    def send_safe_home(self) -> bool:
        """After each of the player's own moves, every card that can go home goes (Safe cards)."""
        return self.cards_home == "safe"

    @property
    def animation_factor(self) -> float:
        """The glide duration's multiplier: 0 when motion is reduced."""
        return 0.0 if self.reduces_motion else ANIMATION_SPEEDS.get(self.animation, 1.0)

    @property
    def four_colour(self) -> bool:
        """The cards are the four-colour deck's art (Suit colours: Four colours)."""
        palette = SUIT_PALETTES.get(self.suit_colours)
        return palette is not None and palette.four_colour_art

    @property
    def inks(self) -> dict[str, Colour] | None:
        """Each suit's ink (``C``, ``D``, ``H``, ``S``) as chosen; None: the art's own."""
        custom = {"C": self.ink_clubs, "D": self.ink_diamonds, "H": self.ink_hearts, "S": self.ink_spades}
        return suit_inks(self.suit_colours, custom)

    @property
    def reduces_motion(self) -> bool:
        """No glides, no cascade, no shake: chosen (Motion: Off), or the desktop's when the
        setting is System."""
        if self.animation == SYSTEM:
            return motion_pref.platform_reduces_motion()
        return self.animation == "off"

    def shows(self, spec: Spec) -> bool:
        """Whether the row of ``spec`` is on the Settings screen now (see :attr:`Spec.shown_with`)."""
        return spec.shown_with is None or getattr(self, spec.shown_with[0]) == spec.shown_with[1]


def _declared() -> dict[str, Spec]:
    out: dict[str, Spec] = {}
    defaults = Settings.__dataclass_fields__
    for f in fields(Settings):
        spec: Spec = f.metadata["spec"]
        default = f.default_factory() if callable(f.default_factory) else defaults[f.name].default
        kind = next(k for k in (bool, int, float, str, dict) if isinstance(default, k))
        out[f.name] = Spec(**{**spec.__dict__, "name": f.name, "kind": kind})
    return out


SPECS: dict[str, Spec] = {}
"""Every setting's declaration by name, in the order of the class."""
SPECS.update(_declared())


def card_size_after(value: float, largest: float, steps: int) -> float:
    """The card size one step up (``steps`` > 0) or down from ``value`` as a window shows it,
    ``largest`` being the most that window holds (the setting may hold more, from a larger
    window): the next tenth, but never past ``largest``, which is a step of its own, nor
    outside the setting's limits. ``value`` itself (or ``largest``) when there is no step."""
    spec = SPECS["card_size"]
    assert spec.limits is not None
    low, high = spec.limits
    shown = min(value, largest)
    if steps > 0:
        return round(min((math.floor(shown / spec.step + 1e-6) + 1) * spec.step, largest, high), 2)
    return round(max((math.ceil(shown / spec.step - 1e-6) - 1) * spec.step, low), 2)


def from_earlier(body: Mapping[str, Any]) -> dict[str, Any]:
    """A ``settings.json`` body of an earlier version as this one reads it: the four-colour
    deck, a setting of its own once, is a choice of Suit colours now, and Reduce motion and
    Animation speed are one setting, Motion (issue 37.4). Values it cannot use are left for
    :func:`check` to refuse."""
    out = dict(body)
    if out.pop("four_colour", False) is True and out.get("suit_colours", "standard") == "standard":
        out["suit_colours"] = "four"
    if "reduce_motion" in out:  # (an earlier version wrote every setting: this is one of its files)
        reduce = out.pop("reduce_motion")
        if reduce == "on":
            out["animation"] = "off"
        elif reduce == SYSTEM and out.get("animation", "normal") == "normal":
            out["animation"] = SYSTEM  # the speed left as it came, following the desktop: as before
    return out


def check(name: str, value: Any) -> Any:
    """``value`` as setting ``name`` holds it (an int is taken for a float, a mapping is
    copied); raise ValueError saying what is wrong when the setting may not take it."""
    spec = SPECS.get(name)
    if spec is None:
        raise ValueError(f"There is no setting called {name!r}.")
    kind = spec.kind
    ok: bool
    if kind is bool:
        ok = isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        value = float(value) if ok else value
    elif kind is str:
        ok = isinstance(value, str) and len(value) <= 200
    else:
        ok = isinstance(value, Mapping)
        if ok:
            keys = {k for k, _ in spec.choices}
            value = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}
            ok = set(value) == keys and all(isinstance(v, bool) for v in value.values())
            value = {k: value[k] for k, _ in spec.choices} if ok else value
    if not ok:
        raise ValueError(f"The setting {name!r} cannot be {value!r}: it takes a {kind.__name__}.")
    if spec.limits is not None and not spec.limits[0] <= value <= spec.limits[1]:
        low, high = spec.limits
        raise ValueError(f"The setting {name!r} cannot be {value!r}: it goes from {low} to {high}.")
    if spec.choices and kind is not dict and value not in [v for v, _ in spec.choices]:
        allowed = ", ".join(repr(v) for v, _ in spec.choices)
        raise ValueError(f"The setting {name!r} cannot be {value!r}: it is one of {allowed}.")
    return value
