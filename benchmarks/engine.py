"""Engine speed: legal-move generations and apply+undo per second on mid-game positions.

Run: ``python benchmarks/engine.py [--positions N] [--seconds S]``. Prints one line per
measure; one core, no parallelism. The positions come from random play (seeded) on
random deals of every difficulty, 10 to 60 useful moves in, keeping positions that
still have at least 3 legal moves.
"""

from __future__ import annotations

import argparse
import random
import time

from seahaven.engine import APP_RULES, DEAL_COUNT, Game, GameCode, Position


def mid_game_positions(count: int, seed: int = 2026) -> list[Game]:
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        game = Game.from_code(GameCode(rng.choice((4, 4, 2, 1)), rng.randrange(DEAL_COUNT)))
        for _ in range(rng.randrange(10, 60)):
            moves = game.useful_moves()
            if not moves:
                break
            home = [m for m in moves if m.dest.is_foundation]
            game.play(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
        if len(game.legal_moves()) >= 3:  # a position where there is still a game to play
            games.append(game)
    return games


def rate(label: str, seconds: float, work) -> None:
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    print(f"{label:<34} {done / elapsed:>12,.0f} per second  ({done:,} in {elapsed:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    games = mid_game_positions(args.positions)
    positions: list[Position] = [g.position for g in games]
    moves_each = [p.legal_moves(APP_RULES) for p in positions]
    average = sum(map(len, moves_each)) / len(positions)
    print(f"{len(positions)} mid-game positions, {average:.1f} legal moves on average")

    def generate() -> int:
        for p in positions:
            p.legal_moves(APP_RULES)
        return len(positions)

    def check_all() -> int:
        n = 0
        for p, moves in zip(positions, moves_each):
            for m in moves:
                p.why_illegal(m, APP_RULES)
            n += len(moves)
        return n

    def apply_undo() -> int:
        n = 0
        for g, moves in zip(games, moves_each):
            for m in moves[:4]:
                g.play(m)
                g.undo()
                n += 1
        return n

    rate("legal-move generations", args.seconds, generate)
    rate("legality checks (why_illegal)", args.seconds, check_all)
    rate("Game.play + Game.undo", args.seconds, apply_undo)


if __name__ == "__main__":
    main()
