"""The command line as a Unix user expects it (SPEC 11): ``--version`` on every subcommand,
exit 2 for usage errors and 3 for bad data, one error prefix, an answer that cannot be
written (standard output closed or full) is an error, and it speaks the user's language,
argparse's own words included."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

from seahaven import __version__
from seahaven.__main__ import SUBCOMMANDS
from tests.conftest import ROOT
from tests.engine.helpers import seahaven


def _run(args: list[str], env: dict[str, str] | None = None, stdout: Any = subprocess.PIPE,
         close_stdout: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m seahaven ARGS`` in the C locale (plus ``env``), its stdout to ``stdout``
    (or closed, as ``>&-`` leaves it)."""
    full_env = {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    full_env.update(LANG="C.UTF-8", PYGAME_HIDE_SUPPORT_PROMPT="1", **(env or {}))
    return subprocess.run([sys.executable, "-m", "seahaven", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT, env=full_env, timeout=120,
                          preexec_fn=(lambda: os.close(1)) if close_stdout else None)


@pytest.mark.parametrize("command", sorted(SUBCOMMANDS))
def test_every_subcommand_has_version(command: str) -> None:
    result = seahaven(command, "--version")
    assert result.returncode == 0 and result.stdout == f"seahaven {__version__}\n", result


@pytest.mark.parametrize(("args", "status"), [
    (["--frobnicate"], 2),
    (["deal"], 2),
    (["deal", "SH1-C4-AAAAAJ2", "--format", "xml"], 2),
    (["solve", "SH1-C4-AAAAAJ2", "--budget-s", "soon"], 2),
    (["solve"], 2),  # issue 40: a bare solve is a missing argument, as the README's table says
    (["solve", "SH1-C4-AAAAAJ2", "--board", "x.txt"], 2),
    (["solve", "SH1-C4-AAAAAJ2", "--budget-s", "-1"], 2),
    (["deal", "SH9-C4-AAAAAJ2"], 3),
    (["daily", "--date", "1999-01-01"], 3),
    (["layout", "--size", "12x"], 3),
])
def test_usage_errors_exit_2_and_bad_data_3_in_one_line_with_one_prefix(args: list[str], status: int) -> None:
    result = _run(args)
    assert result.returncode == status, result
    lines = result.stderr.strip().splitlines()
    command = args[0] if not args[0].startswith("-") else None
    prefix = f"seahaven {command}: error: " if command else "seahaven: error: "
    assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_a_closed_stdout_is_an_error() -> None:
    result = _run(["solve", "SH1-C4-AAAAAJ2"], stdout=subprocess.DEVNULL, close_stdout=True)
    assert result.returncode != 0
    assert "seahaven solve: error: the output could not be written" in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["deal", "SH1-C4-AAAAAJ2"], ["solve", "SH1-C4-AAAAAJ2"], ["--help"]])
def test_a_full_stdout_is_an_error(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = _run(args, stdout=full)
    assert result.returncode == 1, result
    assert "error: the output could not be written" in result.stderr


def test_a_reader_that_leaves_early_is_no_error() -> None:
    """``seahaven solve CODE | head -1``: what was read was written; exit 0, nothing said."""
    done = subprocess.run(f"{sys.executable!s} -m seahaven solve SH1-C4-AAAAAJ2 | head -1", shell=True,
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.returncode == 0 and done.stdout.count("\n") == 1 and done.stderr == "", done


def test_the_command_line_speaks_german() -> None:
    helped = _run(["--help"], env={"LANGUAGE": "de"})
    assert helped.returncode == 0
    assert helped.stdout.startswith("Aufruf: seahaven"), helped.stdout[:80]
    assert "Optionen" in helped.stdout and "im Fenster spielen, nicht im Vollbild" in helped.stdout
    assert "diese Hilfe zeigen und beenden" in helped.stdout
    refused = _run(["deal"], env={"LANGUAGE": "de"})
    assert refused.returncode == 2 and refused.stderr.startswith("seahaven deal: Fehler: diese Argumente fehlen")
    missing = _run(["replay", "/nonexistent/record.json"], env={"LANGUAGE": "de"})
    assert missing.returncode == 3 and "/nonexistent/record.json existiert nicht." in missing.stderr
