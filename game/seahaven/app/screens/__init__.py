"""The screens: the table, the windows over it (New Game, messages, the menu) and the
Help, Statistics and Settings screens, with the widget kit they share."""
