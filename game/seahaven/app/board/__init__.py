"""The board every view of a game plays on: the model it draws and plays (``model``), the
hand that holds the selection (``hand``), the one pointer machine (``pointer``) and the
board's keys (``keys``)."""
