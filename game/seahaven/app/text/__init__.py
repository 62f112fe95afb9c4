"""The player's words: the engine's facts (cards, piles, moves, reasons) as sentences."""
