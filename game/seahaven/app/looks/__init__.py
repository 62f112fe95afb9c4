"""The looks: the themes, the card art and its caches, fonts, the type scale and the painter
that draws text, buttons, cards and the felt."""
