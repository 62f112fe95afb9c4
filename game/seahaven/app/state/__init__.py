"""The game in play and the player's records, with no pygame: the game in play, the solver's
jobs, settings, statistics, the history, what a deal is known for."""
