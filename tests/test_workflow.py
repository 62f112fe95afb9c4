"""The GitHub Actions workflows pass the workflow linters from PyPI when they are installed
(the versions in ``.ci/linters.txt``, which ``.ci/run`` installs; neither is a dependency of the
game, so these tests skip without them), and the release workflow publishes what the README
promises. None of this runs a workflow: that happens on GitHub."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
RELEASE = ROOT / ".github" / "workflows" / "release.yml"

pytestmark = pytest.mark.skipif(not (ROOT / ".github").is_dir() or not (ROOT / ".ci").is_dir(),
                                reason="the repository's .github/ and .ci/ are not here (an unpacked sdist)")


def tool(name: str) -> str | None:
    """A command on PATH or beside this Python (an unactivated virtual environment)."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.is_file() else shutil.which(name)


def test_there_are_a_build_and_a_release_workflow() -> None:
    assert {path.name for path in WORKFLOWS} >= {"build.yml", "release.yml"}


@pytest.mark.skipif(tool("check-jsonschema") is None, reason="check-jsonschema is not installed")
def test_the_workflows_match_the_github_workflow_schema() -> None:
    result = subprocess.run([str(tool("check-jsonschema")), "--builtin-schema", "vendor.github-workflows",
                             *map(str, WORKFLOWS)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(tool("zizmor") is None, reason="zizmor is not installed")
def test_the_workflows_have_no_zizmor_findings() -> None:
    result = subprocess.run([str(tool("zizmor")), "--offline", "--persona", "pedantic", *map(str, WORKFLOWS)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_release_publishes_the_three_executables_their_sums_and_the_python_package() -> None:
    text = RELEASE.read_text(encoding="utf-8")
    assert re.search(r'on:\n  push:\n    tags:\n      - "v\[0-9\]\+', text), "a release starts from a version tag"
    release_line = next(line for line in text.splitlines() if "gh release create" in line)
    upload = release_line + text.split(release_line, 1)[1].split("\n", 2)[1]
    for name in ("seahaven-linux-x86_64", "seahaven-windows-x86_64.exe", "seahaven-macos-arm64.zip", "SHA256SUMS"):
        assert name in upload, name
    assert "sha256sum seahaven-linux-x86_64 seahaven-windows-x86_64.exe seahaven-macos-arm64.zip" in text
    assert "pypa/gh-action-pypi-publish@" in text and "password:" not in text and "secrets." not in text
    assert "codesign --force --deep --sign -" in text
    # glibc 2.35: the floor the building guide states, built on and checked against the built file
    assert "runs-on: ubuntu-22.04" in text and "tools/bundle_report.py dist/seahaven --max-glibc 2.35" in text
    assert "glibc 2.35 or newer" in (ROOT / "docs" / "building-and-releasing.md").read_text(encoding="utf-8")
    assert not re.search(r"^ +container:", text, re.MULTILINE), "no image: none pinned by tag"


def test_only_the_jobs_that_need_them_may_write_or_mint_tokens() -> None:
    text = RELEASE.read_text(encoding="utf-8")
    assert "\npermissions: {}\n" in text
    jobs = re.split(r"\n  (?=[a-z-]+:\n)", text.split("\njobs:\n", 1)[1])
    granted = {job.split(":", 1)[0]: re.findall(r"^      ([a-z-]+): write", job, re.MULTILINE) for job in jobs}
    assert {name: scopes for name, scopes in granted.items() if scopes} == {"github-release": ["contents"],
                                                                            "pypi": ["id-token"]}


def test_the_linters_ci_installs_are_pinned_exactly() -> None:
    lines = [line for line in (ROOT / ".ci" / "linters.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    assert lines and all(re.fullmatch(r"[a-z-]+==[0-9.]+", line) for line in lines), lines
    assert re.search(r'"ruff==[0-9.]+"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_builds_install_the_locked_tools_with_their_hashes() -> None:
    lock = (ROOT / "build-lock.txt").read_text(encoding="utf-8")
    pins = re.findall(r"^([a-z0-9-]+)==([0-9.]+)", lock, re.MULTILINE)
    assert {"pyinstaller", "pyinstaller-hooks-contrib", "pygame-ce", "setuptools"} <= {name for name, _ in pins}
    assert lock.count("--hash=sha256:") >= len(pins)
    for workflow in WORKFLOWS:
        text = workflow.read_text(encoding="utf-8")
        assert "--require-hashes --no-deps -r build-lock.txt" in text, workflow.name
        assert '".[build]"' not in text, workflow.name


def test_every_python_the_classifiers_claim_is_built_tested_and_locked() -> None:
    """Issue 40: the classifiers, the CI matrix and the lock's hashes name the same Pythons, so
    that the job of each installs the locked build tools (a lock of 3.11 hashes only refused
    3.13's pygame-ce wheel)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_lock
    finally:
        sys.path.remove(str(ROOT / "tools"))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    claimed = re.findall(r'"Programming Language :: Python :: (3\.[0-9]+)"', pyproject)
    build = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    matrix = re.search(r'^        python: \[(.*)\]$', build, re.MULTILINE)
    assert matrix is not None, "build.yml has no python matrix"
    assert claimed == re.findall(r'"(3\.[0-9]+)"', matrix[1]) == list(make_lock.PYTHONS), (claimed, matrix[1])
    assert re.search(r'requires-python = ">=' + re.escape(claimed[0]) + '"', pyproject)
    lock = (ROOT / "build-lock.txt").read_text(encoding="utf-8")
    # pygame-ce has a wheel per Python and platform: one hash each (the others are one wheel for all Pythons)
    pygame_hashes = lock.split("pygame-ce==", 1)[1].split("\n")[1:]
    count = len(list(itertools.takewhile(lambda line: "--hash=sha256:" in line, pygame_hashes)))
    assert count == len(make_lock.PYTHONS) * len(make_lock.PLATFORMS), count
