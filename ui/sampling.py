"""Textures read at the nearest texel (issue 17 item 10).

Every shape Kivy draws samples a texture: a label its text's picture, an untextured
rectangle Kivy's shared white default texture. Kivy samples both with linear filtering;
under Mesa's software renderer that costs a quarter to a third of each pixel
(``benchmarks/renderer_floor.py``). Neither needs it: the default texture is one colour,
and labels are drawn at their picture's own size, so each pixel reads one texel either way.
"""

from __future__ import annotations


def nearest(texture) -> None:
    """Sample ``texture`` (a :class:`kivy.graphics.texture.Texture`, or None) at the nearest texel."""
    if texture is not None and texture.mag_filter != "nearest":
        texture.min_filter = texture.mag_filter = "nearest"


def plain_shapes_nearest() -> None:
    """Sample Kivy's default texture (the one of every untextured shape) at the nearest texel."""
    from kivy.graphics import Rectangle

    nearest(Rectangle().texture)
