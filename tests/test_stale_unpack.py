"""A one-file start that was killed leaves its unpack folder; the next start removes it, and
only it (seahaven/stale_unpack.py)."""

from __future__ import annotations

import os
from pathlib import Path

from seahaven import stale_unpack


def unpack_folder(parent: Path, pid: int, ours: bool = True, letters: str = "abc123", archived: bool = True) -> Path:
    """An unpack folder as the executable leaves it (``archived``: the sounds in
    seahaven-assets.zip; else loose, as the executables before it unpacked them)."""
    folder = parent / f"_MEI{pid:08x}{letters}"
    (folder / "sounds").mkdir(parents=True)
    (folder / "fonts").mkdir()
    (folder / "base_library.zip").write_bytes(b"PK")
    if ours:
        if archived:
            (folder / "seahaven-assets.zip").write_bytes(b"PK")
        else:
            (folder / "sounds" / "deal.wav").write_bytes(b"RIFF")
        (folder / "fonts" / "LICENSE-NotoSans.txt").write_text("OFL")
    return folder


def test_a_killed_starts_folder_goes_and_everything_else_stays(tmp_path: Path) -> None:
    dead, running = 4_000_001, 4_000_002
    here = unpack_folder(tmp_path, os.getpid(), letters="HEREhe")
    stale = unpack_folder(tmp_path, dead)
    busy = unpack_folder(tmp_path, running, letters="xyz789")
    other_program = unpack_folder(tmp_path, dead, ours=False, letters="qqqqqq")
    plain = tmp_path / "_MEIsomething"
    plain.mkdir()
    (tmp_path / "notes.txt").write_text("keep")
    removed = stale_unpack.clean(here, alive=lambda pid: pid != dead)
    assert removed == [stale]
    assert not stale.exists()
    for kept in (here, busy, other_program, plain, tmp_path / "notes.txt"):
        assert kept.exists(), kept


def test_a_symlink_named_like_a_folder_is_not_followed(tmp_path: Path) -> None:
    here = unpack_folder(tmp_path / "tmp", os.getpid())
    target = unpack_folder(tmp_path / "elsewhere", 4_000_001)
    link = here.parent / "_MEI003d0901zzzzzz"
    link.symlink_to(target, target_is_directory=True)
    assert stale_unpack.clean(here, alive=lambda pid: False) == []
    assert (target / "seahaven-assets.zip").is_file() and link.is_symlink()


def test_a_folder_of_an_older_executable_goes_too(tmp_path: Path) -> None:
    """Before the sounds and sprites went into one archive they were unpacked as files: a
    killed start of such an executable is recognised by those."""
    here = unpack_folder(tmp_path, os.getpid(), letters="HEREhe")
    older = unpack_folder(tmp_path, 4_000_001, archived=False)
    licence_only = unpack_folder(tmp_path, 4_000_001, letters="qqqqqq")
    (licence_only / "seahaven-assets.zip").unlink()
    assert stale_unpack.clean(here, alive=lambda pid: False) == [older]
    assert licence_only.exists()


def test_a_pid_that_runs_is_alive_and_one_that_cannot_is_not() -> None:
    assert stale_unpack.process_exists(os.getpid())
    assert not stale_unpack.process_exists(2**22 + 12345)  # above Linux's pid_max


def test_a_start_from_source_cleans_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(stale_unpack, "clean", lambda *args: (_ for _ in ()).throw(AssertionError("cleaned")))
    stale_unpack.clean_in_background()  # not frozen: returns without a thread
