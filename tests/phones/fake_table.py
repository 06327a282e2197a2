"""A small :class:`companion.phones.server.Table` for the phone server's own tests: two
players, each with a secret of their own, and a private prompt that is Ada's."""

from __future__ import annotations

SECRETS = {"Ada": "Kid 5", "Bo": "Location 9", "Cy": "Item 2"}


class FakeTable:
    def __init__(self, players=("Ada", "Bo"), owner="Ada", game_key="game-1", language="en"):
        self.players, self.owner, self.game_key, self.language = list(players), owner, game_key, language
        self.revision = 1
        self.chosen: list[tuple[str, str, int | None]] = []

    def shared(self) -> dict:
        return {"game_key": self.game_key, "players": self.players, "language": self.language,
                "title": "CLUE: IT", "turn": self.owner, "prompt": f"{self.owner}: make your accusation",
                "todo": [{"kind": "other", "text": "Put the Kid pawn back"}], "news": [], "over": False,
                "revision": self.revision}

    def private(self, player: str) -> dict:
        prompt = None
        if player == self.owner:
            prompt = {"text": "Which Kid?", "choices": [
                {"key": "pick:kid-5", "label": "Kid 5", "private": True},
                {"key": "pick:kid-6", "label": "Kid 6", "private": True},
                {"key": "accuse-restart", "label": "Start again", "private": False}]}
        return {"type": "private", "player": player, "view": {"accusation": [SECRETS[player]]},
                "headings": {"accusation": "Your accusation so far"}, "prompt": prompt}

    async def choose(self, player: str, key: str, revision):
        self.chosen.append((player, key, revision))
        self.revision += 1
        return True, ""
