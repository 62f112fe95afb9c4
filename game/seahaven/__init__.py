"""Seahaven Towers solitaire."""

__version__ = "0.1.0"
"""The one place the version is written (pyproject.toml, build.spec and the release workflow
read it here)."""
__released__ = "2026-12-01"
"""The date of the release ``__version__`` names (the AppStream metainfo's release entry);
change it with the version."""
