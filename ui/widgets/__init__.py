"""Reusable widgets: buttons, markers, the die, the haunting meter, the log, the banner."""
