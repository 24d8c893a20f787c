"""A backup carries a game's time called and adjustments: exported and imported into an empty
database, the game answers with the same totals, adjustments and time called."""

from __future__ import annotations

import json

from extensions import db
from testsupport.database import stored_game
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, NAMES, enter, start_game


def test_time_called_and_adjustments_come_back_from_a_backup(
    app, client, runner, own_app, tmp_path
):
    token = start_game(client, **NAMES)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])
    page = Page(client.get(f"/g/{token}/hands/1/adjustment"))
    form = page.form(action=f"/g/{token}/hands/1/adjustment")
    assert submit(client, form, {"side": "1", "points": "-20", "reason": "renege"}).status_code
    page = Page(client.get(f"/g/{token}"))
    assert submit(client, page.form(action=f"/g/{token}/time")).status_code == 303
    view = stored_game(app, token).view_token
    before = client.get(f"/v/{view}.json").get_json()
    assert before["time_called_after"] == 2
    assert before["adjustments"][0]["reason"] == "renege"
    path = tmp_path / "backup.json"
    result = runner.invoke(args=["export-games", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text(encoding="utf-8"))["tables"]["game"]["rows"]
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    other = own_app()
    done = other.test_cli_runner().invoke(args=["import-games", str(path)])
    assert done.exit_code == 0, done.output
    after = other.test_client().get(f"/v/{view}.json").get_json()
    assert after == before
