"""The player's files: storage (the folder: each file's load, save and failures, and the
game's journal), saved_game and small_files (the file formats), files (bounded reads and
atomic writes), set_aside (what a bad file becomes), persistence (saved game, statistics
and settings kept in step with the game in play, and autosave, the keeper listening to it),
history (history.jsonl), lock (one copy a folder) and game_file (games saved where the
player chooses)."""
