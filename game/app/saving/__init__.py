"""The player's files: storage (the file formats and atomic writes), persistence (saved
game, statistics and settings kept in step with the game in play, and autosave, the keeper
listening to it), history (the record of ended games) and game files (Save as, Open)."""
