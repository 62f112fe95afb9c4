"""Platform glue: what the system says outside pygame (reduced motion, SDL's wait for input,
the sound device)."""
