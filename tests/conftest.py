"""Test options shared by the whole suite: the soak behind ``--soak``, and the slow tests.

``pytest -m "not slow"`` is the quick loop while working; the full command runs everything
except the soak. The soak runs only when asked for with ``--soak``, so clearing ``addopts``
(``-o addopts=``) never starts it by surprise.

Every test also starts and ends with the game speaking English, as most tests read English
text: the language is process-wide (``rummy_tui.i18n.set_language``), so a test that switches
it, or a command-line test that picks up the system locale, must not leak it into the next.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.i18n import set_language

SLOW_FILES = (
    "tests/core/test_random_play.py",
    "tests/i18n/test_every_screen_translated.py",
    "tests/persistence/test_crash.py",
    "tests/test_benchmarks.py",
    "tests/test_cli_tmux.py",
    "tests/ui/test_mixed_tables.py",
    "tests/ui/test_language_snapshots.py",
    "tests/ui/test_one_person_eleven_computers.py",
    "tests/ui/test_play_boathouse.py",
    "tests/ui/test_play_classic.py",
    "tests/ui/test_play_double.py",
    "tests/ui/test_play_european.py",
    "tests/ui/test_play_rummy500.py",
    "tests/ui/test_tmux_e2e.py",
    "tests/ui/test_tmux_kill_continue.py",
    "tests/ui/test_tmux_score_sheet.py",
)
"""Whole files of long runs: random play, whole deals by keys or with computers, real
terminals, the crash loop and the benchmark scripts. They are marked ``slow`` here, in one
place."""
SLOW_TESTS = (
    "tests/ui/test_bots_and_saves.py::test_computers_play_a_whole_match_to_the_title_screen",
    "tests/bots/test_bots.py::test_bots_are_deterministic_for_a_seed",
    "tests/bots/test_bots.py::test_every_level_plays_a_whole_deal_legally",
    "tests/bots/test_bots.py::test_mixed_tables_and_options_play_legally",
    "tests/bots/test_bots.py::test_simulation_is_deterministic_and_rotates_seats",
    "tests/bots/test_hints.py::test_hint_gives_the_exact_arrangement_and_a_legal_move",
    "tests/bots/test_race.py::test_E_7_one_card_away_and_its_outs_match_a_brute_force_search",
    "tests/core/test_arrange.py::test_matches_brute_force",
    "tests/core/test_end_of_turn.py::test_G8_a_play_is_allowed_iff_a_legal_end_remains_after_it",
    "tests/core/test_end_of_turn.py::test_R5_G8_search_agrees_with_brute_force",
    "tests/core/test_end_of_turn.py::test_R5_a_take_is_allowed_iff_a_legal_sequence_uses_the_deepest_card",
    "tests/core/test_rules_general.py::test_G10_every_refusal_is_one_sentence_naming_a_rule",
    "tests/core/test_takeback.py::test_P4_random_play_every_take_back_restores_the_game",
    "tests/test_cli.py::test_ctrl_c_stops_simulate_and_prints_the_deals_so_far_as_partial",
    "tests/test_cli.py::test_json_options_are_plain_values",
    "tests/test_cli.py::test_simulate_json_has_the_documented_keys_and_the_table_s_numbers",
    "tests/ui/test_app_flow.py::test_title_rules_and_back_then_quit",
    "tests/ui/test_hint_count.py::test_hints_used_show_at_the_end_of_the_deal_and_are_saved",
    "tests/ui/test_menu_snapshots.py::test_new_game_problems_explained",
    "tests/ui/test_menus.py::test_load_delete_asks_first",
    "tests/ui/test_menus.py::test_load_real_store_damaged_files_and_backup",
    "tests/ui/test_menus.py::test_load_real_store_rename_and_delete",
    "tests/ui/test_menus.py::test_load_rename_by_typing",
    "tests/ui/test_menus.py::test_load_rename_refused_keeps_the_dialog_with_the_reason",
    "tests/ui/test_menus.py::test_new_game_boathouse_per_card_scoring_brings_its_target",
    "tests/ui/test_menus.py::test_new_game_chosen_target_is_kept_when_scoring_changes",
    "tests/ui/test_menus.py::test_new_game_computer_seat_is_renamed_only_while_default",
    "tests/ui/test_menus.py::test_new_game_count_follows_the_variant_range",
    "tests/ui/test_menus.py::test_new_game_deal_limit_label_depends_on_target",
    "tests/ui/test_menus.py::test_new_game_defaults_start_a_classic_match",
    "tests/ui/test_menus.py::test_new_game_duplicate_names_are_refused",
    "tests/ui/test_menus.py::test_new_game_empty_name_is_explained_and_start_refused",
    "tests/ui/test_menus.py::test_new_game_escape_backs_out",
    "tests/ui/test_menus.py::test_new_game_f1_explains_the_chosen_variant",
    "tests/ui/test_menus.py::test_new_game_full_setup_by_keyboard",
    "tests/ui/test_menus.py::test_new_game_partnerships_need_four_players",
    "tests/ui/test_menus.py::test_new_game_twelve_seats_fit_at_80x24_by_scrolling",
    "tests/ui/test_menus.py::test_rules_screen_pages_through_variants",
    "tests/ui/test_menus.py::test_rules_screen_shows_options_in_force_and_closes",
    "tests/ui/test_mouse_and_display.py::test_a_whole_turn_with_the_mouse",
    "tests/ui/test_mouse_and_display.py::test_help_lists_every_key_and_switches_the_card_display",
    "tests/ui/test_polish.py::test_B1_hoyle_two_card_draw_names_the_top_discard_and_not_the_card_under_it",
    "tests/ui/test_polish.py::test_computers_wait_while_the_leave_menu_or_help_is_open",
    "tests/ui/test_privacy.py::test_R6_lay_off_shown_in_front_of_the_player_who_laid_it",
    "tests/ui/test_qa_regressions.py::test_lay_off_refusal_with_several_melds_does_not_name_just_one",
    "tests/ui/test_qa_regressions.py::test_new_deal_starts_with_a_sorted_hand_and_no_new_card_marks",
    "tests/ui/test_snapshots.py::test_snapshot_double_rum_moved_joker",
    "tests/ui/test_snapshots.py::test_snapshot_end_of_deal",
    "tests/ui/test_snapshots.py::test_snapshot_rummy500_dig_question",
    "tests/ui/test_snapshots.py::test_snapshot_table_two_players_120x40",
)
"""Single long tests in otherwise quick files, named without parameters (every case of a
parametrized test is slow). Chosen from ``--durations=0`` of the quick loop: every test over
about half a second of CPU, so ``-m "not slow"`` stays near 30 s on two quiet cores while each
module keeps its quick tests (one table snapshot and one whole app flow stay in it too)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long random-play soak (RUMMY_SOAK_DEALS deals per case)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    soak = config.getoption("--soak")
    skip_soak = pytest.mark.skip(reason="the soak runs only with --soak")
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        test = item.nodeid.split("[", 1)[0]
        slow = path in SLOW_FILES or test in SLOW_TESTS
        if slow or item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("soak") is not None and not soak:
            item.add_marker(skip_soak)


@pytest.fixture(autouse=True)
def speak_english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
