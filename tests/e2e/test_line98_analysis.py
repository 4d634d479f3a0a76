"""Line 98's analysis overlay, history slider and computer play in a real JupyterLab.

The view publishes what it shows as data attributes on ``[data-game=line98]``:
``data-overlay`` (how many cells the overlay colours, 0 = none), ``data-arrow``
("r,c>r,c", the chosen move), ``data-thinking``, ``data-history`` ("index/last",
the position shown of the game so far) and ``data-history-mode`` ("live" | "back").
Screenshots go to tests/e2e/screenshots/line98-analysis-*.png.
"""


from .lab import OPEN_TIMEOUT
from .line98_page import ROOT, attr, open_game
from .square_grid import CANVAS, click_cell

BACK = "[data-action=history-back]"
FORWARD = "[data-action=history-forward]"
LIVE = "[data-action=history-live]"
SLIDER = "[data-control=history]"
BANNER = ".gw-banner[data-banner=history]"


def flat(board):
    return [v for row in board for v in row]


def test_show_draws_the_analysis_and_the_next_move_clears_it(lab):
    page = open_game(lab)
    assert attr(page, "data-overlay") == "0"
    assert page.locator(".gw-legend").is_hidden()
    lab.execute("a = BuildPlayer(seed=1).analyse(w.game); w.show(a)")
    overlay = lab.evaluate("w.overlay")
    assert overlay["cells"] and overlay["arrow"] == [[6, 8], [3, 4]]
    lab.wait_for_attr(ROOT, "data-overlay", len(overlay["cells"]))
    lab.wait_for_attr(ROOT, "data-arrow", "6,8>3,4")
    # the title is in the status line, with a legend of the colour scale
    assert page.locator(".gw-status").text_content() == overlay["title"]
    assert page.locator(".gw-legend").is_visible()
    lab.screenshot("line98-analysis-overlay", page.locator(ROOT))
    # the board stays playable under the overlay; the move clears it
    (sr, sc), (tr, tc) = overlay["arrow"]
    click_cell(page, sr, sc)
    lab.wait_for_attr(ROOT, "data-selected", f"{sr},{sc}")
    assert attr(page, "data-overlay") == str(len(overlay["cells"]))  # a selection keeps it
    click_cell(page, tr, tc)
    lab.wait_for_attr(ROOT, "data-moves", 1)
    lab.wait_for_attr(ROOT, "data-overlay", 0)
    lab.wait_for_attr(ROOT, "data-arrow", "")
    assert lab.evaluate("[w.overlay, w.score]") == [{}, 10]
    assert page.locator(".gw-legend").is_hidden()
    assert page.locator(".gw-status").text_content() != overlay["title"]
    # show(None) takes a shown overlay away too
    lab.execute("w.show(BuildPlayer(seed=1).analyse(w.game))")
    lab.wait_for_attr(ROOT, "data-overlay", lab.evaluate("len(w.overlay['cells'])"))
    lab.execute("w.show(None)")
    lab.wait_for_attr(ROOT, "data-overlay", 0)


def test_the_history_slider_looks_back_without_losing_the_game(lab):
    page = open_game(lab)
    assert page.locator(".gw-history").is_hidden()  # no move yet: nothing to look back at
    # ... and its row leaves no gap under the board, which is sized for it all the same
    board = page.locator(CANVAS).bounding_box()
    settings = page.locator(".gw-settings").bounding_box()
    assert settings["y"] - (board["y"] + board["height"]) < 20
    lab.execute("p = BuildPlayer(seed=1)\nfor _ in range(3):\n    w.play(p.choose(w.game))")
    lab.wait_for_attr(ROOT, "data-moves", 3)
    lab.wait_for_attr(ROOT, "data-history", "3/3")
    lab.wait_for_attr(ROOT, "data-state", "playing")
    assert attr(page, "data-history-mode") == "live"
    assert page.locator(".gw-history").is_visible() and page.locator(BANNER).is_hidden()
    assert page.locator(CANVAS).bounding_box() == board  # the row came: the board did not move
    history = lab.evaluate("[step.game.board.tolist() for step in w.history]")
    live = lab.evaluate("[w.board, w.score, w.moves, w.position]")
    assert flat(history[3]) == live[0]

    # the ◀ button steps back one move; Python shows that position
    page.locator(BACK).click()
    lab.wait_for_attr(ROOT, "data-history", "2/3")
    assert lab.evaluate("[w.history_index, w.looking_back]") == [2, True]
    assert lab.evaluate("w.board") == flat(history[2])
    # PageUp (the board has focus after a click) steps further back
    page.locator(CANVAS).focus()
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "1/3")
    assert lab.evaluate("w.board") == flat(history[1])
    assert attr(page, "data-history-mode") == "back"
    assert page.locator(BANNER).is_visible()
    assert "move 1 of 3" in page.locator(BANNER).text_content()
    assert page.locator("[data-action=undo]").is_disabled()
    assert attr(page, "data-moves") == "3"  # the game itself is untouched
    lab.screenshot("line98-analysis-history", page.locator(ROOT))

    # looking back is read-only: clicks and keys on the board send nothing
    before = lab.evaluate("[w.last_event['id'], w.position, w.selected]")
    board = flat(history[1])
    ball = next(i for i, v in enumerate(board) if v)
    click_cell(page, *divmod(ball, 9))
    page.keyboard.press("Enter")
    page.keyboard.press("u")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.last_event['id'], w.position, w.selected]") == before
    assert lab.evaluate("[w.history_index, w.moves]") == [1, 3]

    # the slider itself: Home goes to the start, ▶ steps forward
    page.locator(SLIDER).focus()
    page.keyboard.press("Home")
    lab.wait_for_attr(ROOT, "data-history", "0/3")
    assert lab.evaluate("[w.board, w.score]") == [flat(history[0]), 0]
    page.locator(FORWARD).click()
    lab.wait_for_attr(ROOT, "data-history", "1/3")
    # "Back to game" returns to the live position; nothing was lost
    page.locator(LIVE).click()
    lab.wait_for_attr(ROOT, "data-history", "3/3")
    lab.wait_for_attr(ROOT, "data-history-mode", "live")
    assert page.locator(BANNER).is_hidden()
    assert lab.evaluate("[w.board, w.score, w.moves]") == live[:3]
    assert lab.evaluate("[w.looking_back, len(w.game.moves), w.can_undo]") == [False, 3, True]
    assert page.locator("[data-action=undo]").is_enabled()
    # and with the keyboard: [ back, ] forward, Esc back to the game
    page.locator(CANVAS).focus()
    page.keyboard.press("[")
    page.keyboard.press("[")
    lab.wait_for_attr(ROOT, "data-history", "1/3")
    page.keyboard.press("]")
    lab.wait_for_attr(ROOT, "data-history", "2/3")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", "3/3")
    # the game goes on from where it was
    lab.execute("w.play(p.choose(w.game))")
    lab.wait_for_attr(ROOT, "data-history", "4/4")
    assert lab.evaluate("w.moves") == 4


def test_watch_animates_a_computer_player_without_blocking_the_kernel(lab):
    page = open_game(lab)
    # record every state the view goes through
    page.evaluate(
        """() => {
          const root = document.querySelector('[data-game=line98]');
          window.__seen = new Set();
          const note = () => {
            window.__seen.add('state:' + root.dataset.state);
            window.__seen.add('thinking:' + root.dataset.thinking);
            if (root.dataset.overlay !== '0' && !window.__seen.has('overlay')) {
              window.__seen.add('overlay');
              window.__overlay = [Number(root.dataset.overlay), root.dataset.arrow];
            }
          };
          new MutationObserver(note).observe(root, { attributes: true });
          note();
        }"""
    )
    # watch returns at once (checked in the same cell, before the loop runs the task)
    lab.execute("task = w.watch(BuildPlayer(seed=1), moves=3, delay=0.6)\nat_once = [w.moves, task.done()]")
    assert lab.evaluate("at_once") == [0, False]
    assert lab.execute("21 * 2") == "42"  # the kernel answers while the player plays
    page.wait_for_function("() => window.__seen.has('thinking:true')")
    lab.screenshot("line98-analysis-thinking", page.locator(ROOT))
    lab.until("w.moves == 3")
    lab.wait_for_attr(ROOT, "data-moves", 3)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    lab.wait_for_attr(ROOT, "data-thinking", "false")
    assert lab.evaluate("[task.done(), w.thinking, w.history_length, w.score]") == [True, False, 4, 10]
    assert attr(page, "data-history") == "3/3"
    seen = set(page.evaluate("[...window.__seen]"))
    assert {"state:animating", "state:playing", "thinking:true", "thinking:false"} <= seen
    assert "overlay" not in seen
    assert attr(page, "data-event") == str(lab.evaluate("w.last_event['id']"))
    # explain=True shows each analysis before its move; the move clears it
    lab.execute("task = w.watch('build', moves=1, delay=1.0, explain=True)")
    page.wait_for_function("() => window.__seen.has('overlay')")
    shown, arrow = page.evaluate("window.__overlay")  # as it was when it came, before the move
    assert shown > 0 and arrow
    lab.screenshot("line98-analysis-explain", page.locator(ROOT))
    lab.until("w.moves == 4 and task.done()")
    lab.wait_for_attr(ROOT, "data-moves", 4)
    lab.wait_for_attr(ROOT, "data-overlay", 0)
    lab.wait_for_attr(ROOT, "data-history", "4/4")


def test_suggest_draws_the_experts_analysis_of_the_position(lab):
    page = open_game(lab)
    page.locator(CANVAS).focus()
    page.keyboard.press("s")
    lab.until("w.overlay.get('title', '').startswith('expert:')")
    overlay = lab.evaluate("w.overlay")
    lab.wait_for_attr(ROOT, "data-overlay", len(overlay["cells"]))
    assert attr(page, "data-arrow") == "{},{}>{},{}".format(*overlay["arrow"][0], *overlay["arrow"][1])
    assert page.locator(f"{ROOT} .gw-status").inner_text().startswith("expert:")
    lab.screenshot("line98-analysis-suggest", page.locator(ROOT))
    page.locator(f"{ROOT} [data-action=suggest]").click()  # the button does the same
    lab.round_trip(ROOT)
    assert lab.evaluate("w.error") == ""


def test_suggest_asks_the_master_when_chosen_and_says_so_while_it_thinks(lab):
    page = open_game(lab)
    button = page.locator(f"{ROOT} [data-action=suggest]")
    lab.execute("w.show(None); w.suggest_level = 'master'")
    try:
        lab.wait_for_attr(f"{ROOT} [data-action=suggest]", "data-level", "master")
        assert "what the master would play" in button.get_attribute("title")
        lab.execute("w.thinking = True")  # what suggest() sets while the master works
        lab.wait_for_attr(ROOT, "data-thinking", "true")
        assert page.locator(f"{ROOT} .gw-status").inner_text().startswith("The master is looking for a move")
        assert button.is_disabled()
        lab.execute("w.thinking = False")
        lab.wait_for_attr(ROOT, "data-thinking", "false")
        button.click()
        # the first master of a fresh environment compiles its rollouts (numba) before it answers
        lab.until("w.overlay.get('title', '').startswith('master:') and not w.thinking", timeout=OPEN_TIMEOUT)
        lab.round_trip(ROOT)
        assert page.locator(f"{ROOT} .gw-status").inner_text().startswith("master:")
    finally:
        lab.execute("w.suggest_level = 'expert'")  # a remembered setting: the next tests' widgets start as before
