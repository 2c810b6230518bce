"""Layer 4: save and resume from the user's data folder; a damaged save is a message, not a crash."""

from __future__ import annotations

from paintcheck.ui.holder import needs_secrets
from paintcheck.ui.session import default_save_path
from tests.ui.driver import hand_over_if_asked, new_turn2_match, play_orders_by_clicks, press


def test_every_decision_is_saved_and_the_match_resumes_exactly(app, user_data):
    new_turn2_match(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    path = default_save_path()
    assert path.is_relative_to(user_data) and path.exists()
    before = app.session
    press(app, "title")
    assert app.scene.name == "title"
    press(app, "resume")
    assert app.scene.name == "handover"  # tokens 2-5 are still face down: the screen changes hands
    hand_over_if_asked(app)
    assert app.scene.name == "match"
    after = app.session
    assert after is not before
    assert after.state.to_dict() == before.state.to_dict()
    assert [e.text for e in after.events] == [e.text for e in before.events]
    assert after.record.decisions == before.record.decisions


def test_a_damaged_save_is_reported_in_the_window(app):
    path = default_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "paintcheck-match/1", "seed": 3, "layout": {', encoding="utf-8")
    from tests.ui.driver import step

    app.scenes["title"].layout(app.size)
    step(app)
    press(app, "resume")
    assert app.scene.name == "title"
    words, _ = app.message
    assert "not valid JSON" in words and str(path) in words


def test_the_save_button_writes_the_file(app):
    new_turn2_match(app)
    press(app, "save")
    assert default_save_path().exists()
    assert "Saved to" in app.message[0]


def test_a_match_resumed_with_secret_tokens_on_the_table_opens_behind_a_hand_over(app):
    """White declared, Blue decides next while his tokens 2-5 are still secret from White: the
    resumed match must not open on Blue's table for whoever pressed Resume."""
    from tests.ui.test_turn import _play_one_decision

    new_turn2_match(app)
    for _ in range(20):  # orders, then declarations until a coach decides with tokens face down
        _play_one_decision(app)
        if app.scene.name == "handover" and app.session.state.phase == "declare":
            break
    assert app.scene.name == "handover" and needs_secrets(app.session.state, app.scene.team)
    waiting = app.scene.team
    app.switch("title")
    press(app, "resume")
    assert app.scene.name == "handover", "resumed straight onto a coach's secret tokens"
    assert app.scene.team == waiting
    press(app, "ready")
    assert app.scene.name == "match" and app.scene.viewer == app.session.to_move()
