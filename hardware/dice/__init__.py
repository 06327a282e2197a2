"""The dice button: a gpiozero ``Button``; the simulated table and the tests drive it through
gpiozero's ``MockFactory``."""

from hardware.dice.button import DiceButton

__all__ = ["DiceButton"]
