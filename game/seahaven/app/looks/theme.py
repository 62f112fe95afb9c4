"""The game's looks as data: every colour the game draws, the felt's texture, the card back
and the card art's variant, one :class:`Theme` per table the player can choose.

This is the only file where a colour is written (a test fails on a colour literal anywhere
else in ``game/seahaven/``). The painter holds the theme in force (``app.painter.theme``); every
screen, window and view reads its colours from there when it draws, so choosing another
table in Settings repaints everything at once. No pygame here: a colour is an RGB tuple.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from seahaven.i18n import N_

Colour = tuple[int, int, int]
"""Red, green, blue, 0-255. Transparency is given where a colour is used: ``(*c, alpha)``."""


@dataclass(frozen=True)
class Theme:
    """One table's looks. Field names say where the colour is used."""

    name: str
    """The key saved in ``settings.json`` (``table``)."""
    label: str
    """What the Settings screen calls it (marked; shown through ``_()``)."""

    # -- the felt -------------------------------------------------------------------------
    felt_top: Colour
    felt_bottom: Colour
    """The cloth is a vertical gradient from ``felt_top`` to ``felt_bottom``..."""
    vignette: float
    """... darkened towards the corners by this much (0 = flat) ..."""
    grain: int
    """... with a woven grain this strong (0 = smooth; a few units look like cloth)."""

    # -- the table's bands (toolbar, status line) and its marks ------------------------------
    band: Colour
    band_line: Colour
    text: Colour
    """Words on the felt and on the dark screens."""
    text_dim: Colour
    """Secondary words on the felt (pile numbers, the deal's code, notes)."""
    warn: Colour
    """A warning on the felt (the game is lost, a file could not be saved)."""
    selection: Colour
    """The picked-up cards and where a dragged card will land."""
    hint: Colour
    """A hint's source and destination."""
    legal: Colour
    """Every pile a picked-up card may go to."""
    key_focus: Colour
    """The keyboard's place on the table."""
    focus: Colour
    """The focused button of a window or screen."""
    shadow: Colour
    """Shadows of lifted cards and windows."""
    dim: Colour
    """Laid over the table behind a window."""
    wash: Colour
    """Laid lightly over a toolbar button under the pointer."""
    tooltip: Colour
    tooltip_text: Colour

    # -- the full-window screens (Help, Statistics, Settings) -------------------------------
    background: Colour
    heading: Colour
    stripe: Colour
    """Every other row of a table of figures."""
    button: Colour
    button_hover: Colour
    button_on: Colour
    """A chosen option."""
    button_on_edge: Colour
    button_text: Colour
    button_text_off: Colour
    """A button that cannot be pressed, on a dark ground."""

    # -- Help's little board -------------------------------------------------------------
    board: Colour
    slot: Colour
    slot_line: Colour
    card_face: Colour
    card_red: Colour
    card_black: Colour

    # -- an analysis: the replay's strip of marks, one per move, and the better move on the board
    mark_kept: Colour
    """A move that kept the game winnable."""
    mark_found: Colour
    """A critical moment found: the only move that kept the game winnable was played."""
    mark_lost: Colour
    """The move that lost the game (a critical moment missed, or not)."""
    mark_dim: Colour
    """A move after the loss, or one the solver could not decide."""
    better: Colour
    """The better move drawn on the board, where the move played lost the game."""

    # -- cards -------------------------------------------------------------------------------
    back: int = 0
    """Card back design: 0 navy lattice, 1 burgundy waves (``sprites/backs``)."""
    card_shade: int = 255
    """Card faces are multiplied by this grey (255 = as drawn; lower = dimmer, for night)."""
    large_index: bool = False
    """Cards with larger corner indices and a heavier edge (``sprites/cards/*-large``)."""
    outline_scale: float = 1.0
    """How much thicker than usual the highlights and focus rings are drawn."""
    marker_layers: int = 1
    """How many times an empty pile's marker is laid over itself (its outline and mark are
    faint white): high contrast lays it thrice and edges it with ``slot_line``, so every pile
    outline and mark stands 3:1 or more against the felt (WCAG 2.2, 1.4.11; issue 41)."""

    # -- the windows over the table: the same look as the full-window screens ---------------
    # One look for every window and page: a window is a piece of a screen laid over the
    # table, so its colours are the screens' own, named for where a window uses them.
    @property
    def panel(self) -> Colour:
        """A window's ground."""
        return self.background

    @property
    def panel_text(self) -> Colour:
        return self.text

    @property
    def muted(self) -> Colour:
        """Secondary words in a window."""
        return self.text_dim

    @property
    def error(self) -> Colour:
        """What is wrong, in a window."""
        return self.warn

    @property
    def accent(self) -> Colour:
        """Titles of windows, a ticked box, good news."""
        return self.heading

    @property
    def accent_hover(self) -> Colour:
        return self.heading

    @property
    def accent_text(self) -> Colour:
        """The tick on a ticked box."""
        return self.background

    @property
    def panel_button(self) -> Colour:
        return self.button

    @property
    def panel_button_hover(self) -> Colour:
        return self.button_hover

    @property
    def panel_button_off(self) -> Colour:
        """Words of a button that cannot be pressed, and an unticked box."""
        return self.button_text_off

    @property
    def field(self) -> Colour:
        """A text field's ground (the deal code)."""
        return self.band

    def line(self, width: int) -> int:
        """A line ``width`` pixels wide as this theme draws it (thicker in high contrast)."""
        return max(width, round(width * self.outline_scale))


GREEN = Theme(
    # Translators: a choice of Settings' Table row: a green card-table cloth. A button of about 14 characters.
    name="green", label=N_("Green felt"),
    felt_top=(22, 96, 66), felt_bottom=(9, 58, 40), vignette=0.22, grain=5,
    band=(8, 32, 24), band_line=(60, 120, 92),
    text=(236, 242, 236), text_dim=(168, 196, 178), warn=(255, 190, 120),
    selection=(255, 204, 64), hint=(120, 200, 255), legal=(190, 240, 200), key_focus=(250, 250, 250),
    focus=(130, 220, 255), shadow=(0, 0, 0), dim=(0, 12, 6), wash=(255, 255, 255),
    tooltip=(250, 248, 236), tooltip_text=(30, 34, 32),
    background=(12, 46, 33), heading=(255, 214, 110), stripe=(16, 56, 41),
    button=(36, 84, 64), button_hover=(48, 108, 82), button_on=(26, 140, 96), button_on_edge=(180, 240, 210),
    button_text=(245, 250, 245), button_text_off=(110, 140, 124),
    board=(20, 80, 56), slot=(12, 60, 42), slot_line=(70, 130, 100),
    card_face=(252, 251, 246), card_red=(200, 30, 40), card_black=(20, 20, 20),
    mark_kept=(176, 204, 186), mark_found=(255, 214, 110), mark_lost=(255, 118, 96), mark_dim=(118, 148, 132),
    better=(156, 255, 112),
)

BLUE = replace(
    # Translators: a choice of Settings' Table row: a blue baize cloth. A button of about 14 characters.
    GREEN, name="blue", label=N_("Blue baize"),
    felt_top=(26, 78, 128), felt_bottom=(10, 40, 78),
    band=(8, 24, 46), band_line=(66, 106, 156),
    text=(236, 240, 248), text_dim=(168, 188, 214),
    hint=(120, 240, 200), legal=(200, 236, 255), focus=(140, 226, 255), dim=(0, 6, 16),
    background=(11, 34, 64), stripe=(16, 44, 80),
    button=(34, 70, 114), button_hover=(46, 92, 144), button_on=(28, 112, 182), button_on_edge=(176, 216, 250),
    button_text_off=(110, 128, 156),
    board=(20, 62, 108), slot=(12, 46, 86), slot_line=(74, 114, 166),
    mark_kept=(178, 198, 224), mark_dim=(116, 136, 166),
)

WINE = replace(
    # Translators: a choice of Settings' Table row: a wine-red cloth. A button of about 14 characters.
    GREEN, name="wine", label=N_("Wine red"),
    felt_top=(122, 30, 46), felt_bottom=(68, 12, 24),
    band=(40, 8, 16), band_line=(146, 74, 88),
    text=(248, 238, 238), text_dim=(218, 180, 186), warn=(255, 206, 120),
    selection=(255, 214, 80), hint=(130, 214, 255), legal=(200, 244, 210), focus=(150, 226, 255), dim=(16, 0, 4),
    background=(54, 12, 22), stripe=(70, 18, 30), heading=(255, 216, 120),
    button=(94, 30, 44), button_hover=(120, 42, 58), button_on=(156, 48, 70), button_on_edge=(246, 190, 200),
    button_text_off=(156, 112, 120),
    board=(100, 26, 40), slot=(80, 16, 30), slot_line=(156, 84, 100),
    mark_kept=(226, 190, 196), mark_found=(255, 216, 120), mark_lost=(255, 150, 70), mark_dim=(164, 120, 128),
    better=(150, 255, 140),
)

NIGHT = replace(
    # Translators: a choice of Settings' Table row: a dark, dim table for the night. A button of about 14 characters.
    GREEN, name="night", label=N_("Night"),
    felt_top=(30, 36, 40), felt_bottom=(15, 18, 21), vignette=0.18, grain=3,
    band=(9, 11, 13), band_line=(50, 58, 64),
    text=(196, 200, 192), text_dim=(128, 136, 132), warn=(222, 164, 104),
    selection=(212, 168, 64), hint=(104, 160, 204), legal=(136, 176, 146), key_focus=(190, 194, 188),
    focus=(116, 168, 208), dim=(0, 0, 0),
    tooltip=(52, 58, 62), tooltip_text=(206, 210, 202),
    background=(14, 16, 18), heading=(212, 178, 104), stripe=(22, 26, 29),
    button=(36, 42, 46), button_hover=(48, 56, 62), button_on=(58, 82, 94), button_on_edge=(120, 150, 166),
    button_text=(206, 210, 202), button_text_off=(96, 104, 104),
    board=(26, 31, 35), slot=(20, 24, 27), slot_line=(70, 78, 84),
    card_face=(196, 194, 188), card_red=(170, 40, 46), card_black=(16, 16, 16),
    card_shade=190,
    mark_kept=(150, 158, 152), mark_found=(212, 178, 104), mark_lost=(220, 110, 92), mark_dim=(92, 100, 98),
    better=(128, 204, 104),
)

CONTRAST = replace(
    # Translators: a choice of Settings' Table row: bold outlines and large card corners for low vision. A button of
    # about 14 characters.
    GREEN, name="contrast", label=N_("High contrast"),
    felt_top=(0, 0, 0), felt_bottom=(0, 0, 0), vignette=0.0, grain=0,
    band=(0, 0, 0), band_line=(255, 255, 255),
    text=(255, 255, 255), text_dim=(235, 235, 235), warn=(255, 220, 0),
    selection=(255, 230, 0), hint=(0, 230, 255), legal=(90, 255, 90), key_focus=(255, 90, 255),
    focus=(255, 90, 255), dim=(0, 0, 0),
    tooltip=(255, 255, 255), tooltip_text=(0, 0, 0),
    background=(0, 0, 0), heading=(255, 230, 0), stripe=(34, 34, 34),
    button=(48, 48, 48), button_hover=(86, 86, 86), button_on=(0, 70, 180), button_on_edge=(255, 255, 255),
    button_text=(255, 255, 255), button_text_off=(150, 150, 150),
    board=(24, 24, 24), slot=(0, 0, 0), slot_line=(255, 255, 255),
    card_face=(255, 255, 255), card_red=(200, 0, 0), card_black=(0, 0, 0),
    mark_kept=(235, 235, 235), mark_found=(255, 230, 0), mark_lost=(255, 80, 80), mark_dim=(160, 160, 160),
    better=(90, 255, 90),
    large_index=True, outline_scale=1.8, marker_layers=3,
)

TABLES: dict[str, Theme] = {theme.name: theme for theme in (GREEN, BLUE, WINE, NIGHT, CONTRAST)}
"""Every table the player can choose, in the order Settings lists them."""

CARD_BACKS: dict[int, str] = {
    # Translators: choices of Settings' Card back row: the patterns on the backs of the cards (a navy lattice, burgundy
    # waves). Buttons of about 14 characters.
    0: N_("Navy lattice"),
    # Translators: choices of Settings' Card back row: the patterns on the backs of the cards (a navy lattice, burgundy
    # waves). Buttons of about 14 characters.
    1: N_("Burgundy waves"),
}
"""The card back designs (``sprites/backs/back-N.svg``) and their names in Settings."""

DEFAULT = GREEN


def theme_for(table: str, back: int = 0) -> Theme:
    """The theme of a table (the default one for an unknown name) with the card back the
    player chose."""
    theme = TABLES.get(table, DEFAULT)
    return replace(theme, back=back) if back in CARD_BACKS and back != theme.back else theme


# -- the suits' ink: colours a player chooses (Settings: Suit colours) --------------------------
CARD_STOCK: Colour = (246, 244, 238)
"""The card's face at its darkest (the foot of the stock's gradient in the card art): each
suit's ink is checked against it for WCAG AA (4.5:1)."""
ART_INKS: dict[str, Colour] = {"C": (29, 29, 33), "D": (200, 24, 47), "H": (200, 24, 47), "S": (29, 29, 33)}
"""The suit ink the classic card art is drawn in (``tools/make_art.py``), which a palette
replaces."""
FOUR_COLOUR_INKS: dict[str, Colour] = {"C": (22, 129, 60), "D": (27, 95, 196), "H": (200, 24, 47), "S": (29, 29, 33)}
"""The same for the four-colour art."""

INKS: dict[str, tuple[str, Colour]] = {
    # Translators: a colour a suit can have (Settings, My own suit colours). A button of about 8 characters.
    "black": (N_("Black"), (29, 29, 33)),
    # Translators: a colour a suit can have (Settings, My own suit colours). A button of about 8 characters.
    "red": (N_("Red"), (200, 24, 47)),
    # Translators: a colour a suit can have (Settings, My own suit colours). A button of about 8 characters.
    "blue": (N_("Blue"), (20, 78, 170)),
    # Translators: a colour a suit can have (Settings, My own suit colours). A button of about 8 characters.
    "green": (N_("Green"), (18, 110, 52)),
}
"""The custom pick: colours that each pass AA on the card's face
(tests/app/test_player_options.py); four, so that a suit's row of them fits beside its
name in Settings (the presets add more)."""
ORANGE: Colour = (180, 60, 0)
VIOLET: Colour = (96, 0, 224)
TEAL: Colour = (0, 104, 112)
GREY: Colour = (88, 88, 92)
"""More inks of the presets."""


@dataclass(frozen=True)
class SuitPalette:
    """Each suit's ink (None: the card art's own colours, classic or four-colour)."""

    label: str
    inks: dict[str, Colour] | None
    four_colour_art: bool = False
    """The four-colour deck's art (clubs green, diamonds blue), as drawn."""


SUIT_PALETTES: dict[str, SuitPalette] = {
    # Translators: a choice of Settings' Suit colours row: the colours as the cards are drawn (red and black). A button
    # of about 14 characters.
    "standard": SuitPalette(N_("As drawn"), None),
    # Translators: a choice of Settings' Suit colours row: four suits, four colours. A button of about 14 characters.
    "four": SuitPalette(N_("Four colours"), None, four_colour_art=True),
    # red-green: with the red-green axis gone only lightness and blue-yellow are left, so hearts are an
    # orange (the yellow side) and diamonds a violet (bluer and lighter than the clubs' blue): every pair
    # of suits 33 or more apart (ΔE76) under simulated protanopia and deuteranopia (tools/palette_check.py)
    # Translators: a choice of Settings' Suit colours row: colours told apart with red-green colour blindness. A button
    # of about 14 characters.
    "red_green": SuitPalette(N_("Red-green"),
                             {"C": INKS["blue"][1], "D": VIOLET, "H": ORANGE, "S": INKS["black"][1]}),
    # Translators: a choice of Settings' Suit colours row: colours told apart with blue-yellow colour blindness. A
    # button of about 14 characters.
    "tritan": SuitPalette(N_("Blue-yellow"),
                          {"C": TEAL, "D": (160, 20, 120), "H": INKS["red"][1], "S": INKS["black"][1]}),
    # Translators: a choice of Settings' Suit colours row: the suits told apart by light and dark only. A button of
    # about 14 characters.
    "mono": SuitPalette(N_("Monochrome"),
                        {"C": INKS["black"][1], "D": GREY, "H": GREY, "S": INKS["black"][1]}),
    # Translators: a choice of Settings' Suit colours row: a colour the player picks for each suit. A button of about 14
    # characters.
    "custom": SuitPalette(N_("My own"), None),
}
"""The presets of Settings' Suit colours, in its order (four: the four-colour deck, which was
a setting of its own; custom: the four picks below)."""

CUSTOM_DEFAULTS: dict[str, str] = {"C": "green", "D": "blue", "H": "red", "S": "black"}


def suit_inks(palette: str, custom: dict[str, str]) -> dict[str, Colour] | None:
    """Each suit's ink for a palette name (``custom``: the ink name picked per suit); None:
    the art's own colours."""
    if palette == "custom":
        return {suit: INKS.get(custom.get(suit, ""), INKS[CUSTOM_DEFAULTS[suit]])[1] for suit in "CDHS"}
    chosen = SUIT_PALETTES.get(palette)
    return None if chosen is None else chosen.inks


def hex_colour(colour: Colour) -> str:
    """``#rrggbb``, as the card art writes a colour."""
    return "#{:02x}{:02x}{:02x}".format(*colour)
