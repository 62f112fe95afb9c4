#!/usr/bin/python3
"""Runs /usr/bin/orca with its --debug-file written line by line, so the log is complete up
to the moment the test stops Orca (the test waits for Orca's "Activated" line in it)."""

import builtins
import runpy
import sys

_open = builtins.open


def _line_buffered(file, mode="r", *args, **kwargs):
    if isinstance(file, str) and file.endswith(".out") and "w" in mode and not args and "buffering" not in kwargs:
        return _open(file, mode, buffering=1, **kwargs)
    return _open(file, mode, *args, **kwargs)


builtins.open = _line_buffered
sys.argv = ["/usr/bin/orca", *sys.argv[1:]]
runpy.run_path("/usr/bin/orca", run_name="__main__")
