"""Storms of random input for the real client: clicks, taps, drags, keys, wheels and
window resizes down to 1×1, drawn from a seeded generator so a failure replays."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame

KEYS = (
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_h,
    pygame.K_f,
    pygame.K_z,
    pygame.K_y,
    pygame.K_F11,
    pygame.K_a,
)
MODIFIERS = (0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT)
TINY_SIZES = ((1, 1), (2, 3), (50, 40), (150, 700), (700, 80), (320, 240), (799, 600), (800, 599))
FINGER = {"touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0, "pressure": 1.0}


def window_size(rng: random.Random) -> tuple[int, int]:
    """A new window size: mostly one a scene is laid out for (odd shapes included), now and
    then one far too small, or anything at all up to 2200×1400."""
    kind = rng.random()
    if kind < 0.2:
        return rng.choice(TINY_SIZES)
    if kind < 0.35:
        return rng.randint(1, 2200), rng.randint(1, 1400)
    return rng.randint(800, 1700), rng.randint(600, 1100)


def target(rng: random.Random, ui: pygame.sprite.LayeredUpdates, size: tuple[int, int]) -> tuple[int, int]:
    """Where a pointer goes: often the middle of a widget on screen, else anywhere (off the edges too)."""
    widgets = [w for w in ui.sprites() if getattr(w, "visible", True) and hasattr(w, "rect")]
    if widgets and rng.random() < 0.4:
        return rng.choice(widgets).rect.center
    return rng.randint(-5, size[0] + 5), rng.randint(-5, size[1] + 5)


def key_events(rng: random.Random) -> list[pygame.event.Event]:
    key = rng.choice(KEYS)
    mod = rng.choice(MODIFIERS)
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
    ]


def pointer_events(rng: random.Random, pos: tuple[int, int], size: tuple[int, int]) -> list[pygame.event.Event]:
    kind = rng.random()
    if kind < 0.6:
        button = rng.choice((1, 1, 1, 3))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False),
        ]
    if kind < 0.8:
        end = (rng.randint(0, max(1, size[0])), rng.randint(0, max(1, size[1])))
        middle = ((pos[0] + end[0]) // 2, (pos[1] + end[1]) // 2)
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0), touch=False),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0), touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False),
        ]
    if kind < 0.93:
        x, y = rng.random(), rng.random()
        moved = min(1.0, x + rng.choice((0.0, 0.0, 0.1)))
        return [
            pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, **FINGER),
            pygame.event.Event(pygame.FINGERMOTION, x=moved, y=y, **FINGER),
            pygame.event.Event(pygame.FINGERUP, x=moved, y=y, **FINGER),
        ]
    return [
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, precise_x=0.0, precise_y=0.0
        )
    ]


def storm(rng: random.Random, ui: pygame.sprite.LayeredUpdates) -> Iterator[list[pygame.event.Event]]:
    """Endless bursts of events; a resize burst changes the window first, as SDL does."""
    while True:
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else (1, 1)
        kind = rng.random()
        if kind < 0.03:
            new = window_size(rng)
            pygame.display.set_mode(new, pygame.RESIZABLE)
            yield [pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])]
        elif kind < 0.4:
            yield key_events(rng)
        else:
            yield pointer_events(rng, target(rng, ui, size), size)
