"""The pygame-ce front end: loop, scenes, layout, sprites, gestures, animation, storage."""
