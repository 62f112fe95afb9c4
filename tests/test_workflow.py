"""The GitHub Actions workflow passes the workflow linters from PyPI when they are installed
(``pip install zizmor check-jsonschema``; neither is a dependency of the game, so this test
skips without them). It cannot run the workflow itself: that happens on GitHub."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def tool(name: str) -> str | None:
    """A command on PATH or beside this Python (an unactivated virtual environment)."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.is_file() else shutil.which(name)


@pytest.mark.skipif(tool("check-jsonschema") is None, reason="check-jsonschema is not installed")
def test_the_workflow_matches_the_github_workflow_schema() -> None:
    result = subprocess.run([str(tool("check-jsonschema")), "--builtin-schema", "vendor.github-workflows",
                             str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(tool("zizmor") is None, reason="zizmor is not installed")
def test_the_workflow_has_no_zizmor_findings() -> None:
    result = subprocess.run([str(tool("zizmor")), "--offline", str(WORKFLOW)], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
