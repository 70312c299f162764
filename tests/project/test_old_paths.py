"""The module paths of before 0.1 keep working (issue: folders that show the architecture).

Bugami's rules moved into :mod:`bugami.core`, the pictures into :mod:`bugami.pictures`
and the analyses into :mod:`bugami.analysis`. Each old path still imports and names
the same objects: the table below is every old public module's ``__all__`` as it was
before the move.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

# old path: (new path, the old module's public names)
OLD_PATHS: dict[str, tuple[str, str]] = {
    "bugami.cards": (
        "bugami.core.cards",
        "Bid Card MAX_JOKERS MISERE Misere Suit deck parse_bid parse_cards",
    ),
    "bugami.rules": (
        "bugami.core.rules",
        "FIELDS MAX_PLAYERS MAX_TARGET MIN_PLAYERS RuleField Rules STANDARD",
    ),
    "bugami.actions": ("bugami.core.actions", "Action BidAction PlayAction parse_action"),
    "bugami.state": ("bugami.core.state", "Deal Phase Trick"),
    "bugami.dealing": (
        "bugami.core.dealing",
        "MAX_SEED_BYTES MAX_SEED_DIGITS Seed SeedStream deal seed_bytes",
    ),
    "bugami.events": (
        "bugami.core.events",
        "BidMade CardPlayed DealScored DealStarted Event GameOver PlayStarted TrickWon",
    ),
    "bugami.game": ("bugami.core.game", "Game new_game"),
    "bugami.match": ("bugami.core.match", "Match MatchView"),
    "bugami.view": ("bugami.core.view", "DealView GameView SpectatorGameView SpectatorView view"),
    "bugami.play": (
        "bugami.core.play",
        "bid can_bid can_play check_bid check_play legal_bids legal_moves play",
    ),
    "bugami.scoring": (
        "bugami.core.scoring",
        "ALL_TRICKS MISERE_MADE NO_TRICKS PER_CLEAN_TRICK points score winner",
    ),
    "bugami.hands": (
        "bugami.core.hands",
        (
            "HandFeatures HandLike hand_features hand_text high_cards joker_count "
            "mask_features strength suit_lengths voids"
        ),
    ),
    "bugami.frontend": (
        "bugami.core.frontend",
        "apply legal_actions payload_schema replay root step",
    ),
    "bugami.sampling": ("bugami.core.sampling", "sample_deal"),
    "bugami.dealer": (
        "bugami.core.dealer",
        "Accept DEFAULT_MAX_TRIES DealNotFoundError Fixed deal_where deals_where",
    ),
    "bugami.render": (
        "bugami.pictures.render",
        (
            "argute_html argute_text argute_tricks_text bid_text card_text deal_html deal_svg "
            "deal_text game_html game_text hand_svg hand_text record_html score_sheet "
            "score_sheet_html text_table trick_svg trick_text tricks_html tricks_table"
        ),
    ),
    "bugami.plots": (
        "bugami.pictures.plots",
        "Rows bid_evaluation bid_success score_distribution strength_vs_points",
    ),
    "bugami.evaluation": (
        "bugami.analysis.evaluation",
        "BidEstimate BidEvaluation DEFAULT_DEALS evaluate_bids",
    ),
    "bugami.simulate": (
        "bugami.analysis.simulate",
        (
            "ARGUTE_MAX_DEALS ArguteRow Row RowT Simulation SimulationError WORKERS_PER_CPU "
            "argute_rows deal_rows game_rows max_workers simulate summarize to_pandas "
            "write_csv write_jsonl"
        ),
    ),
    "bugami.reviews": (
        "bugami.analysis.reviews",
        (
            "DEFAULT_SAMPLES Decision EXACT_TRICKS Hint LABELS MAX_NODES Review SeatSummary "
            "THRESHOLDS hint json_schema review review_many"
        ),
    ),
}


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_names_the_same_objects(old: str) -> None:
    new, names = OLD_PATHS[old]
    before = importlib.import_module(old)
    after = importlib.import_module(new)
    assert set(names.split()) <= set(before.__all__)
    for name in names.split():
        assert getattr(before, name) is getattr(after, name), name


def test_the_face_reaches_the_old_paths_as_attributes() -> None:
    import bugami

    assert bugami.cards.Card is bugami.Card
    assert bugami.rules.Rules is bugami.Rules
    assert bugami.hands.hand_features is bugami.hand_features
    assert bugami.dealer.deal_where is bugami.deal_where


@pytest.mark.processes
def test_importing_an_old_path_keeps_the_faces_functions() -> None:
    # ``bugami.play`` and ``bugami.view`` are functions of the face and old module
    # paths at once: importing the module must not replace the function.
    code = (
        "import bugami.play, bugami.view, bugami.cards\n"
        "from bugami.play import legal_moves\n"
        "import bugami\n"
        "assert callable(bugami.play) and callable(bugami.view)\n"
        "assert bugami.cards is bugami.core.cards and legal_moves is bugami.legal_moves\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
