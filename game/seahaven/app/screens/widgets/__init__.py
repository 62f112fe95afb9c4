"""The widget kit of every window and screen, by job: the key map (:mod:`.keys`), the one
focus model (:mod:`.focus`), the one pointer machine (:mod:`.press`), the text field
(:mod:`.field`), a screen's scrolling (:mod:`.scroll`), the full-window screen
(:mod:`.screen`) and the window over another scene (:mod:`.window`).
``seahaven.app.screens.kit`` gathers the names the screens import."""
