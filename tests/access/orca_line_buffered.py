#!/usr/bin/python3
"""Runs /usr/bin/orca for one test's private session:

- its --debug-file is written line by line, so the log is complete up to the moment the test
  stops Orca (the test waits for Orca's lines in it);
- it does not look for other Orcas of the same user (``pgrep -u UID -x orca``), nor names
  itself ``orca`` for them to find: /usr/bin/orca refuses to start while another runs, so a
  second test run on the machine (two suites at once, another checkout's) left this one
  silent. Each test has its own X server, D-Bus session and speech-dispatcher: the Orcas
  never meet.
"""

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
orca = runpy.run_path("/usr/bin/orca", run_name="orca_for_a_test")  # its definitions, not its main yet
main = orca["main"]
main.__globals__["otherOrcas"] = lambda: []
main.__globals__["setProcessName"] = lambda name: None
sys.exit(main())
