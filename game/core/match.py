"""The match controller: the one object a front end drives.

Decisions (plays, passes, deal acceptance, opener choice, Tien Gow plays) go through
``push``; control commands through ``next_round``, ``restart_round``, ``new_match``,
``undo`` and ``redo``. Every command can be previewed without changing anything, and a
refused command raises ``IllegalMove`` and leaves the match exactly as it was.

Undo and redo work inside the current round: the round keeps its start and the list
of decisions taken since, so taking back a decision rebuilds the round from its start.
An undo may name the seat it is for (``Undo(seat)``): it then takes back only that
person's own last decision, with the computer decisions after it, and never goes
through another person's (pass-and-play on one device, or a table across a network).
Finished rounds are kept the same way, as their start and decisions, and rebuilt when
asked for: an endless session keeps a few hundred bytes per finished round.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, cast

from game.core.advice import DecisionT
from game.core.errors import IllegalMove
from game.core.phases import Phase
from game.core.player import GREEDY, PERSON, RECORD_WORDS, Player
from game.core.spec import DealSource, GameSpec, RoundState, StartT, StateT, ViewT
from game.core.thinking import Question
from game.core.tiles import fresh_seed
from game.registry import game_named


@dataclass(frozen=True, slots=True)
class Decided(Generic[DecisionT]):
    """A decision taken in the current round and the seat that took it."""

    seat: int
    decision: DecisionT


@dataclass(frozen=True, slots=True)
class FinishedRound(Generic[DecisionT, StartT]):
    """A finished round, compactly: where it started and every decision taken in it, in order."""

    start: StartT
    decisions: tuple[DecisionT, ...]


@dataclass(frozen=True, slots=True)
class NextRound:
    pass


@dataclass(frozen=True, slots=True)
class RestartRound:
    pass


@dataclass(frozen=True, slots=True)
class NewMatch:
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back a decision: the last person's, or only ``seat``'s own when it is named."""

    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Redo:
    """Restore what the last undo took back (refused to another ``seat`` when it is named)."""

    seat: int | None = None


Control = NextRound | RestartRound | NewMatch | Undo | Redo


@dataclass(frozen=True, slots=True)
class Preview(Generic[DecisionT, ViewT]):
    """What a command would do: the command and the seat's view after it."""

    command: Control | DecisionT
    view: ViewT


class Match(Generic[StateT, ViewT, DecisionT, StartT]):
    """A whole match of one game: rounds, scores, undo/redo and computer seats (a match
    made from a game's name is of some game, ``Match`` alone; a family's is ``Match`` over
    its spec's types, as ``game.blocks.spec.BlockGame`` and ``game.tiengow.spec`` name them)."""

    def __init__(
        self,
        game: str,
        seats: Sequence[Player | str] = (PERSON, GREEDY, GREEDY, GREEDY),
        seed: int | None = None,
        deals: int | None = None,
        deal_source: DealSource | None = None,
        start: StartT | None = None,
        level: str = "normal",
    ) -> None:
        players = _players(seats)
        # The one place a game found by name takes the types its caller names (a family's
        # ``Match[...]`` is made with one of its own names; Python has no "some game" type).
        self.game = cast("GameSpec[StateT, ViewT, DecisionT, StartT]", game_named(game, deals))
        self.players = players
        self.seats = tuple(str(player) for player in players)  # as the record spells them
        self.level = level  # how hard the computer player's seats think
        self.seed = fresh_seed() if seed is None else seed
        self._deals = deal_source or self.game.seeded_deals(self.seed)
        self.finished: list[FinishedRound[DecisionT, StartT]] = []
        self._interned: dict[DecisionT, DecisionT] = {}  # one object per distinct decision kept
        self.generation = 0  # counts the rounds begun or rebuilt: undo, restart, new match, next round
        self._begin(start or self.game.first_start(self.seed))

    def _begin(self, start: StartT) -> None:
        self.generation += 1
        self.start: StartT = start
        self.round: StateT = self.game.begin(start, self._deals)
        self.decisions: list[Decided[DecisionT]] = []
        self._redo: list[list[Decided[DecisionT]]] = []

    def copy(self) -> Match[StateT, ViewT, DecisionT, StartT]:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.finished = list(self.finished)
        other.round = self.round.copy()
        other.decisions = list(self.decisions)
        other._redo = list(self._redo)
        return other

    # --- where the match stands -------------------------------------------------

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def winner(self) -> str | None:
        """The match winner (team "A" or "B", or a seat in Tien Gow), once decided."""
        return self.game.match_winner(self.round) if self.round.is_over else None

    @property
    def phase(self) -> Phase:
        if self.round.is_over and self.game.is_match_over(self.round):
            return Phase.MATCH_OVER
        phase: Phase = self.round.phase
        return phase

    @property
    def to_act(self) -> int | None:
        seat: int | None = self.round.to_act
        return seat

    @property
    def position(self) -> tuple[int, int, int]:
        """Where the match stands: (generation, round number, decisions taken). Within one
        generation decisions are only added, so equal positions are equal states."""
        return self.generation, self.start.number, len(self.decisions)

    def is_human(self, seat: int) -> bool:
        return self.players[seat - 1].is_person

    @property
    def computer_to_act(self) -> bool:
        seat = self.round.to_act
        return seat is not None and self.players[seat - 1].is_computer

    @property
    def _playing(self) -> RoundState[DecisionT]:
        """The round as its game's rules take decisions: a game's round state is a ``RoundState``
        over its decision type (``GameSpec`` ties them; Python's bounds cannot: so do the casts
        of the states played again below)."""
        return cast("RoundState[DecisionT]", self.round)

    def legal_moves(self) -> list[DecisionT]:
        return list(self._playing.legal_moves())

    def view_for(self, seat: int) -> ViewT:
        return self.game.view(self.round, seat, self.seats)

    @property
    def can_undo(self) -> bool:
        return self._undo_cut(None) is not None

    def can_undo_for(self, seat: int) -> bool:
        """Whether ``seat`` has a decision of its own to take back, with no other person's after it."""
        return self._undo_cut(seat) is not None

    def can_redo_for(self, seat: int) -> bool:
        """Whether redo would restore a decision ``seat`` took (what its own undo took back)."""
        return bool(self._redo) and self._redo[-1][0].seat == seat

    def _undo_cut(self, seat: int | None) -> int | None:
        """Where an undo for ``seat`` (for whoever acted last when None) cuts the decisions: at
        that person's last decision; None when there is none, or another person decided after it."""
        for index in range(len(self.decisions) - 1, -1, -1):
            actor = self.decisions[index].seat
            if not self.is_human(actor):
                continue
            return index if seat is None or actor == seat else None
        return None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # --- decisions ---------------------------------------------------------------

    def check(self, decision: DecisionT, seat: int | None = None) -> None:
        """Raise IllegalMove unless ``decision`` (by ``seat``, if named) is legal now."""
        if seat is not None and seat != self.round.to_act:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        self._playing.check(decision)

    def is_legal(self, decision: DecisionT, seat: int | None = None) -> bool:
        try:
            self.check(decision, seat)
        except IllegalMove:
            return False
        return True

    def push(self, decision: DecisionT, seat: int | None = None) -> None:
        """Take ``decision`` for the seat to act; a new decision clears redo."""
        self.check(decision, seat)
        actor = self.round.to_act
        assert actor is not None, "a legal decision is taken by the seat to act"
        self._playing.push(decision)
        self.decisions.append(Decided(actor, decision))
        self._redo.clear()

    def computer_question(self) -> Question:
        """What to ask for the decision of the computer seat to act, to answer here or elsewhere."""
        seat = self.round.to_act
        if seat is None or not self.computer_to_act:
            raise IllegalMove("not_computer_turn", "No computer seat is to act.")
        return self.question_for(seat, self.players[seat - 1])

    def question_for(self, seat: int, player: Player) -> Question:
        """What to ask the computer ``player`` deciding for ``seat`` now (a computer seat's, or
        a person's seat the computer plays for a while; at its own level, else the match's):
        its question and the seed of its choices, defined here only, so the same match decides
        the same anywhere."""
        seed = (str(player.kind), self.seed, self.start.number, len(self.decisions), seat)
        return Question("decide", self.view_for(seat), player.level or self.level, seed, player)

    def computer_decision(self) -> DecisionT:
        """The decision the computer seat to act would take (not applied)."""
        return cast("DecisionT", self.computer_question().answer())  # a decide question's: a decision of this game

    def play_computer(self) -> DecisionT:
        """Let the computer seat to act take its decision; returns it."""
        decision = self.computer_decision()
        self.push(decision)
        return decision

    def run_computers(self) -> None:
        """Let computer seats act until a person must act or the round ends."""
        while self.computer_to_act:
            self.play_computer()

    # --- control commands -----------------------------------------------------------

    def undo(self, seat: int | None = None) -> None:
        """Take back the last decision of a person and the computer decisions after it; with
        ``seat``, only that person's own last decision, never through another person's."""
        cut = self._undo_cut(seat)
        if cut is None:
            if seat is not None and self.can_undo:
                raise IllegalMove(
                    "undo_not_yours", "Undo takes back only your own moves: another player has moved since."
                )
            raise IllegalMove("nothing_to_undo", "There is nothing to undo in this round.")
        taken = self.decisions[cut:]
        redo = self._redo
        self._rebuild(self.decisions[:cut])
        self._redo = redo + [taken]

    @property
    def redo_groups(self) -> tuple[tuple[Decided[DecisionT], ...], ...]:
        """What redo would restore, the next group last."""
        return tuple(tuple(group) for group in self._redo)

    def restore_redo(self, groups: list[list[Decided[DecisionT]]]) -> None:
        """Put back a saved redo history, after checking that it can be replayed from here."""
        trial = self.copy()
        trial._redo = [list(group) for group in groups]
        while trial._redo:
            trial.redo()
        self._redo = [list(group) for group in groups]

    def redo(self, seat: int | None = None) -> None:
        """Restore exactly what the last undo took back; with ``seat``, only when it was that
        seat's own decision."""
        if not self._redo:
            raise IllegalMove("nothing_to_redo", "There is nothing to redo.")
        if seat is not None and not self.can_redo_for(seat):
            raise IllegalMove("redo_not_yours", "Redo restores only your own moves.")
        redo = self._redo
        group = redo.pop()
        for step in group:
            self.check(step.decision, step.seat)
            self._playing.push(step.decision)
            self.decisions.append(step)
        self._redo = redo

    def _rebuild(self, decisions: list[Decided[DecisionT]]) -> None:
        self._begin(self.start)
        for step in decisions:
            self._playing.push(step.decision)
        self.decisions = list(decisions)

    def next_round(self) -> None:
        """Start the next round (Tien Gow: the next deal, with the new banker)."""
        if not self.round.is_over:
            raise IllegalMove("round_not_over", "The round is not over yet.")
        if self.game.is_match_over(self.round):
            raise IllegalMove("match_over", "The match is over: start a new match.")
        kept = tuple(self._interned.setdefault(step.decision, step.decision) for step in self.decisions)
        self.finished.append(FinishedRound(self.start, kept))
        self._begin(self.game.next_start(self.start, self.round))

    def _history(self, index: int) -> tuple[StartT, Sequence[DecisionT]]:
        """The start and the decisions of round ``index`` (0 = the first; the current one last)."""
        if 0 <= index < len(self.finished):
            return self.finished[index].start, self.finished[index].decisions
        if index == len(self.finished):
            return self.start, [step.decision for step in self.decisions]
        raise IllegalMove("no_such_round", "There is no round {number}.", number=index + 1)

    def round_state(self, index: int) -> StateT:
        """Round ``index`` as it stands (finished rounds are rebuilt from their decisions)."""
        if index == len(self.finished):
            return self.round
        start, decisions = self._history(index)
        state = self.game.begin(start, self._deals)
        for decision in decisions:
            cast("RoundState[DecisionT]", state).push(decision)
        return state

    def round_states(self) -> Iterator[StateT]:
        """Every round so far in order, the current one last, rebuilt one at a time."""
        for index in range(len(self.finished) + 1):
            yield self.round_state(index)

    def replay_states(self, index: int) -> list[tuple[StateT, Decided[DecisionT] | None]]:
        """Round ``index`` position by position: (the state, the decision that led to it)."""
        start, decisions = self._history(index)
        state = self.game.begin(start, self._deals)
        positions: list[tuple[StateT, Decided[DecisionT] | None]] = [(state.copy(), None)]
        for decision in decisions:
            seat = state.to_act
            assert seat is not None, "a decision is taken by the seat to act"
            cast("RoundState[DecisionT]", state).push(decision)
            positions.append((state.copy(), Decided(seat, decision)))
        return positions

    def restart_round(self) -> None:
        """Replay the current round from its start: same deal, scores as before it."""
        self._begin(self.start)

    def new_match(self, seed: int | None = None) -> None:
        """Start again from zero, with ``seed`` or a fresh one."""
        self.seed = fresh_seed() if seed is None else seed
        self._deals = self.game.seeded_deals(self.seed)
        self.finished = []
        self._begin(self.game.first_start(self.seed))

    def execute(self, command: Control | DecisionT) -> None:
        """Carry out any command: a decision or a control command."""
        if isinstance(command, NextRound):
            self.next_round()
        elif isinstance(command, RestartRound):
            self.restart_round()
        elif isinstance(command, NewMatch):
            self.new_match(command.seed)
        elif isinstance(command, Undo):
            self.undo(command.seat)
        elif isinstance(command, Redo):
            self.redo(command.seat)
        else:
            self.push(command)

    def preview(self, command: Control | DecisionT, seat: int | None = None) -> Preview[DecisionT, ViewT]:
        """What ``command`` would do, seen by ``seat`` (default: the seat to act); changes nothing."""
        viewer = seat or self.round.to_act or 1
        trial = self.copy()
        trial.execute(command)
        return Preview(command, trial.view_for(viewer))


def _players(seats: Sequence[Player | str]) -> tuple[Player, ...]:
    """Four players as a match seats them: the record's kinds (its words, or their values)."""
    try:
        players = tuple(seat if isinstance(seat, Player) else Player.from_record(seat) for seat in seats)
    except ValueError:
        players = ()
    if len(players) != 4 or any(player.level is not None for player in players):
        raise IllegalMove("bad_seats", "Give four seat kinds among {kinds}.", kinds=", ".join(RECORD_WORDS))
    return players
