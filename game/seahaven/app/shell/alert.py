"""A small window with one sentence and an OK button, for a message the player must see
when there may be no terminal (the game was double-clicked): "the game is already open".
Self-contained: it needs nothing of the app but the default theme's colours. Closes on a click of OK, Enter, Esc or the
window's close button. Nothing is shown on the dummy or offscreen video driver.
"""

from __future__ import annotations

import os

from seahaven.app.looks.theme import DEFAULT
from seahaven.i18n import _

HEADLESS = ("dummy", "offscreen")


def show(title: str, sentence: str) -> None:
    """Show ``sentence`` until the player closes the window; never raises."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS:
        return
    try:
        _show(title, sentence)
    except Exception:  # a message window must never crash the program
        pass
    finally:
        try:
            import pygame

            pygame.quit()
        except Exception:  # nothing to close
            pass


def _show(title: str, sentence: str) -> None:
    import pygame

    from seahaven.app.kit.input import PointerInput

    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS:
        return
    pygame.font.init()
    from seahaven.app.looks import fonts
    from seahaven.app.looks.render import wrap
    from seahaven.resources import open_data

    try:  # the game's face for the player's language (Japanese and Chinese need theirs)
        font = pygame.font.Font(open_data(fonts.font_path(fonts.face_of_language(), False)), 22)
    except (OSError, FileNotFoundError):
        font = pygame.font.Font(None, 26)
    from seahaven.app.text.file_names import drawable

    lines = list(wrap(font, drawable(sentence), 440))  # a name that is not UTF-8 draws with U+FFFD
    width, line_h = 480, font.get_linesize()
    height = 40 + line_h * len(lines) + 70
    screen = pygame.display.set_mode((width, height))
    pygame.display.set_caption(title)
    button = pygame.Rect(width // 2 - 50, height - 54, 100, 36)
    clock = pygame.time.Clock()
    pointer = PointerInput()  # the one reader of mouse and finger events, as in every window
    pointer.size = (width, height)
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                return
            p = pointer.translate(event)
            if p is not None and p.kind == "up" and button.collidepoint(p.pos):
                return
        theme = DEFAULT
        screen.fill(theme.background)
        for n, text in enumerate(lines):
            surface = font.render(text, True, theme.text)
            screen.blit(surface, ((width - surface.get_width()) // 2, 24 + n * line_h))
        pygame.draw.rect(screen, theme.panel_button, button, border_radius=6)
        label = font.render(_("OK"), True, theme.panel_text)
        screen.blit(label, label.get_rect(center=button.center))
        pygame.display.flip()
        clock.tick(30)
