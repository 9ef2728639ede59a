"""Type stub of the C extension built from ``_native.c`` (the compiled build only)."""

from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

def shuffled_positions(random: Callable[[], float], size: int, /) -> list[int]: ...
def cards_of(mask: int, cards: tuple[_T, ...], /) -> tuple[_T, ...] | None: ...

class method:
    documented: Callable[..., Any]
    implementation: Callable[..., Any]
    def __init__(self, documented: Callable[..., Any], implementation: Callable[..., Any],
                 /) -> None: ...
    def __get__(self, obj: object, owner: type | None = None) -> Callable[..., Any]: ...
