"""The table: the scene a game is played on. ``scene.py`` is the host: it embeds the board
(``app/board``), owns the toolbar and the status line, and carries out what its assistants
ask (the solver's questions and the demo, the auto-finish, the timers); each assistant sees
the table only through the few members of ``stage.Stage``. ``actions.py`` declares every
command of the table once; ``accessible.py`` is what a screen reader reads and hears of it."""
