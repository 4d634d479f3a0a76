"""Mahjong Connect's teaching parts in a real JupyterLab + Chromium: the Scoring
option and the clock that starts at the first action, a lesson board (no clock, no No
more moves dialog), ``w.show_path`` (the route drawn, or what is in its way), the
solver's safe / dead-end pairs in their colours, the win dialog's breakdown of the
score, and the auto-pause of a hidden page or a view scrolled out of sight.

Page helpers: mahjong_page.py. Screenshots: tests/e2e/screenshots/mahjong-*.png.
"""

from .mahjong_page import CANVAS, PAIR, ROOT, SETUP, attr, board, click_cell, open_game

# the dragons on (1, 1) and (3, 1) are walled apart: no pair on this board can go
BLOCKED = "B1 B2 B3\nB4 DR B5\nB6 B7 B8\nC1 DR C2"
# the winds on (0, 0) and (0, 4) connect along the ring above the grid (two turns)
OUTSIDE = "WE B1 B2 B3 WE\nC1 C2 C3 C4 C5"
# the dragons on (1, 1) and (3, 3) are joined only by a path of three turns
THREE_TURNS = "C1 C2 C3 C4 C5\nC6 DG .  C7 C8\nC9 B1 .  .  B3\nB4 B5 B6 DG B7\nB8 B9 WE WS WW"
# two removable pairs: (0, 0)+(1, 0) is a dead end, (3, 0)+(3, 1) safe
TRAP = "C1 D1 B2 B1\nC1 B2 D1 D2\nD2 D1 B1 C1\nB1 B1 C1 D1"

CLOCK = f"{ROOT} .gw-header [data-stat=clock]"
SCORING = f"{ROOT} select[data-setting=scoring]"
STATUS = f"{ROOT} .gw-status"


def test_the_scoring_option_switches_the_game_and_the_clock_starts_at_the_first_action(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-scoring", "timed")
    select = page.locator(SCORING)
    assert select.input_value() == "timed" and select.is_visible()
    assert "Standard" in page.locator(f"{ROOT} [data-control=scoring]").get_attribute("title")
    assert page.locator(CLOCK).is_visible()
    # no action yet: the clock stands at 00:00
    assert attr(page, "data-clock") == "stopped" and attr(page, "data-time") == "00:00"
    assert lab.evaluate("[w.clock_running, w.seconds]") == [False, 0.0]
    lab.screenshot("mahjong-options", page.locator(ROOT))
    select.select_option("standard")
    lab.until("w.game.scoring == 'standard' and w.scoring == 'standard'")
    lab.wait_for_attr(ROOT, "data-scoring", "standard")
    assert page.locator(CLOCK).is_hidden()
    select.select_option("timed")
    lab.until("w.game.scoring == 'timed'")
    lab.wait_for_attr(ROOT, "data-scoring", "timed")
    assert page.locator(CLOCK).is_visible()
    # the first click on a tile starts the clock
    a, _ = lab.evaluate(PAIR)
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-clock", "running")
    assert lab.evaluate("w.clock_running") is True
    # from Python, the view follows
    lab.execute("w.scoring = 'standard'")
    lab.wait_for_attr(ROOT, "data-scoring", "standard")
    assert select.input_value() == "standard" and page.locator(CLOCK).is_hidden()


def test_a_lesson_board_without_a_pair_opens_no_dialog_and_shows_what_is_in_the_way(lab):
    page = open_game(lab, board(BLOCKED, lesson=True, store=None))
    lab.wait_for_attr(ROOT, "data-lesson", "true")
    lab.wait_for_attr(ROOT, "data-state", "stuck")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.stuck, w.lesson, w.scoring]") == [True, True, "standard"]
    assert page.locator("[data-dialog=stuck]").is_hidden()
    assert page.locator(STATUS).text_content() == "No pair can be removed here."
    assert page.locator(f"{ROOT} .gw-mj-lesson").is_visible()
    assert page.locator(CLOCK).is_hidden() and page.locator(f"{ROOT} [data-control=scoring]").is_hidden()
    # the tiles the lesson asks about can be clicked: the pair is refused, in words
    click_cell(page, (1, 1))
    lab.wait_for_attr(ROOT, "data-selected", "1,1")
    click_cell(page, (3, 1))
    lab.until("w.last_event['kind'] == 'refused'")
    lab.wait_for_attr(ROOT, "data-selected", "3,1")
    assert "walled apart" in page.locator(STATUS).text_content()
    assert page.locator("[data-dialog=stuck]").is_hidden()
    lab.screenshot("mahjong-lesson", page.locator(ROOT))
    # show_path: the route, and the tile in its way
    lab.execute("w.deselect()\nw.show_path((1, 1), (3, 1))")
    lab.wait_for_attr(ROOT, "data-path", "1,1>3,1")
    assert [attr(page, "data-path-open"), attr(page, "data-in-the-way")] == ["false", "1"]
    assert lab.evaluate("w.path_shown['in_the_way']") == [[2, 1]]
    status = page.locator(STATUS).text_content()
    assert "walled apart" in status and "crossed out in red" in status
    lab.screenshot("mahjong-path-blocked", page.locator(ROOT))
    lab.execute("w.show_path()")
    lab.wait_for_attr(ROOT, "data-path", "")
    assert attr(page, "data-in-the-way") == "0"
    assert page.locator(STATUS).text_content() == "No pair can be removed here."


def test_show_path_draws_the_route_round_the_ring_until_the_next_move(lab):
    page = open_game(lab, board(OUTSIDE, lesson=True, store=None, orientation="landscape"))
    lab.wait_for_attr(ROOT, "data-tiles", 10)
    lab.execute("w.show_path((0, 0), (0, 4))")
    lab.wait_for_attr(ROOT, "data-path", "0,0>0,4")
    assert [attr(page, "data-path-open"), attr(page, "data-in-the-way")] == ["true", "0"]
    assert lab.evaluate("w.path_shown['corners']") == [[0, 0], [-1, 0], [-1, 4], [0, 4]]
    assert page.locator(STATUS).text_content() == "These two connect with 2 turns."
    lab.screenshot("mahjong-path", page.locator(ROOT))
    # portrait draws the same route on the transposed board
    lab.execute("w.orientation = 'portrait'")
    lab.wait_for_attr(ROOT, "data-orientation", "portrait")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid.endsWith(',5,2')")
    assert attr(page, "data-path") == "0,0>0,4"
    lab.screenshot("mahjong-path-portrait", page.locator(ROOT))
    lab.execute("w.orientation = 'landscape'")
    lab.wait_for_attr(ROOT, "data-orientation", "landscape")
    # the pair removed: the route goes
    click_cell(page, (0, 0))
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, (0, 4))
    lab.wait_for_attr(ROOT, "data-tiles", 8)
    lab.wait_for_attr(ROOT, "data-path", "")
    assert lab.evaluate("w.path_shown") == {}
    assert "connect" not in page.locator(STATUS).text_content()


def test_show_path_explains_a_pair_needing_three_turns_and_tiles_that_do_not_match(lab):
    page = open_game(lab, board(THREE_TURNS, lesson=True, store=None, orientation="portrait"))
    lab.wait_for_attr(ROOT, "data-orientation", "portrait")
    lab.execute("w.show_path((1, 1), (3, 3))")
    lab.wait_for_attr(ROOT, "data-path", "1,1>3,3")
    assert [attr(page, "data-path-open"), attr(page, "data-in-the-way")] == ["false", "1"]
    status = page.locator(STATUS).text_content()
    assert status.startswith("Joining (1, 1) and (3, 3) needs 3 turns") and "crossed out in red" in status
    lab.screenshot("mahjong-path-three-turns", page.locator(ROOT))
    # side by side, but not a pair: the route is there, the pair still cannot go
    lab.execute("w.show_path((0, 0), (0, 1))")
    lab.wait_for_attr(ROOT, "data-path", "0,0>0,1")
    assert [attr(page, "data-path-open"), attr(page, "data-in-the-way")] == ["false", "0"]
    assert "does not match" in page.locator(STATUS).text_content()


def test_the_solver_colours_safe_pairs_and_dead_ends(lab):
    page = open_game(lab, board(TRAP, store=None))
    lab.wait_for_attr(ROOT, "data-tiles", 16)
    legend = page.locator(f"{ROOT} .gw-mj-safety-legend")
    assert legend.is_hidden() and attr(page, "data-safety") == ""
    lab.execute("w.show(Solver().analyse(w.game))")
    lab.wait_for_attr(ROOT, "data-safety", "safe:1,dead end:1,unknown:0")
    assert lab.evaluate("[w.overlay['safety'], w.overlay['next']]") == [["safe", "dead end"], [[3, 0], [3, 1]]]
    assert attr(page, "data-overlay") == "2"
    assert legend.is_visible()
    assert [legend.locator(f"[data-safety='{kind}']").text_content() for kind in ("safe", "dead end", "unknown")] == [
        "safe 1", "dead end 1", "unknown 0"]
    assert "1 safe, 1 dead ends" in page.locator(STATUS).text_content()
    lab.screenshot("mahjong-safety", page.locator(ROOT))
    # the next move takes the marks and the legend away
    click_cell(page, (3, 0))
    lab.wait_for_attr(ROOT, "data-selected", "3,0")
    click_cell(page, (3, 1))
    lab.wait_for_attr(ROOT, "data-tiles", 14)
    lab.wait_for_attr(ROOT, "data-safety", "")
    assert legend.is_hidden() and attr(page, "data-overlay") == "0"
    # a phone: the legend keeps its dots and counts, the names go to the tooltips
    page.set_viewport_size({"width": 412, "height": 915})
    lab.wait_for_attr(ROOT, "data-compact", "true")
    lab.execute("w.show(Solver().analyse(w.game))")
    legend.wait_for(state="visible")
    assert legend.locator("[data-safety=safe] span").is_hidden()
    assert legend.locator("[data-safety=safe]").get_attribute("title") == "safe"
    lab.screenshot("mahjong-phone-safety", page.locator(ROOT))


def part_text(won, part):
    return won.locator(f"[data-part={part}] b").inner_text()


def signed(n):
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def test_the_win_dialog_breaks_the_score_down(lab):
    page = open_game(lab, board("F1 .  C3 .\n.  C3 .  F4"))
    lab.wait_for_attr(ROOT, "data-tiles", 4)
    page.locator(f"{ROOT} .gw-toolbar [data-action=hint]").click()
    lab.until("w.last_event['kind'] == 'hint'")
    lab.execute("w.remove((0, 0), (1, 3))")
    click_cell(page, (0, 2))
    lab.wait_for_attr(ROOT, "data-selected", "0,2")
    click_cell(page, (1, 1))
    lab.wait_for_attr(ROOT, "data-state", "won")
    won = page.locator("[data-dialog=won]")
    won.wait_for(state="visible")
    parts = lab.evaluate("w.breakdown")
    assert list(parts) == ["pairs", "hints", "time", "bonus"] and parts["pairs"] == 20 and parts["hints"] == -10
    for part, points in parts.items():
        assert part_text(won, part) == signed(points)
    assert part_text(won, "total") == str(lab.evaluate("w.score")) == str(sum(parts.values()))
    assert won.locator("[data-part=bonus] span").inner_text() == "Time bonus"
    record = won.locator("[data-stat=record]")
    assert record.is_visible() and record.locator("span").text_content() == "Best (timed)"
    assert record.locator("b").inner_text() == str(lab.evaluate("w.record"))
    lab.screenshot("mahjong-won-breakdown", page.locator(ROOT))
    # standard scoring: pairs and hints only, its own record (none yet)
    page.locator(SCORING).select_option("standard")
    lab.until("w.game.scoring == 'standard'")
    page.wait_for_function("!document.querySelector('[data-dialog=won] [data-part=time]')")
    assert [won.locator("[data-part]").nth(i).get_attribute("data-part") for i in range(3)] == [
        "pairs", "hints", "total"]
    assert part_text(won, "total") == "10" and won.locator("[data-stat=time]").is_hidden()
    assert record.is_hidden() and lab.evaluate("w.record") == 0


HIDE_PAGE_JS = """(state) => {
    Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def hide_page(page):
    page.evaluate(HIDE_PAGE_JS, "hidden")
    page.evaluate(HIDE_PAGE_JS, "visible")  # hidden for the event, visible again for the rest


def start_clock(lab, page):
    """The player clicks a tile (their action): the clock runs."""
    a, _ = lab.evaluate(PAIR)
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    lab.wait_for_attr(ROOT, "data-clock", "running")


def test_a_hidden_page_or_a_view_out_of_sight_pauses_the_clock(lab):
    cells = [*SETUP, "from IPython.display import HTML\nHTML('<div style=\"height: 2400px\">below</div>')"]
    page = open_game(lab, cells)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    # no clock running yet: nothing to pause
    hide_page(page)
    lab.round_trip(ROOT)
    assert lab.evaluate("w.paused") is False
    start_clock(lab, page)
    hide_page(page)
    lab.until("w.paused")
    lab.wait_for_attr(ROOT, "data-state", "paused")
    page.locator("[data-dialog=paused]").wait_for(state="visible")
    page.locator("[data-dialog=paused]").click(position={"x": 20, "y": 20})  # a click resumes, as always
    lab.until("not w.paused and w.clock_running")
    # standard scoring has no clock to stop
    lab.execute("w.scoring = 'standard'")
    lab.wait_for_attr(ROOT, "data-scoring", "standard")
    hide_page(page)
    lab.round_trip(ROOT)
    assert lab.evaluate("w.paused") is False
    lab.execute("w.scoring = 'timed'")
    lab.wait_for_attr(ROOT, "data-scoring", "timed")
    # a computer player at work is not stopped
    lab.execute("w.watch('solver', moves=1, delay=0)")
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    hide_page(page)
    lab.round_trip(ROOT)
    assert lab.evaluate("w.paused") is False
    # the player's next action: the view scrolled out of sight pauses
    start_clock(lab, page)
    page.evaluate("document.querySelector('.jp-WindowedPanel-outer').scrollTop = 1e6")
    lab.until("w.paused")
    assert lab.evaluate("w.last_event['kind']") == "pause"
