"""Shared test setup: headless SDL before anything imports pygame, and paths to the vectors."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
VECTORS = Path(os.environ.get("SEAHAVEN_VECTORS", ROOT.parent / "shared" / "vectors"))
