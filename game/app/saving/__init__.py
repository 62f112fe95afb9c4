"""The player's files: storage (the file formats and atomic writes), persistence (saved
game, statistics and settings kept in step with the game in play), autosave (the wiring
that listens to the game in play) and the scripted kill-test driver."""
