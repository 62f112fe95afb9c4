"""The pygame-ce front end. Its folders are its layers, each importing only from those above
it in this list (``tests/test_structure.py`` checks it):

- ``platform``: platform glue (reduced motion, SDL's wait for input, the sound device);
- ``text``: the player's words for the engine's facts;
- ``looks``: themes, card art and its caches, fonts, the type scale, the painter;
- ``state``: the game in play and the player's records (settings, statistics, history), no pygame;
- ``saving`` and ``access``: the files in the data folder; the accessibility tree and its adapter;
- ``kit``: the widget kit, the scenes and the pointer vocabulary of every window and screen;
- ``board``: the board every view of a game embeds;
- ``screens``: the table and every window and screen over it;
- ``shell``: the loop, the window and start-up.
"""
