"""The record envelope both games share: internal, with no stability promise.

The formats (JSON and the text notation), the sheet they read into and write
from, the replay that checks a record, records for one seat, and the
:class:`Record` itself know nothing of either game: each game registers its
:class:`~bugami._records.kinds.GameKind` (Bugami's in :mod:`bugami.record`,
Argute's in :mod:`bugami.argute.records`). Use :mod:`bugami.record` and
:mod:`bugami.argute` instead.
"""
