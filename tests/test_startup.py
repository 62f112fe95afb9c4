"""Start-up: what plain ``seahaven`` does before its window opens stays small. These pin
imports, not times (times go in benchmarks): each test runs a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def modules_after(code: str) -> set[str]:
    """The modules loaded after running ``code`` in a fresh interpreter."""
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            check=True)
    return set(result.stdout.split())


def test_playing_builds_the_parser_without_importing_every_subcommand() -> None:
    loaded = modules_after("import seahaven.__main__ as m\nm._build_parser([])")
    assert not {"seahaven.commands.solve", "seahaven.commands.replay", "seahaven.commands.bench",
                "seahaven.commands.layout", "seahaven.commands.deal"} & loaded


def test_a_subcommand_still_gets_its_options() -> None:
    result = subprocess.run([sys.executable, "-m", "seahaven", "deal", "--help"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 0 and "--format" in result.stdout
    overview = subprocess.run([sys.executable, "-m", "seahaven", "--help"], capture_output=True, text=True,
                              cwd=ROOT, timeout=60)
    assert overview.returncode == 0 and all(name in overview.stdout for name in ("deal", "solve", "replay"))


def test_a_random_deal_does_not_load_openssl() -> None:
    loaded = modules_after("from seahaven.engine import GameCode\nGameCode.random(4)")
    assert not {"secrets", "hmac", "_hashlib", "hashlib"} & loaded
