# The compiled build's C search of the open-hand solver (see _endgame.c); absent
# from the pure build.

class Endgame:
    def __init__(
        self,
        players: int,
        seat: int,
        unit_of: tuple[int, ...],
        misere: bool,
        bug_mask: int,
        leftover_bugs: int,
        ceiling: int,
        entries: int = 32768,
        kept: bool = False,
    ) -> None: ...
    def lead(
        self,
        hands: list[int],
        leader: int,
        tricks: int,
        bugs: int,
        sweep: int,
        alpha: int,
        beta: int,
        budget: int,
        deadline: float | None,
    ) -> tuple[int | None, int]: ...
    def age(self) -> None: ...
