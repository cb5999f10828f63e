"""Test options shared by the whole suite: the soak behind ``--soak``, the slow tests and the
three tiers (``unit``, ``quick``, the full run; see tests/README.md, "Tiers").

``pytest -m unit`` runs the tests that start no Textual app, no process and no server;
``pytest -m "unit or quick"`` adds one Pilot smoke test per screen and the SVG snapshots;
``pytest -m "not slow"`` is the older quick loop; the full command runs everything except
the soak. The soak runs only when asked for with ``--soak``, so clearing ``addopts``
(``-o addopts=``) never starts it by surprise.

Every test also starts and ends with the game speaking English, as most tests read English
text: the language is process-wide (``rummy_tui.i18n.set_language``), so a test that switches
it, or a command-line test that picks up the system locale, must not leak it into the next.
"""

from __future__ import annotations

import contextlib
import inspect
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

sys.dont_write_bytecode = False
"""Compiled modules are kept even when ``PYTHONDONTWRITEBYTECODE`` is set (as it is on this
machine): otherwise every worker of every run compiled the package and rewrote the assertions
of every test module again (7.5 s of processor time per process, 30 s a run of four workers).
Set before the test modules and most of the package are imported; ``__pycache__`` is ignored
by git."""

import textual.constants  # noqa: E402

textual.constants.COLOR_SYSTEM = "truecolor"
"""Every app the tests start renders in true colour, as ``App.export_screenshot`` does (the
snapshots, ``screen_text``). Textual keeps a strip's rendered bytes on the strip whatever
console rendered it, and some strips (the blank lines of a width and colour) are shared by
every app of the process: with this machine's ``TERM=xterm`` an app's own console is 16-colour,
so a blank line first rendered for a screenshot reached a later app's terminal in true colour
while that app drew the rest in 16 colours. The terminal-frame checks
(``tests/ui/test_terminal_frames.py``) saw it as other background colours in blank cells, in
the whole suite only. One colour system for the process makes every rendering agree; a
player's game has one console, so it never meets this. Set on the module, not in the
environment, so that the processes the tests start keep the terminal's own."""

from rummy_tui.i18n import set_language  # noqa: E402  (after the bytecode setting)
from tests.processes import end_with_parent  # noqa: E402

SLOW_FILES = (
    "tests/bots/test_hint_claims.py",
    "tests/core/test_random_play.py",
    "tests/i18n/test_every_screen_translated.py",
    "tests/persistence/test_crash.py",
    "tests/test_benchmarks.py",
    "tests/test_cli_tmux.py",
    "tests/test_long_runs_stop.py",
    "tests/test_stopped_run.py",
    "tests/ui/test_mixed_tables.py",
    "tests/ui/test_language_snapshots.py",
    "tests/ui/test_play_boathouse.py",
    "tests/ui/test_play_classic.py",
    "tests/ui/test_play_double.py",
    "tests/ui/test_play_european.py",
    "tests/ui/test_play_rummy500.py",
    "tests/ui/test_terminal_frames.py",
    "tests/ui/test_terminate.py",
    "tests/ui/test_tmux_e2e.py",
    "tests/ui/test_tmux_kill_continue.py",
    "tests/ui/test_tmux_replay.py",
    "tests/ui/test_tmux_score_sheet.py",
    "tests/ui/test_tmux_two_players.py",
)
"""Whole files of long runs: random play, whole deals by keys or with computers, real
terminals, the crash loop and the benchmark scripts. They are marked ``slow`` here, in one
place."""
SLOW_TESTS = (
    "tests/bots/test_bots.py::test_bots_are_deterministic_for_a_seed",
    "tests/bots/test_bots.py::test_every_level_plays_a_whole_deal_legally",
    "tests/bots/test_bots.py::test_mixed_tables_and_options_play_legally",
    "tests/bots/test_bots.py::test_simulation_is_deterministic_and_rotates_seats",
    "tests/bots/test_hints.py::test_hint_gives_the_exact_arrangement_and_a_legal_move",
    "tests/bots/test_livelock.py::test_G_9_bots_do_not_loop_with_unlimited_rebuilds",
    "tests/bots/test_race.py::test_E_7_one_card_away_and_its_outs_match_a_brute_force_search",
    "tests/core/test_arrange.py::test_matches_brute_force",
    "tests/core/test_end_of_turn.py::test_G8_a_play_is_allowed_iff_a_legal_end_remains_after_it",
    "tests/core/test_end_of_turn.py::test_R5_G8_search_agrees_with_brute_force",
    "tests/core/test_end_of_turn.py::test_R5_a_take_is_allowed_iff_a_legal_sequence_uses_the_deepest_card",
    "tests/core/test_log_data.py::test_P2_english_from_data_equals_the_core_text_in_random_matches",
    "tests/core/test_log_data.py::test_P2_every_line_of_a_random_match_is_written_from_its_data",
    "tests/core/test_log_data.py::test_P2_every_record_carries_its_data_and_reads_as_the_core_wrote_it",
    "tests/core/test_offers.py::test_G10_random_play_offers_exactly_what_the_engine_allows_longer",
    "tests/core/test_rules_general.py::test_G10_every_refusal_is_one_sentence_naming_a_rule",
    "tests/core/test_takeback.py::test_P4_random_play_every_take_back_restores_the_game",
    "tests/i18n/test_hint_reasons.py::test_hint_reasons_are_in_the_language",
    "tests/i18n/test_title_screen.py::test_rules_from_the_title_screen_are_in_russian",
    "tests/persistence/test_fuzz_saves.py::test_a_mutated_save_loads_identically_or_is_refused_with_a_reason",
    "tests/persistence/test_shared_match.py::test_G11_appended_moves_replay_to_the_game_played_in_memory",
    "tests/replay/test_frames.py::test_P2_P3_an_unfinished_match_shows_no_hand_that_was_hidden_at_that_step",
    "tests/replay/test_steps.py::test_G11_every_step_of_a_finished_match_is_the_state_and_the_views_played",
    "tests/replay/test_steps.py::test_G11_every_step_of_an_unfinished_match_s_finished_deals_is_as_played",
    "tests/review/test_best_end.py::test_the_best_end_on_many_tables",
    "tests/review/test_claims.py::test_every_claim_on_many_matches_is_true",
    "tests/persistence/test_shared_match.py::test_kill_9_while_appending_loses_no_applied_move",
    "tests/persistence/test_shared_match.py::test_race_two_processes_append_the_same_number_200_times",
    "tests/test_cli.py::test_ctrl_c_stops_simulate_and_prints_the_deals_so_far_as_partial",
    "tests/test_cli.py::test_json_options_are_plain_values",
    "tests/test_cli.py::test_simulate_json_has_the_documented_keys_and_the_table_s_numbers",
    "tests/test_soak.py::test_a_tiny_soak_plays_checks_saves_and_reports",
    "tests/test_soak.py::test_two_processes_play_the_same_deals_as_one",
    "tests/ui/test_app_flow.py::test_leaving_from_the_end_of_a_deal_comes_to_a_title_that_answers",
    "tests/ui/test_app_flow.py::test_leaving_from_the_hand_off_and_staying",
    "tests/ui/test_app_flow.py::test_names_are_shown_as_written_never_as_markup",
    "tests/ui/test_app_flow.py::test_title_load_a_saved_match",
    "tests/ui/test_app_flow.py::test_title_new_game_cut_hand_off_table",
    "tests/ui/test_app_flow.py::test_title_rules_and_back_then_quit",
    "tests/ui/test_bots_and_saves.py::test_a_save_error_is_a_notice_never_a_crash",
    "tests/ui/test_bots_and_saves.py::test_an_unexpected_error_shows_no_traceback",
    "tests/ui/test_bots_and_saves.py::test_autosave_every_action_and_resume_at_the_hand_off",
    "tests/ui/test_bots_and_saves.py::test_bot_turns_run_without_hand_off_and_are_logged",
    "tests/ui/test_bots_and_saves.py::test_computers_play_a_whole_match_to_the_title_screen",
    "tests/ui/test_bots_and_saves.py::test_continue_resumes_the_latest_unfinished_match",
    "tests/ui/test_bots_and_saves.py::test_hand_off_only_to_the_next_person_after_computer_turns",
    "tests/ui/test_footer_phase.py::test_G_footer_offers_only_the_keys_of_the_phase",
    "tests/ui/test_help_keys.py::test_every_key_on_the_table_key_bar_is_in_the_help",
    "tests/ui/test_help_keys.py::test_question_mark_on_the_title_screen_opens_its_help",
    "tests/ui/test_hint_count.py::test_hints_used_show_at_the_end_of_the_deal_and_are_saved",
    "tests/ui/test_issue13_text.py::test_classic_end_of_deal_shows_what_the_winner_laid_down",
    "tests/ui/test_lifecycle.py::test_a_crash_in_a_saved_match_says_it_was_saved",
    "tests/ui/test_lifecycle.py::test_a_match_that_ends_while_the_records_are_locked_is_recorded_once_later",
    "tests/ui/test_lifecycle.py::test_title_continue_is_not_won_by_a_date_in_year_9999",
    "tests/ui/test_match_end.py::test_damaged_records_database_never_stops_play",
    "tests/ui/test_match_end.py::test_finished_match_recorded_then_play_again_turns_the_seats",
    "tests/ui/test_match_end.py::test_match_end_new_game_and_title",
    "tests/ui/test_match_end.py::test_new_game_menu_opens_with_the_last_table_and_clear_resets_it",
    "tests/ui/test_match_end.py::test_take_backs_off_in_the_menu_reaches_the_match",
    "tests/ui/test_menu_snapshots.py::test_new_game_first_view",
    "tests/ui/test_menu_snapshots.py::test_new_game_problems_explained",
    "tests/ui/test_menus.py::test_load_clear_finished_asks_first",
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
    "tests/ui/test_menus.py::test_new_game_variant_entries_give_the_seat_range_once",
    "tests/ui/test_menus.py::test_rules_screen_pages_through_variants",
    "tests/ui/test_menus.py::test_rules_screen_shows_options_in_force_and_closes",
    "tests/ui/test_mouse_and_display.py::test_a_whole_turn_with_the_mouse",
    "tests/ui/test_mouse_and_display.py::test_click_the_stock_to_draw",
    "tests/ui/test_mouse_and_display.py::test_help_lists_every_key_and_switches_the_card_display",
    "tests/ui/test_mouse_and_display.py::test_hint_key_is_gone_when_hints_are_off",
    "tests/ui/test_mouse_and_display.py::test_hint_key_shows_the_hint",
    "tests/ui/test_mouse_and_display.py::test_one_person_watches_the_computer_with_their_own_hand",
    "tests/ui/test_mouse_and_display.py::test_sort_and_arrange_the_hand_by_hand",
    "tests/ui/test_new_game_words.py::test_a_drop_down_s_footer_speaks_the_language",
    "tests/ui/test_new_game_words.py::test_a_started_match_ends_the_draft",
    "tests/ui/test_new_game_words.py::test_ctrl_c_says_how_to_quit_in_the_language",
    "tests/ui/test_new_game_words.py::test_esc_keeps_what_was_typed_for_the_next_opening",
    "tests/ui/test_new_game_words.py::test_g2_a_remembered_name_that_no_longer_fits_never_blocks_the_menu",
    "tests/ui/test_new_game_words.py::test_g2_russian_menu_starts_with_a_computer_seat_at_every_level",
    "tests/ui/test_new_game_words.py::test_option_labels_and_choices_read_whole_at_80x24",
    "tests/ui/test_new_game_words.py::test_seat_labels_and_seat_kinds_read_whole_at_80x24",
    "tests/ui/test_outside_text.py::test_a_bracket_in_player_names_keeps_the_load_screen_working",
    "tests/ui/test_outside_text.py::test_hostile_names_at_the_end_of_a_match",
    "tests/ui/test_outside_text.py::test_hostile_names_typed_in_the_new_game_menu",
    "tests/ui/test_outside_text.py::test_hostile_saves_and_records_show_as_plain_text",
    "tests/ui/test_outside_text.py::test_rummy_load_and_continue_show_hostile_files_as_plain_text",
    "tests/ui/test_player_to_act_in_view.py::test_the_player_to_act_is_in_view_at_80x24_with_twelve",
    "tests/ui/test_polish.py::test_B1_hoyle_two_card_draw_names_the_top_discard_and_not_the_card_under_it",
    "tests/ui/test_polish.py::test_a_hand_arranged_by_hand_keeps_its_order_and_says_so",
    "tests/ui/test_polish.py::test_a_sorted_hand_stays_sorted_after_drawing",
    "tests/ui/test_polish.py::test_computers_wait_while_the_leave_menu_or_help_is_open",
    "tests/ui/test_privacy.py::test_G6_no_question_when_the_joker_can_only_be_one_card",
    "tests/ui/test_privacy.py::test_P1_hand_off_shows_no_card_of_the_previous_or_next_player",
    "tests/ui/test_privacy.py::test_P1_no_hand_is_drawn_before_its_owners_enter_on_any_road",
    "tests/ui/test_privacy.py::test_P1_table_shows_only_the_own_hand_and_public_counts",
    "tests/ui/test_privacy.py::test_R6_lay_off_shown_in_front_of_the_player_who_laid_it",
    "tests/ui/test_qa_regressions.py::test_B3_go_out_refusal_names_only_the_cards_that_fit_nowhere",
    "tests/ui/test_qa_regressions.py::test_R13_partners_are_shown_at_the_table",
    "tests/ui/test_qa_regressions.py::test_lay_off_refusal_with_several_melds_does_not_name_just_one",
    "tests/ui/test_qa_regressions.py::test_new_deal_starts_with_a_sorted_hand_and_no_new_card_marks",
    "tests/ui/test_records_screen.py::test_records_screen_last_matches_of_a_variant",
    "tests/ui/test_records_screen.py::test_records_screen_says_when_records_are_off",
    "tests/ui/test_records_screen.py::test_records_screen_shows_each_player_per_variant",
    "tests/ui/test_records_screen.py::test_records_screen_sorts_by_any_column",
    "tests/ui/test_records_screen.py::test_records_screen_sparkline_of_the_last_results",
    "tests/ui/test_redraw_what_changed.py::test_a_draw_repaints_only_the_drawers_line_of_the_players",
    "tests/ui/test_save_safety.py::test_a_failed_first_save_shows_not_saved_and_is_retried",
    "tests/ui/test_score_sheet.py::test_P5_a_finished_match_from_the_load_screen_opens_its_sheet",
    "tests/ui/test_score_sheet.py::test_P5_an_extra_deal_after_an_exact_tie_is_marked_on_the_sheet",
    "tests/ui/test_score_sheet.py::test_P5_c_on_the_table_opens_the_sheet_and_escape_returns",
    "tests/ui/test_score_sheet.py::test_P5_chart_is_a_line_chart_when_wide_and_sparklines_when_narrow",
    "tests/ui/test_score_sheet.py::test_P5_european_rows_name_the_E8_payment",
    "tests/ui/test_score_sheet.py::test_P5_line_chart_marks_each_player_by_letter_in_the_ascii_setting",
    "tests/ui/test_score_sheet.py::test_P5_match_end_new_game_and_play_again",
    "tests/ui/test_score_sheet.py::test_P5_match_end_shows_sheet_winner_settlement_and_chart",
    "tests/ui/test_score_sheet.py::test_P5_the_end_of_deal_button_opens_the_sheet",
    "tests/ui/test_score_sheet.py::test_P5_the_sheet_shows_every_deal_score_and_running_total",
    "tests/ui/test_score_sheet.py::test_P5_twelve_players_at_80x24_scroll_sideways_and_name_each_column",
    "tests/ui/test_screens_languages.py::test_end_of_deal",
    "tests/ui/test_screens_languages.py::test_load_screen_with_a_save",
    "tests/ui/test_screens_languages.py::test_new_game_menu",
    "tests/ui/test_screens_languages.py::test_records_screen",
    "tests/ui/test_screens_languages.py::test_score_sheet",
    "tests/ui/test_sheet_headings.py::test_records_name_every_seat_distinctly",
    "tests/ui/test_sheet_headings.py::test_twelve_headings_are_distinct_and_as_long_as_the_width_allows",
    "tests/ui/test_sheet_snapshots.py::test_snapshot_chart_twelve_players",
    "tests/ui/test_sheet_snapshots.py::test_snapshot_chart_two_players_line_chart",
    "tests/ui/test_sheet_snapshots.py::test_snapshot_records_screen",
    "tests/ui/test_sheet_snapshots.py::test_snapshot_sheet_twelve_players",
    "tests/ui/test_sheet_snapshots.py::test_snapshot_sheet_two_players",
    "tests/ui/test_snapshots.py::test_snapshot_double_rum_moved_joker",
    "tests/ui/test_snapshots.py::test_snapshot_end_of_deal",
    "tests/ui/test_snapshots.py::test_snapshot_rummy500_dig_question",
    "tests/ui/test_snapshots.py::test_snapshot_table_twelve_players_120x40",
    "tests/ui/test_snapshots.py::test_snapshot_table_two_players_120x40",
    "tests/ui/test_snapshots.py::test_snapshot_table_two_players_80x24",
    "tests/ui/test_startup.py::test_bare_rummy_first_frame_loads_only_what_the_title_shows",
    "tests/ui/test_startup.py::test_title_put_up_before_the_first_layout_stands_over_the_default_screen",
    "tests/ui/test_streak_drawing.py::test_every_computer_move_is_drawn_when_the_pace_leaves_time_to_read",
    "tests/ui/test_table_hooks.py::test_capital_L_opens_the_log_and_lower_l_stays_lay_off",
    "tests/ui/test_table_languages.py::test_table_speaks_the_language_and_switches_back",
    "tests/ui/test_table_languages.py::test_twelve_seats_fit_80x24_in_the_language",
    "tests/ui/test_take_back.py::test_P4_classic_meld_and_pile_take_taken_back_newest_first",
    "tests/ui/test_take_back.py::test_P4_computers_never_take_back_nor_is_their_move_offered",
    "tests/ui/test_take_back.py::test_P4_discard_taken_back_from_the_hand_off",
    "tests/ui/test_take_back.py::test_P4_double_rum_joker_move_and_meld_taken_back",
    "tests/ui/test_take_back.py::test_P4_european_pile_take_taken_back_and_boathouse_draw_refused",
    "tests/ui/test_take_back.py::test_P4_resumed_from_disk_after_a_take_back_equals_a_match_without_the_move",
    "tests/ui/test_take_back.py::test_P4_rummy500_dig_with_its_duty_and_a_lay_off_taken_back",
    "tests/ui/test_take_back.py::test_P4_the_cursor_stands_on_the_card_taken_back",
    "tests/ui/test_take_back.py::test_P4_the_next_person_watches_their_own_hand_while_the_computer_thinks",
    "tests/ui/test_turn_flow.py::test_P1_a_turn_resumed_after_the_draw_says_it_is_half_played",
    "tests/ui/test_turn_flow.py::test_the_save_keeps_the_hand_order_the_table_shows",
)
"""Single long tests in otherwise quick files, named without parameters (every case of a
parametrized test is slow). Chosen from ``--durations=0`` of each test directory in one process
(``-n 0``): every test over about half a second of CPU (one second of wall time on the shared
machine in session 5, two seconds on the more loaded machine of issue 22), so ``-m "not slow"``
keeps the short tests of each module and the 80x24 twelve-seat table snapshot. Checked again
against each test's processor time for issue 22's 40 s quick loop: the hint claims, the longer
random offers and seventeen interface tests over half a second were added."""


PROCESS_FILES = (
    "tests/test_cli_broken_pipe.py",
    "tests/test_serve_attacks.py",
    "tests/test_serve_browser.py",
    "tests/test_serve_real.py",
    "tests/test_own_screens_browser.py",
    "tests/test_own_screens_four.py",
    "tests/test_own_screens_tmux.py",
    "tests/test_stopped_run.py",
    "tests/persistence/test_one_window.py",
    "tests/installed/test_installed_smoke.py",
)
"""Files whose tests start processes or servers (``rummy serve``, tmux, a browser, a second
window): never in the unit tier."""
PROCESS_TESTS = (
    "tests/persistence/test_seat_codes.py::test_the_right_code_opens_its_seat_at_once_whatever_wrong_codes_others_typed",
    "tests/persistence/test_seat_takeover.py::test_a_killed_screens_seat_opens_at_once_and_a_stopped_one_is_waited_for",
    "tests/persistence/test_seat_takeover.py::test_a_newer_screen_takes_the_seat_over_from_a_live_one",
    "tests/persistence/test_shared_match.py::test_a_seat_opens_on_one_live_screen_and_again_when_that_screen_is_killed",
    "tests/ui/test_qr_blocks.py::test_a_qr_reader_reads_the_join_address_off_the_drawing",
    "tests/test_cli.py::test_help_lists_the_exit_codes",
    "tests/test_cli.py::test_simulate_minus_five_deals_exits_2_from_the_shell",
    "tests/test_cli_progress.py::test_pool_workers_see_the_parent_s_stop_event",
    "tests/test_cli_progress.py::test_ticks_from_pool_workers_reach_the_parent_bar",
    "tests/test_serve.py::test_a_page_asked_for_by_another_name_is_refused",
    "tests/test_serve.py::test_a_port_in_use_is_said_before_anything_is_served",
    "tests/test_serve.py::test_every_network_lists_this_computers_own_addresses",
    "tests/test_serve.py::test_every_network_says_who_can_now_reach_the_game",
    "tests/test_serve.py::test_the_host_gets_an_address_with_a_token_of_256_random_bits",
    "tests/test_serve.py::test_the_page_comes_whole_from_the_server_and_talks_back_to_the_address_used",
    "tests/test_serving_file.py::test_a_killed_servers_record_is_left_but_not_trusted",
    "tests/test_serving_file.py::test_a_real_server_keeps_the_record_while_it_serves_and_removes_it_on_stop",
    "tests/test_serving_file.py::test_a_record_whose_process_has_ended_is_not_trusted",
    "tests/ui/test_startup.py::test_rummy_with_a_data_folder_first_frame_loads_only_what_the_title_shows",
)
"""Single tests that start a process, a process pool or a socket in otherwise unit files
(named without parameters)."""
QUICK_TESTS = (
    # the title and the new-game menu
    "tests/ui/test_menus.py::test_title_enter_starts_a_new_game",
    # the rules pages
    "tests/ui/test_menus.py::test_rules_screen_shows_options_in_force_and_closes",
    # the load list and a dialog on it
    "tests/ui/test_menus.py::test_load_lists_newest_first_and_loads_with_enter",
    "tests/ui/test_menus.py::test_load_delete_asks_first",
    # the cut for the dealer
    "tests/ui/test_twelve_at_80x24.py::test_cut_shows_dealer_and_first_player_at_80x24_with_twelve",
    # the hand-off and the table, a person and a computer
    "tests/ui/test_turn_flow.py::test_a_person_and_a_computer_move_through_the_same_flow",
    # the take-back of a discard from the hand-off (P-4)
    "tests/ui/test_take_back.py::test_P4_discard_taken_back_from_the_hand_off",
    # the end of a deal and the score sheet
    "tests/ui/test_score_sheet.py::test_P5_the_end_of_deal_button_opens_the_sheet",
    "tests/ui/test_score_sheet.py::test_P5_c_on_the_table_opens_the_sheet_and_escape_returns",
    # the full-screen log
    "tests/ui/test_table_hooks.py::test_capital_L_opens_the_log_and_lower_l_stays_lay_off",
    # the guide and the key help
    "tests/ui/test_guide.py::test_f1_opens_the_guide_in_the_players_language",
    "tests/ui/test_help_keys.py::test_question_mark_on_the_title_screen_opens_its_help",
    # the records
    "tests/ui/test_records_screen.py::test_records_screen_with_no_match_yet",
    # the replay, from Load to the score sheet to its keys and the deal picker
    "tests/ui/test_replay_screen.py::test_load_a_finished_match_then_replay_step_jump_and_pick_a_deal",
    # a served guest's join prompt
    "tests/test_serve_guest.py::test_a_guest_window_is_the_join_prompt_and_esc_keeps_it",
    # own screens: the list on a joined screen (P-6) and the P-4 gate across screens
    "tests/ui/test_own_screens_seats.py::test_P6_a_joined_screen_has_no_list_of_own_screens_and_says_why",
    "tests/ui/test_own_screens_seats.py::test_P4_bobs_discard_is_not_taken_back_once_cy_pressed_enter_at_her_hand_off",
)
"""One Pilot smoke test per screen (named without parameters), marked ``quick``; every test
that asks for ``snap_compare`` (the SVG snapshots) is ``quick`` too."""


def starts_textual(item: pytest.Item) -> bool:
    """Whether ``item`` is a Pilot or snapshot test: every test here that starts a Textual app
    is a coroutine (``async with app.run_test()``) or asks for ``snap_compare``."""
    function = getattr(item, "obj", None)
    return inspect.iscoroutinefunction(function) or "snap_compare" in getattr(
        item, "fixturenames", ()
    )


def is_unit(item: pytest.Item, path: str, test: str) -> bool:
    """The unit tier's rule: not slow, no Textual app, no process or server (the lists)."""
    return not (
        item.get_closest_marker("slow") is not None
        or starts_textual(item)
        or path in PROCESS_FILES
        or test in PROCESS_TESTS
    )


class UnitTierViolation(BaseException):
    """A test marked ``unit`` started a Textual app, a process or a socket (a BaseException,
    so that no ``except Exception`` in the code under test hides it)."""


FORBIDDEN_IN_UNIT = (
    ("textual.app", "App", "run_test"),
    ("textual.app", "App", "run"),
    ("textual.app", "App", "run_async"),
    ("subprocess", "Popen", "__init__"),
    ("socket", "socket", "connect"),
    ("socket", "socket", "bind"),
    ("multiprocessing.process", "BaseProcess", "start"),
    ("os", None, "fork"),
    ("os", None, "system"),
)
"""What a unit test may not call: Textual's app runners, a new process, a socket that
connects or listens."""


INHERITED = object()
"""Marks a forbidden name that its owner inherits (put back by deleting the stand-in)."""


@contextlib.contextmanager
def unit_guard(item: pytest.Item) -> Iterator[None]:
    """While ``item`` runs (setup, call, teardown), every entry of :data:`FORBIDDEN_IN_UNIT`
    raises :class:`UnitTierViolation`; a violation caught by the code under test still fails
    the test at the end."""
    import importlib

    seen: list[str] = []
    saved: list[tuple[Any, str, Any]] = []
    for module_name, owner_name, name in FORBIDDEN_IN_UNIT:
        module = importlib.import_module(module_name)
        owner = getattr(module, owner_name) if owner_name else module
        what = f"{module_name}.{owner_name + '.' if owner_name else ''}{name}"

        def refuse(*_args: Any, _what: str = what, **_kwargs: Any) -> Any:
            message = (
                f"{item.nodeid} is marked unit but called {_what}: a unit test starts no "
                "Textual app, process or server (make it async, or list it in PROCESS_FILES "
                "or PROCESS_TESTS of tests/conftest.py)"
            )
            seen.append(message)
            raise UnitTierViolation(message)

        saved.append((owner, name, owner.__dict__.get(name, INHERITED)))
        setattr(owner, name, refuse)
    try:
        yield
    finally:
        for owner, name, original in saved:
            if original is INHERITED:  # socket.socket.connect lives on _socket.socket
                delattr(owner, name)
            else:
                setattr(owner, name, original)
    if seen:
        pytest.fail(seen[0], pytrace=False)


class UnitGuard:
    """The guard of the unit tier, as a plugin registered for the whole run, so that it holds
    for the doctests of the package too (fixtures of this file reach only tests/)."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        yield from self._guarded(item)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        yield from self._guarded(item)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Iterator[None]:
        yield from self._guarded(item)

    @staticmethod
    def _guarded(item: pytest.Item) -> Iterator[None]:
        if item.get_closest_marker("unit") is None:
            yield
            return
        with unit_guard(item):
            yield


def stop_as_if_interrupted(signum: int, _frame: Any) -> None:
    """SIGTERM (and a worker's parent gone) stops the run as Ctrl+C does: the test under way
    is interrupted and every fixture's finalizer runs, so no server is left behind."""
    raise KeyboardInterrupt(f"signal {signum}")


UNIT_WORKERS = 2
"""Workers for ``-m unit`` (unless ``-n`` is given): the unit tests never wait, so two workers
fill the two cores, and each further worker only collects the suite again (3 s of processor
time each). Measured on the loaded machine: 23 s wall with two, 29 s with three, 41 s with
four."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist turns -n into workers
def pytest_cmdline_main(config: pytest.Config) -> None:
    asked = config.invocation_params.args
    given = any(arg.startswith(("-n", "--numprocesses")) for arg in asked)
    workers = getattr(config.option, "numprocesses", None)  # None with -p no:xdist
    if config.option.markexpr.strip() == "unit" and not given and workers:
        config.option.numprocesses = UNIT_WORKERS


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(UnitGuard(), "rummy-unit-guard")
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop_as_if_interrupted)
    if hasattr(config, "workerinput"):  # a pytest-xdist worker ends with the run
        end_with_parent()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long random-play soak (RUMMY_SOAK_DEALS deals per case)",
    )


GROUPED_FILES = (
    "tests/i18n/test_catalogs.py",
    "tests/i18n/test_log_lines.py",
    "tests/ui/test_language_snapshots.py",
    "tests/ui/test_menu_snapshots.py",
    "tests/ui/test_sheet_snapshots.py",
    "tests/ui/test_snapshots.py",
    "tests/ui/test_twelve_at_80x24.py",
)
"""Files whose tests stay in one worker (``--dist loadgroup``, the file is the
``xdist_group``): the snapshot files (one worker compares and reports a file's pictures) and
the files with a module-scoped fixture (built once, not once per worker). Every other test
goes to whichever worker is free, so the two workers end within one test of each other; the
real-terminal tests need no group, as each names its tmux session after its process."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    soak = config.getoption("--soak")
    skip_soak = pytest.mark.skip(reason="the soak runs only with --soak")
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        test = item.nodeid.split("[", 1)[0]
        if path in GROUPED_FILES:
            item.add_marker(pytest.mark.xdist_group(path))
        slow = path in SLOW_FILES or test in SLOW_TESTS
        if slow or item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.slow)
        if is_unit(item, path, test):
            item.add_marker(pytest.mark.unit)
        elif test in QUICK_TESTS or "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.quick)
        if item.get_closest_marker("soak") is not None and not soak:
            item.add_marker(skip_soak)


@pytest.fixture(autouse=True)
def own_settings_file(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test reads and writes a settings file of its own (``RUMMY_CONFIG``), never the
    person's in the user config folder; a test that wants a file writes it there."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("RUMMY_CONFIG", str(folder / "config.toml"))
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def fresh_guess_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test is a screen that has typed no wrong code yet (the pace of wrong guesses is
    kept in the process's memory, and one worker runs many tests)."""
    from rummy_tui.persistence import seat_codes

    monkeypatch.setattr(seat_codes, "PACE", seat_codes.GuessPace())


@pytest.fixture(autouse=True)
def speak_english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
