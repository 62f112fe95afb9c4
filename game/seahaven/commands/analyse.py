"""``seahaven analyse FILE``: every move of a game reviewed, as JSON (issue 38).

The file holds one game record (SPEC 12), a game file or a saved ``current.json``, as for
``seahaven review``. The answer is one JSON object (SPEC 11): ``won``, ``moves``, ``lost_at``
(as ``review`` gives it), ``positions`` (for each move, the position before it: ``before``
winnable, lost or unknown; ``winning_moves``, its moves that keep it winnable, 3 meaning 3 or
more; ``kept``; ``better``, where the move lost the game), ``critical`` and ``found`` (indices
into ``positions``). The solver works within fixed budgets of nodes, so the answer is the same
on every machine. Exit status 0 for a readable record, 3 for one that cannot be read or
replayed (one sentence says why).
"""

from __future__ import annotations

import argparse
import json
import sys

from seahaven.commands import InputError, fail, review


def add_arguments(parser: argparse.ArgumentParser) -> None:
    review.add_arguments(parser)  # the same FILE and --classic, in the same words


def run(args: argparse.Namespace) -> int:
    from seahaven.engine import APP_RULES, CLASSIC_RULES
    from seahaven.engine.analysis import analyse

    rules = CLASSIC_RULES if args.classic else APP_RULES
    try:
        positions, moves = review.read_game_line(args.file, rules)
    except InputError as error:
        return fail("analyse", str(error))
    result = analyse(positions, moves, rules)
    sys.stdout.write(json.dumps(result.to_json()) + "\n")
    return 0
