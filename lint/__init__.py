"""The lint gate's own checks (``make lint``): import-linter contracts the library lacks."""
