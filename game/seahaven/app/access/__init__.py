"""What a screen reader reads and says: the game's accessibility tree.

``tree`` builds the tree's content as plain data (pygame-free) from the board and the
screens' words; ``adapter`` hands it to AccessKit (AT-SPI on Linux, UI Automation on
Windows, NSAccessibility on macOS), only the nodes that changed, only while an assistive
technology listens. Without ``accesskit`` the game plays as before and says nothing.
"""
