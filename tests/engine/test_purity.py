"""The engine imports nothing from pygame (it must run in the solver, CLI and tests alone)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_engine_imports_no_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, seahaven.engine\n"
        "for m in pkgutil.iter_modules(seahaven.engine.__path__):\n"
        "    importlib.import_module('seahaven.engine.' + m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('pygame', 'seahaven') and "
        "(n.startswith('pygame') or n.startswith('seahaven.app')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == ""
