"""The house speaks (issue 28): ``companion voice``, a client of the daemon's socket that says
aloud, in the table's language, what every screen shows to the whole table (the prompt, what
to do with your hands, the news, a refusal, what to put back after an undo) with short
sound cues. It never asks the daemon for anything private. See ``docs/voice.md``.

Modules, one concept each: :mod:`.settings` (the table's voice settings), :mod:`.config`
(``[voice]``), :mod:`.utterance`, :mod:`.hearing` (state messages -> what to say),
:mod:`.queue` (what is said next), :mod:`.wav`, :mod:`.engines` (espeak-ng, Piper, a test
tone), :mod:`.cache`, :mod:`.pronounce`, :mod:`.cues`, :mod:`.outputs` (a player command
or a directory), :mod:`.speaker` (renders and plays), :mod:`.client` (the socket),
:mod:`.catalogue` and :mod:`.prepare` (every fixed phrase ahead of time), :mod:`.command`.
"""
