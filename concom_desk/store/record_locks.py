"""Records the law keeps as they were: approved minutes cannot change (a correction is
an amendment) and minutes are never deleted (Records Management Bulletin 02-92).
Triggers of the program's own, made and checked with the audit triggers (store.audit),
so `check` knows them by their full text and a restore keeps them."""

from __future__ import annotations

LOCKED = "approved minutes are locked: correct them with an amendment"
KEPT = "minutes are kept permanently (Records Management Bulletin 02-92): never deleted"
RELEASED_LOCKED = ("released executive-session minutes are locked: they are the record as "
                   "the commission released it")
_ITEM_LOCKED = ("(SELECT state FROM minutes WHERE id = {row}.minutes_id) = 'approved'")
LOCK_TRIGGERS = (
    f"CREATE TRIGGER lock_minutes_update BEFORE UPDATE ON minutes "
    f"WHEN OLD.state = 'approved' BEGIN SELECT RAISE(ABORT, '{LOCKED}'); END",
    f"CREATE TRIGGER lock_minutes_delete BEFORE DELETE ON minutes "
    f"BEGIN SELECT RAISE(ABORT, '{KEPT}'); END",
    f"CREATE TRIGGER lock_minutes_item_insert BEFORE INSERT ON minutes_item "
    f"WHEN {_ITEM_LOCKED.format(row='NEW')} BEGIN SELECT RAISE(ABORT, '{LOCKED}'); END",
    f"CREATE TRIGGER lock_minutes_item_update BEFORE UPDATE ON minutes_item "
    f"WHEN {_ITEM_LOCKED.format(row='OLD')} BEGIN SELECT RAISE(ABORT, '{LOCKED}'); END",
    f"CREATE TRIGGER lock_minutes_item_delete BEFORE DELETE ON minutes_item "
    f"WHEN {_ITEM_LOCKED.format(row='OLD')} BEGIN SELECT RAISE(ABORT, '{LOCKED}'); END",
    # Executive-session minutes as released (MGL c.30A §22(f)), and never deleted.
    f"CREATE TRIGGER lock_executive_minutes_update BEFORE UPDATE ON executive_minutes "
    f"WHEN OLD.released_on IS NOT NULL BEGIN SELECT RAISE(ABORT, '{RELEASED_LOCKED}'); END",
    f"CREATE TRIGGER lock_executive_minutes_delete BEFORE DELETE ON executive_minutes "
    f"BEGIN SELECT RAISE(ABORT, '{KEPT}'); END",
)

