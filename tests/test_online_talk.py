"""The table talk across devices: undo asked of the other person and settled for everyone,
a declined question, a pause that stops the computers and says who paused, quick messages
(issue 26). Two in-process devices and a real server on loopback."""

from __future__ import annotations

from online_helpers import Device, first_legal, my_turn, play_until, run, server

from game.core.session import Acted
from online.protocol import Answer, Ask, Pause, Ping, Pong, Refused, Said, Say, Settled, State


def test_undo_is_asked_across_devices_and_settled_for_everyone_then_a_no_declines():
    async def body(url, code):
        async with Device(url, code, seat=1) as first, Device(url, code, seat=4) as other:
            turn = await play_until({1: first, 4: other}, my_turn(1))
            mark = len(other.received)
            await first.send(first_legal(turn))
            answered = await other.state(lambda s: s.position > turn.position and my_turn(4)(s), since=mark)
            after = [m for m in other.received[mark:] if isinstance(m, State) and m.position > turn.position]
            events = [e for m in after for e in m.events]  # this device may still get the states before
            acted = [e.seat for e in events if isinstance(e, Acted)]
            assert acted == [1, 2, 3], "seat 1's play, then the computers at seats 2 and 3, before seat 4's turn"
            await first.send(Ask("undo"))
            asked = await other.state(lambda s: s.asking is not None, since=len(other.received) - 1)
            assert (asked.asking.kind, asked.asking.by) == ("undo", 1)
            refused_mark = len(other.received)
            await other.send(first_legal(answered))
            refused = await other.until(lambda m: isinstance(m, Refused), since=refused_mark)
            assert refused.code == "agreement_pending"
            await other.send(Answer(True))
            for device in (first, other):
                settled = await device.until(lambda m: isinstance(m, Settled))
                assert (settled.kind, settled.by, settled.agreed) == ("undo", 1, True)
            back = await first.state(lambda s: s.asking is None and my_turn(1)(s), since=len(first.received) - 3)
            assert back.view == turn.view
            await first.send(Ask("restart"))
            await other.state(lambda s: s.asking is not None, since=len(other.received) - 1)
            mark = len(first.received)
            await other.send(Answer(False))
            declined = await first.until(lambda m: isinstance(m, Settled), since=mark)
            assert not declined.agreed
            assert first.last_state().view == turn.view

    with server("--game", "chiva", "--seed", "9", "--seats", "remote,greedy,greedy,remote") as table:
        run(body(table.url, table.code))


def test_a_pause_stops_the_computers_and_every_device_sees_who_paused_and_quick_messages():
    async def body(url, code):
        async with Device(url, code, seat=1) as first, Device(url, code, seat=2) as second:
            turn = await play_until({1: first, 2: second}, my_turn(1))
            await second.send(Pause(True))
            paused = await first.state(lambda s: s.paused_by == [2], since=len(first.received) - 1)
            await first.send(first_legal(turn))
            mine = await first.state(lambda s: s.position == turn.position + 1, since=len(first.received) - 1)
            if mine.view.to_act not in (1, 2):  # a computer is to act: it waits for the pause
                mark = len(first.received)
                await first.send(Ping(3))
                await first.until(lambda m: isinstance(m, Pong), since=mark)
                assert first.last_state().position == mine.position
            assert paused.paused_by == [2]
            await second.send(Pause(False))
            await first.state(lambda s: s.paused_by == [], since=len(first.received) - 1)
            await second.send(Say("well_played"))
            said = await first.until(lambda m: isinstance(m, Said))
            assert (said.seat, said.phrase) == (2, "well_played")

    with server("--game", "tiengow", "--seed", "5", "--seats", "remote,remote,greedy,greedy") as table:
        run(body(table.url, table.code))
