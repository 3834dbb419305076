"""The tables and columns of the schema at this program's head, as the models define
them: what `check` holds a file at this schema to (store/schema_shape.py) without
importing SQLAlchemy (a second of a scheduled check's start-up on a slow laptop).
tests/store/test_schema_shape.py fails when this differs from the models."""

from __future__ import annotations

COLUMNS: dict[str, tuple[str, ...]] = {
    'audit_entry': (
        'at', 'os_user', 'initials', 'table_name', 'record_id', 'action', 'old_values',
        'new_values', 'prev_hash', 'entry_hash', 'id',
    ),
    'calendar_feed': ('uuid', 'id',),
    'commission_settings': (
        'name', 'town', 'address', 'phone', 'email', 'meeting_place', 'meeting_time',
        'clerk_initials', 'deeds_registry', 'newspaper', 'closure_rules', 'letterhead_logo',
        'report_year', 'ical_reminder_minutes', 'version', 'id',
    ),
    'meeting': (
        'held_on', 'start_time', 'place', 'kind', 'agenda_posted_at', 'cancelled',
        'minutes_approved_on', 'notes', 'version', 'id',
    ),
    'meeting_schedule': (
        'weekday', 'weeks_of_month', 'every_weeks', 'first_meeting', 'start_time', 'place',
        'active', 'version', 'id',
    ),
    'member': (
        'name', 'initials', 'role', 'term_start', 'term_end', 'email', 'phone', 'version', 'id',
    ),
    'party': (
        'name', 'company', 'kind', 'care_of', 'address_line1', 'address_line2', 'city', 'state',
        'zip', 'phone', 'email', 'version', 'id',
    ),
    'property': (
        'address', 'map', 'lot', 'book', 'page', 'certificate', 'deeds_registry', 'acres',
        'version', 'id',
    ),
    'standard_condition': ('number', 'title', 'text', 'active', 'version', 'id',),
    'town_closure_day': ('day', 'reason', 'id',),
    'attendance': ('meeting_id', 'member_id', 'arrived', 'left', 'remote', 'id',),
    'filing': (
        'file_no', 'dep_file_no', 'laws', 'kind', 'town', 'status', 'maintenance',
        'amendment_class', 'applicant_id', 'owner_id', 'representative_id', 'property_id',
        'original_id', 'work_description', 'resource_areas', 'notes', 'received', 'complete',
        'boards_notified', 'hearing', 'closed', 'decided', 'issued', 'recorded', 'recorded_book',
        'recorded_page', 'recorded_document', 'expires', 'commenced', 'completed', 'occupancy',
        'fee_cents', 'fee_paid_on', 'fee_waived', 'fee_waiver_reason', 'consultant_fee_cents',
        'consultant_fee_paid_on', 'consultant', 'bond_cents', 'bond_form', 'bond_posted_on',
        'bond_released_on', 'wpa_fee_cents', 'plan_title', 'plan_prepared_by', 'plan_stamped_by',
        'plan_dated', 'plan_revised', 'plan_scale', 'acts_not_covered', 'flood_zone',
        'flood_elevation', 'in_lscsf', 'in_v_zone', 'in_riverfront', 'setting', 'voided_at',
        'void_reason',
        'version', 'id',
    ),
    'records_request': (
        'received_on', 'requester', 'description', 'meeting_id', 'due_on', 'answered_on',
        'response', 'version', 'id',
    ),
    'abutter': (
        'filing_id', 'owner_name', 'care_of', 'address_line1', 'address_line2', 'city', 'state',
        'zip', 'parcels', 'distance_ft', 'source', 'name_as_written', 'version', 'id',
    ),
    'enforcement_case': (
        'case_no', 'town', 'opened_on', 'status', 'property_id', 'violator_id', 'filing_id',
        'description', 'resource_areas', 'source', 'complainant', 'complainant_contact',
        'closed_on', 'voided_at', 'void_reason', 'version', 'id',
    ),
    'hearing': (
        'filing_id', 'meeting_id', 'status', 'legal_ad_newspaper', 'legal_ad_published_on',
        'opened_on', 'closed_on', 'version', 'id',
    ),
    'filing_resource_area': ('filing_id', 'code', 'amount', 'unit', 'text', 'id',),
    'case_resource_area': ('case_id', 'code', 'amount', 'unit', 'text', 'id',),
    'payment': (
        'filing_id', 'entry', 'fee', 'amount_cents', 'received_on', 'receipt_no', 'method',
        'check_no', 'received_by', 'reason', 'note', 'id',
    ),
    'status_correction': (
        'filing_id', 'made_at', 'from_status', 'to_status', 'undo', 'reason', 'audit_entry_id',
        'undoes_entry_id', 'id',
    ),
    'case_note': ('case_id', 'noted_on', 'text', 'version', 'id',),
    'continuance': (
        'hearing_id', 'from_meeting_id', 'to_meeting_id', 'continued_to', 'requested_by', 'reason',
        'applicant_consent', 'consent_received_on', 'version', 'id',
    ),
    'enforcement_order': (
        'case_id', 'order_no', 'kind', 'issued_on', 'signed_by', 'emergency', 'ratify_by',
        'ratified_meeting_id', 'stop_work', 'restore_by', 'file_noi_by', 'requirements',
        'served_on', 'lifted_on', 'version', 'id',
    ),
    'generated_document': (
        'filing_id', 'enforcement_case_id', 'meeting_id', 'title', 'template', 'path', 'created_at',
        'created_by', 'sha256', 'dep_copy_sent_on', 'version', 'id',
    ),
    'hearing_notice': (
        'hearing_id', 'meeting_id', 'reason', 'publish_by', 'published_on', 'newspaper', 'version',
        'id',
    ),
    'inspection': (
        'case_id', 'filing_id', 'inspected_on', 'inspector', 'findings', 'follow_up_by', 'purpose',
        'done', 'land_id', 'version', 'id',
    ),
    'inspection_check': ('inspection_id', 'condition_id', 'result', 'note', 'id',),
    'conservation_land': (
        'name', 'kind', 'address', 'map_lot', 'acres', 'holder', 'grantor', 'recorded_on',
        'recorded_book', 'recorded_page', 'terms', 'version', 'id',
    ),
    'violation': (
        'case_id', 'number', 'provision', 'description', 'observed_on', 'confirmed_on',
        'corrected_on', 'order_id', 'version', 'id',
    ),
    'vote': (
        'meeting_id', 'filing_id', 'enforcement_case_id', 'motion', 'moved_by_id', 'seconded_by_id',
        'result', 'version', 'id',
    ),
    'abutter_notice': (
        'abutter_id', 'hearing_id', 'document_id', 'method', 'certified_article_no', 'mailed_on',
        'green_card_returned_on', 'returned_undeliverable', 'version', 'id',
    ),
    'case_attachment': (
        'case_id', 'inspection_id', 'kind', 'path', 'original_name', 'caption', 'added_on',
        'sha256', 'id',
    ),
    'decision': (
        'filing_id', 'kind', 'vote_id', 'decided_on', 'issued_on', 'signed_by', 'denial_kind',
        'reasons', 'findings', 'version', 'id',
    ),
    'fine': (
        'case_id', 'violation_id', 'kind', 'offense_on', 'issued_on', 'amount_cents', 'ticket_no',
        'citation', 'waived_cents', 'waived_on', 'waiver_reason', 'version', 'id',
    ),
    'hearing_waiver': (
        'filing_id', 'signed_on', 'signed_by', 'hearing_no_later_than', 'received_on',
        'document_id', 'notes', 'period', 'version', 'id',
    ),
    'member_vote': ('vote_id', 'member_id', 'choice', 'id',),
    'minutes': (
        'meeting_id', 'version', 'state', 'amends_id', 'amendment_reason', 'called_to_order',
        'adjourned_at', 'created_at', 'approved_on', 'approved_meeting_id', 'approved_vote_id',
        'approved_text', 'edit_version', 'id',
    ),
    'condition': (
        'decision_id', 'number', 'kind', 'standard_condition_id', 'text', 'continuing', 'version',
        'id',
    ),
    'fine_payment': ('fine_id', 'paid_on', 'amount_cents', 'method', 'receipt_no', 'id',),
    'minutes_item': ('minutes_id', 'item_key', 'summary', 'exhibits', 'version', 'id',),
    'executive_minutes': (
        'meeting_id', 'entry_vote_id', 'text', 'kept_by', 'released_vote_id', 'released_on',
        'reviewed_on', 'version', 'id',
    ),
}
