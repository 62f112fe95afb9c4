"""Write the hashes of ``build-lock.txt`` for every Python and platform the builds run on.

    python tools/make_lock.py [--check]

``build-lock.txt`` names each build tool at one version (``name==version``, with an
environment marker where only one platform needs it); this script downloads, with
``pip download --no-deps --only-binary=:all:``, every file pip would choose for that version on
each supported Python (:data:`PYTHONS`) and each platform the workflows build on
(:data:`PLATFORMS`), and writes their SHA-256 hashes under the pin, so that
``pip install --require-hashes -r build-lock.txt`` installs on any of them. A package with a
source distribution only would be refused (the builds install wheels only). To update a
tool: change its version in the lock, run this script, commit both. ``--check`` writes
nothing and exits 1 when the lock lacks a hash it needs (pip download must reach the index).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "build-lock.txt"
PYTHONS = ("3.11", "3.12", "3.13")
"""Every Python the game supports (pyproject.toml's classifiers; the CI matrix)."""
PLATFORMS = {
    "linux": ("manylinux_2_17_x86_64", "manylinux2014_x86_64"),
    "win32": ("win_amd64",),
    "darwin": ("macosx_14_0_arm64", "macosx_11_0_universal2", "macosx_10_11_universal2", "macosx_10_9_universal2"),
}
"""sys.platform -> the wheel platform tags pip accepts there, most specific first (GitHub's
ubuntu, windows and macos runners: x86_64, x86_64 and Apple silicon)."""
PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)==(?P<version>[^ ;\\]+)(?P<marker>\s*;[^\\]*)?", re.MULTILINE)


def pins(text: str) -> list[tuple[str, str, str]]:
    """(name, version, marker) of each pin in the lock, in its order."""
    return [(m["name"], m["version"], (m["marker"] or "").strip().lstrip(";").strip()) for m in PIN.finditer(text)]


def platforms_of(marker: str) -> list[str]:
    """The platforms a pin is installed on: those its ``sys_platform == "..."`` marker names, or all."""
    named = re.findall(r'sys_platform\s*==\s*"([a-z0-9]+)"', marker)
    return named or list(PLATFORMS)


def hashes(name: str, version: str, marker: str) -> list[str]:
    """The SHA-256 of every file pip would install for the pin, over the Pythons and platforms."""
    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        for python in PYTHONS:
            for platform in platforms_of(marker):
                target = Path(folder, python, platform)
                command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                           "--python-version", python, "--dest", str(target), f"{name}=={version}"]
                for tag in PLATFORMS[platform]:
                    command += ["--platform", tag]
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                for wheel in sorted(target.glob("*.whl")):
                    found.setdefault(wheel.name, hashlib.sha256(wheel.read_bytes()).hexdigest())
    return [found[file] for file in sorted(found)]


def written(text: str) -> str:
    """The lock with every pin's hashes made again."""
    lines = [line for line in text.splitlines() if line.startswith("#")]
    head = "\n".join(lines[:next((i for i, line in enumerate(text.splitlines()) if not line.startswith("#")),
                                 len(lines))]) + "\n"
    out = [head]
    for name, version, marker in pins(text):
        out.append(f"{name}=={version}" + (f" ; {marker}" if marker else "") + " \\\n")
        sums = hashes(name, version, marker)
        out.append(" \\\n".join(f"    --hash=sha256:{digest}" for digest in sums) + "\n")
    return "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the lock lacks a hash; write nothing")
    args = parser.parse_args()
    text = LOCK.read_text(encoding="utf-8")
    new = written(text)
    if args.check:
        missing = sorted(set(re.findall(r"sha256:([0-9a-f]{64})", new)) - set(re.findall(r"sha256:([0-9a-f]{64})",
                                                                                            text)))
        for digest in missing:
            print(f"build-lock.txt lacks sha256:{digest}", file=sys.stderr)
        return 1 if missing else 0
    LOCK.write_text(new, encoding="utf-8")
    print(f"build-lock.txt: {len(pins(text))} pins, {new.count('--hash=')} hashes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
