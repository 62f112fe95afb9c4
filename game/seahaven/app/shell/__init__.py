"""The loop and start-up: the window, the scene loop, what is in view, launching a game,
the smoke game."""
