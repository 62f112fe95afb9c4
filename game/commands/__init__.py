"""Subcommands of ``seahaven``: each module has ``add_arguments(parser)`` and ``run(args)``.

Modules here import only the standard library at import time, so that building the
argument parser costs nothing; heavy imports (pygame, the solver) happen inside ``run``.
"""
