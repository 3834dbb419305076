"""First schema: the whole record (filings, hearings, votes, decisions, abutters,
documents, enforcement, audit trail). The audit triggers are added by the runner.

Revision ID: 0001
Revises: 
Create Date: 2026-11-29 22:20:05.247097
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('audit_entry',
    sa.Column('at', sa.String(length=30), nullable=False),
    sa.Column('os_user', sa.String(length=100), nullable=False),
    sa.Column('initials', sa.String(length=10), nullable=False),
    sa.Column('table_name', sa.String(length=60), nullable=False),
    sa.Column('record_id', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=10), nullable=False),
    sa.Column('old_values', sa.Text(), nullable=True),
    sa.Column('new_values', sa.Text(), nullable=True),
    sa.Column('prev_hash', sa.String(length=64), nullable=False),
    sa.Column('entry_hash', sa.String(length=64), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_entry'))
    )
    op.create_table('commission_settings',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('town', sa.String(length=60), nullable=False),
    sa.Column('address', sa.Text(), server_default='', nullable=False),
    sa.Column('phone', sa.String(length=40), server_default='', nullable=False),
    sa.Column('email', sa.String(length=200), server_default='', nullable=False),
    sa.Column('meeting_place', sa.String(length=200), server_default='', nullable=False),
    sa.Column('meeting_time', sa.String(length=20), server_default='', nullable=False),
    sa.Column('clerk_initials', sa.String(length=10), server_default='', nullable=False),
    sa.Column('deeds_registry', sa.String(length=100), server_default='', nullable=False),
    sa.Column('newspaper', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_commission_settings'))
    )
    op.create_table('meeting',
    sa.Column('held_on', sa.Date(), nullable=False),
    sa.Column('start_time', sa.String(length=5), server_default='19:00', nullable=False),
    sa.Column('place', sa.String(length=200), server_default='', nullable=False),
    sa.Column('kind', sa.String(length=20), server_default='regular', nullable=False),
    sa.Column('agenda_posted_at', sa.String(length=20), server_default='', nullable=False),
    sa.Column('cancelled', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('minutes_approved_on', sa.Date(), nullable=True),
    sa.Column('notes', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('regular', 'special', 'site_walk')", name=op.f('ck_meeting_kind_allowed')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_meeting'))
    )
    with op.batch_alter_table('meeting', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_meeting_held_on'), ['held_on'], unique=False)

    op.create_table('member',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('initials', sa.String(length=10), server_default='', nullable=False),
    sa.Column('role', sa.String(length=20), server_default='member', nullable=False),
    sa.Column('term_start', sa.Date(), nullable=False),
    sa.Column('term_end', sa.Date(), nullable=True),
    sa.Column('email', sa.String(length=200), server_default='', nullable=False),
    sa.Column('phone', sa.String(length=40), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("role IN ('chair', 'vice_chair', 'member', 'associate')", name=op.f('ck_member_role_allowed')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_member'))
    )
    op.create_table('party',
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=20), server_default='person', nullable=False),
    sa.Column('care_of', sa.String(length=200), server_default='', nullable=False),
    sa.Column('address_line1', sa.String(length=200), server_default='', nullable=False),
    sa.Column('address_line2', sa.String(length=200), server_default='', nullable=False),
    sa.Column('city', sa.String(length=100), server_default='', nullable=False),
    sa.Column('state', sa.String(length=2), server_default='MA', nullable=False),
    sa.Column('zip', sa.String(length=10), server_default='', nullable=False),
    sa.Column('phone', sa.String(length=40), server_default='', nullable=False),
    sa.Column('email', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('person', 'company', 'public_body', 'trust')", name=op.f('ck_party_kind_allowed')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_party'))
    )
    with op.batch_alter_table('party', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_party_name'), ['name'], unique=False)

    op.create_table('property',
    sa.Column('address', sa.String(length=200), nullable=False),
    sa.Column('map', sa.String(length=20), server_default='', nullable=False),
    sa.Column('lot', sa.String(length=20), server_default='', nullable=False),
    sa.Column('book', sa.String(length=20), server_default='', nullable=False),
    sa.Column('page', sa.String(length=20), server_default='', nullable=False),
    sa.Column('certificate', sa.String(length=20), server_default='', nullable=False),
    sa.Column('deeds_registry', sa.String(length=100), server_default='', nullable=False),
    sa.Column('acres', sa.String(length=20), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_property'))
    )
    with op.batch_alter_table('property', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_property_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_property_map'), ['map'], unique=False)

    op.create_table('standard_condition',
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=200), server_default='', nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('active', sa.Boolean(), server_default=sa.text('1'), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_standard_condition')),
    sa.UniqueConstraint('number', name=op.f('uq_standard_condition_number'))
    )
    op.create_table('attendance',
    sa.Column('meeting_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('arrived', sa.String(length=5), server_default='', nullable=False),
    sa.Column('left', sa.String(length=5), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'], name=op.f('fk_attendance_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_attendance_member_id_member'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_attendance')),
    sa.UniqueConstraint('meeting_id', 'member_id', name=op.f('uq_attendance_meeting_id_member_id'))
    )
    with op.batch_alter_table('attendance', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attendance_meeting_id'), ['meeting_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_attendance_member_id'), ['member_id'], unique=False)

    op.create_table('filing',
    sa.Column('file_no', sa.String(length=30), nullable=False),
    sa.Column('dep_file_no', sa.String(length=30), server_default='', nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('town', sa.String(length=60), nullable=False),
    sa.Column('status', sa.String(length=20), server_default='received', nullable=False),
    sa.Column('maintenance', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('amendment_class', sa.String(length=20), server_default='', nullable=False),
    sa.Column('applicant_id', sa.Integer(), nullable=True),
    sa.Column('owner_id', sa.Integer(), nullable=True),
    sa.Column('representative_id', sa.Integer(), nullable=True),
    sa.Column('property_id', sa.Integer(), nullable=True),
    sa.Column('original_id', sa.Integer(), nullable=True),
    sa.Column('work_description', sa.Text(), server_default='', nullable=False),
    sa.Column('resource_areas', sa.Text(), server_default='', nullable=False),
    sa.Column('notes', sa.Text(), server_default='', nullable=False),
    sa.Column('received', sa.Date(), nullable=True),
    sa.Column('complete', sa.Date(), nullable=True),
    sa.Column('boards_notified', sa.Date(), nullable=True),
    sa.Column('hearing', sa.Date(), nullable=True),
    sa.Column('closed', sa.Date(), nullable=True),
    sa.Column('decided', sa.Date(), nullable=True),
    sa.Column('issued', sa.Date(), nullable=True),
    sa.Column('recorded', sa.Date(), nullable=True),
    sa.Column('recorded_book', sa.String(length=20), server_default='', nullable=False),
    sa.Column('recorded_page', sa.String(length=20), server_default='', nullable=False),
    sa.Column('expires', sa.Date(), nullable=True),
    sa.Column('commenced', sa.Date(), nullable=True),
    sa.Column('completed', sa.Date(), nullable=True),
    sa.Column('occupancy', sa.Date(), nullable=True),
    sa.Column('fee_cents', sa.Integer(), server_default='0', nullable=False),
    sa.Column('fee_paid_on', sa.Date(), nullable=True),
    sa.Column('fee_waived', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('fee_waiver_reason', sa.String(length=200), server_default='', nullable=False),
    sa.Column('consultant_fee_cents', sa.Integer(), server_default='0', nullable=False),
    sa.Column('consultant_fee_paid_on', sa.Date(), nullable=True),
    sa.Column('consultant', sa.String(length=200), server_default='', nullable=False),
    sa.Column('bond_cents', sa.Integer(), server_default='0', nullable=False),
    sa.Column('bond_form', sa.String(length=60), server_default='', nullable=False),
    sa.Column('bond_posted_on', sa.Date(), nullable=True),
    sa.Column('bond_released_on', sa.Date(), nullable=True),
    sa.Column('voided_at', sa.DateTime(), nullable=True),
    sa.Column('void_reason', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("(status = 'void') = (voided_at IS NOT NULL AND length(trim(void_reason)) > 0)", name=op.f('ck_filing_void_has_reason')),
    sa.CheckConstraint("kind IN ('rda', 'noi', 'anrad', 'amendment', 'extension', 'coc', 'emergency')", name=op.f('ck_filing_kind_allowed')),
    sa.CheckConstraint("status IN ('received', 'hearing', 'closed', 'issued', 'denied', 'withdrawn', 'expired', 'completed', 'void')", name=op.f('ck_filing_status_allowed')),
    sa.CheckConstraint('fee_cents >= 0 AND consultant_fee_cents >= 0 AND bond_cents >= 0', name=op.f('ck_filing_amounts_not_negative')),
    sa.ForeignKeyConstraint(['applicant_id'], ['party.id'], name=op.f('fk_filing_applicant_id_party'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['original_id'], ['filing.id'], name=op.f('fk_filing_original_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['owner_id'], ['party.id'], name=op.f('fk_filing_owner_id_party'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['property_id'], ['property.id'], name=op.f('fk_filing_property_id_property'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['representative_id'], ['party.id'], name=op.f('fk_filing_representative_id_party'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_filing')),
    sa.UniqueConstraint('file_no', name=op.f('uq_filing_file_no'))
    )
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_filing_applicant_id'), ['applicant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_original_id'), ['original_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_owner_id'), ['owner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_property_id'), ['property_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_received'), ['received'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_representative_id'), ['representative_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_filing_status'), ['status'], unique=False)

    op.create_table('abutter',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('owner_name', sa.String(length=200), nullable=False),
    sa.Column('care_of', sa.String(length=200), server_default='', nullable=False),
    sa.Column('address_line1', sa.String(length=200), server_default='', nullable=False),
    sa.Column('address_line2', sa.String(length=200), server_default='', nullable=False),
    sa.Column('city', sa.String(length=100), server_default='', nullable=False),
    sa.Column('state', sa.String(length=2), server_default='', nullable=False),
    sa.Column('zip', sa.String(length=10), server_default='', nullable=False),
    sa.Column('parcels', sa.Text(), server_default='', nullable=False),
    sa.Column('distance_ft', sa.Integer(), nullable=True),
    sa.Column('source', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_abutter_filing_id_filing'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_abutter'))
    )
    with op.batch_alter_table('abutter', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_abutter_filing_id'), ['filing_id'], unique=False)

    op.create_table('enforcement_case',
    sa.Column('case_no', sa.String(length=30), nullable=False),
    sa.Column('town', sa.String(length=60), nullable=False),
    sa.Column('opened_on', sa.Date(), nullable=False),
    sa.Column('status', sa.String(length=20), server_default='open', nullable=False),
    sa.Column('property_id', sa.Integer(), nullable=True),
    sa.Column('violator_id', sa.Integer(), nullable=True),
    sa.Column('filing_id', sa.Integer(), nullable=True),
    sa.Column('description', sa.Text(), server_default='', nullable=False),
    sa.Column('resource_areas', sa.Text(), server_default='', nullable=False),
    sa.Column('closed_on', sa.Date(), nullable=True),
    sa.Column('voided_at', sa.DateTime(), nullable=True),
    sa.Column('void_reason', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("(status = 'void') = (voided_at IS NOT NULL AND length(trim(void_reason)) > 0)", name=op.f('ck_enforcement_case_void_has_reason')),
    sa.CheckConstraint("status IN ('open', 'order_issued', 'restoration', 'referred', 'closed', 'void')", name=op.f('ck_enforcement_case_status_allowed')),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_enforcement_case_filing_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['property_id'], ['property.id'], name=op.f('fk_enforcement_case_property_id_property'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['violator_id'], ['party.id'], name=op.f('fk_enforcement_case_violator_id_party'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_enforcement_case')),
    sa.UniqueConstraint('case_no', name=op.f('uq_enforcement_case_case_no'))
    )
    with op.batch_alter_table('enforcement_case', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_enforcement_case_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_enforcement_case_opened_on'), ['opened_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_enforcement_case_property_id'), ['property_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_enforcement_case_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_enforcement_case_violator_id'), ['violator_id'], unique=False)

    op.create_table('hearing',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('meeting_id', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(length=20), server_default='scheduled', nullable=False),
    sa.Column('legal_ad_newspaper', sa.String(length=200), server_default='', nullable=False),
    sa.Column('legal_ad_published_on', sa.Date(), nullable=True),
    sa.Column('opened_on', sa.Date(), nullable=True),
    sa.Column('closed_on', sa.Date(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("status IN ('scheduled', 'open', 'continued', 'closed', 'withdrawn')", name=op.f('ck_hearing_status_allowed')),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_hearing_filing_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'], name=op.f('fk_hearing_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hearing'))
    )
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hearing_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hearing_meeting_id'), ['meeting_id'], unique=False)

    op.create_table('continuance',
    sa.Column('hearing_id', sa.Integer(), nullable=False),
    sa.Column('from_meeting_id', sa.Integer(), nullable=True),
    sa.Column('to_meeting_id', sa.Integer(), nullable=True),
    sa.Column('continued_to', sa.Date(), nullable=False),
    sa.Column('requested_by', sa.String(length=20), server_default='applicant', nullable=False),
    sa.Column('reason', sa.Text(), server_default='', nullable=False),
    sa.Column('applicant_consent', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('consent_received_on', sa.Date(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("requested_by IN ('applicant', 'commission')", name=op.f('ck_continuance_requested_by_allowed')),
    sa.ForeignKeyConstraint(['from_meeting_id'], ['meeting.id'], name=op.f('fk_continuance_from_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['hearing_id'], ['hearing.id'], name=op.f('fk_continuance_hearing_id_hearing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['to_meeting_id'], ['meeting.id'], name=op.f('fk_continuance_to_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_continuance'))
    )
    with op.batch_alter_table('continuance', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_continuance_from_meeting_id'), ['from_meeting_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_continuance_hearing_id'), ['hearing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_continuance_to_meeting_id'), ['to_meeting_id'], unique=False)

    op.create_table('enforcement_order',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('order_no', sa.String(length=30), nullable=False),
    sa.Column('kind', sa.String(length=30), server_default='enforcement_order', nullable=False),
    sa.Column('issued_on', sa.Date(), nullable=False),
    sa.Column('signed_by', sa.Text(), server_default='', nullable=False),
    sa.Column('emergency', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('ratify_by', sa.Date(), nullable=True),
    sa.Column('ratified_meeting_id', sa.Integer(), nullable=True),
    sa.Column('stop_work', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('restore_by', sa.Date(), nullable=True),
    sa.Column('file_noi_by', sa.Date(), nullable=True),
    sa.Column('requirements', sa.Text(), server_default='', nullable=False),
    sa.Column('served_on', sa.Date(), nullable=True),
    sa.Column('lifted_on', sa.Date(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('violation_notice', 'enforcement_order', 'restoration_order', 'cease_and_desist')", name=op.f('ck_enforcement_order_kind_allowed')),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_enforcement_order_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['ratified_meeting_id'], ['meeting.id'], name=op.f('fk_enforcement_order_ratified_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_enforcement_order'))
    )
    with op.batch_alter_table('enforcement_order', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_enforcement_order_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_enforcement_order_ratified_meeting_id'), ['ratified_meeting_id'], unique=False)

    op.create_table('generated_document',
    sa.Column('filing_id', sa.Integer(), nullable=True),
    sa.Column('enforcement_case_id', sa.Integer(), nullable=True),
    sa.Column('meeting_id', sa.Integer(), nullable=True),
    sa.Column('title', sa.String(length=300), server_default='', nullable=False),
    sa.Column('template', sa.String(length=200), nullable=False),
    sa.Column('path', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('created_by', sa.String(length=10), server_default='', nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['enforcement_case_id'], ['enforcement_case.id'], name=op.f('fk_generated_document_enforcement_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_generated_document_filing_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'], name=op.f('fk_generated_document_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_generated_document'))
    )
    with op.batch_alter_table('generated_document', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_generated_document_enforcement_case_id'), ['enforcement_case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_generated_document_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_generated_document_meeting_id'), ['meeting_id'], unique=False)

    op.create_table('inspection',
    sa.Column('case_id', sa.Integer(), nullable=True),
    sa.Column('filing_id', sa.Integer(), nullable=True),
    sa.Column('inspected_on', sa.Date(), nullable=False),
    sa.Column('inspector', sa.String(length=200), server_default='', nullable=False),
    sa.Column('findings', sa.Text(), server_default='', nullable=False),
    sa.Column('follow_up_by', sa.Date(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_inspection_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_inspection_filing_id_filing'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_inspection'))
    )
    with op.batch_alter_table('inspection', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_inspection_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_inspection_filing_id'), ['filing_id'], unique=False)

    op.create_table('violation',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('provision', sa.String(length=200), nullable=False),
    sa.Column('description', sa.Text(), server_default='', nullable=False),
    sa.Column('observed_on', sa.Date(), nullable=True),
    sa.Column('confirmed_on', sa.Date(), nullable=True),
    sa.Column('corrected_on', sa.Date(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_violation_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_violation'))
    )
    with op.batch_alter_table('violation', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_violation_case_id'), ['case_id'], unique=False)

    op.create_table('vote',
    sa.Column('meeting_id', sa.Integer(), nullable=False),
    sa.Column('filing_id', sa.Integer(), nullable=True),
    sa.Column('enforcement_case_id', sa.Integer(), nullable=True),
    sa.Column('motion', sa.Text(), nullable=False),
    sa.Column('moved_by_id', sa.Integer(), nullable=True),
    sa.Column('seconded_by_id', sa.Integer(), nullable=True),
    sa.Column('result', sa.String(length=10), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("result IN ('carried', 'failed')", name=op.f('ck_vote_result_allowed')),
    sa.ForeignKeyConstraint(['enforcement_case_id'], ['enforcement_case.id'], name=op.f('fk_vote_enforcement_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_vote_filing_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'], name=op.f('fk_vote_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['moved_by_id'], ['member.id'], name=op.f('fk_vote_moved_by_id_member'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['seconded_by_id'], ['member.id'], name=op.f('fk_vote_seconded_by_id_member'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vote'))
    )
    with op.batch_alter_table('vote', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vote_enforcement_case_id'), ['enforcement_case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vote_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vote_meeting_id'), ['meeting_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vote_moved_by_id'), ['moved_by_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vote_seconded_by_id'), ['seconded_by_id'], unique=False)

    op.create_table('abutter_notice',
    sa.Column('abutter_id', sa.Integer(), nullable=False),
    sa.Column('hearing_id', sa.Integer(), nullable=True),
    sa.Column('document_id', sa.Integer(), nullable=True),
    sa.Column('method', sa.String(length=30), server_default='certified', nullable=False),
    sa.Column('certified_article_no', sa.String(length=40), server_default='', nullable=False),
    sa.Column('mailed_on', sa.Date(), nullable=True),
    sa.Column('green_card_returned_on', sa.Date(), nullable=True),
    sa.Column('returned_undeliverable', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("method IN ('certified', 'hand', 'first_class', 'certificate_of_mailing')", name=op.f('ck_abutter_notice_method_allowed')),
    sa.ForeignKeyConstraint(['abutter_id'], ['abutter.id'], name=op.f('fk_abutter_notice_abutter_id_abutter'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['document_id'], ['generated_document.id'], name=op.f('fk_abutter_notice_document_id_generated_document'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['hearing_id'], ['hearing.id'], name=op.f('fk_abutter_notice_hearing_id_hearing'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_abutter_notice'))
    )
    with op.batch_alter_table('abutter_notice', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_abutter_notice_abutter_id'), ['abutter_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_abutter_notice_document_id'), ['document_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_abutter_notice_hearing_id'), ['hearing_id'], unique=False)

    op.create_table('decision',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('vote_id', sa.Integer(), nullable=True),
    sa.Column('decided_on', sa.Date(), nullable=True),
    sa.Column('issued_on', sa.Date(), nullable=True),
    sa.Column('signed_by', sa.Text(), server_default='', nullable=False),
    sa.Column('denial_kind', sa.String(length=20), nullable=True),
    sa.Column('reasons', sa.Text(), server_default='', nullable=False),
    sa.Column('findings', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("denial_kind IS NULL OR denial_kind IN ('procedural', 'substantive')", name=op.f('ck_decision_denial_kind_allowed')),
    sa.CheckConstraint("kind IN ('order_of_conditions', 'positive_determination', 'negative_determination', 'denial', 'order_of_delineation', 'extension_permit', 'amended_order', 'certificate_of_compliance', 'partial_certificate_of_compliance', 'emergency_certification', 'denial_of_extension', 'denial_of_coc')", name=op.f('ck_decision_kind_allowed')),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_decision_filing_id_filing'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['vote_id'], ['vote.id'], name=op.f('fk_decision_vote_id_vote'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_decision'))
    )
    with op.batch_alter_table('decision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_decision_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_decision_vote_id'), ['vote_id'], unique=False)

    op.create_table('fine',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('violation_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=20), server_default='fine', nullable=False),
    sa.Column('offense_on', sa.Date(), nullable=False),
    sa.Column('issued_on', sa.Date(), nullable=True),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('ticket_no', sa.String(length=30), server_default='', nullable=False),
    sa.Column('citation', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('fine', 'noncriminal_ticket')", name=op.f('ck_fine_kind_allowed')),
    sa.CheckConstraint('amount_cents >= 0', name=op.f('ck_fine_amount_not_negative')),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_fine_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['violation_id'], ['violation.id'], name=op.f('fk_fine_violation_id_violation'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_fine'))
    )
    with op.batch_alter_table('fine', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_fine_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_fine_violation_id'), ['violation_id'], unique=False)

    op.create_table('hearing_waiver',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('signed_on', sa.Date(), nullable=False),
    sa.Column('signed_by', sa.String(length=200), nullable=False),
    sa.Column('hearing_no_later_than', sa.Date(), nullable=True),
    sa.Column('received_on', sa.Date(), nullable=True),
    sa.Column('document_id', sa.Integer(), nullable=True),
    sa.Column('notes', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['document_id'], ['generated_document.id'], name=op.f('fk_hearing_waiver_document_id_generated_document'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'], name=op.f('fk_hearing_waiver_filing_id_filing'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hearing_waiver'))
    )
    with op.batch_alter_table('hearing_waiver', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hearing_waiver_document_id'), ['document_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hearing_waiver_filing_id'), ['filing_id'], unique=False)

    op.create_table('member_vote',
    sa.Column('vote_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('choice', sa.String(length=10), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("choice IN ('yes', 'no', 'abstain', 'recused')", name=op.f('ck_member_vote_choice_allowed')),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_member_vote_member_id_member'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['vote_id'], ['vote.id'], name=op.f('fk_member_vote_vote_id_vote'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_member_vote')),
    sa.UniqueConstraint('vote_id', 'member_id', name=op.f('uq_member_vote_vote_id_member_id'))
    )
    with op.batch_alter_table('member_vote', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_member_vote_member_id'), ['member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_member_vote_vote_id'), ['vote_id'], unique=False)

    op.create_table('condition',
    sa.Column('decision_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('standard_condition_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('continuing', sa.Boolean(), server_default=sa.text('0'), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('standard', 'special')", name=op.f('ck_condition_kind_allowed')),
    sa.ForeignKeyConstraint(['decision_id'], ['decision.id'], name=op.f('fk_condition_decision_id_decision'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['standard_condition_id'], ['standard_condition.id'], name=op.f('fk_condition_standard_condition_id_standard_condition'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_condition')),
    sa.UniqueConstraint('decision_id', 'number', name=op.f('uq_condition_decision_id_number'))
    )
    with op.batch_alter_table('condition', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_condition_decision_id'), ['decision_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_condition_standard_condition_id'), ['standard_condition_id'], unique=False)

    op.create_table('fine_payment',
    sa.Column('fine_id', sa.Integer(), nullable=False),
    sa.Column('paid_on', sa.Date(), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=20), server_default='check', nullable=False),
    sa.Column('receipt_no', sa.String(length=30), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("method IN ('check', 'cash', 'card', 'money_order')", name=op.f('ck_fine_payment_method_allowed')),
    sa.CheckConstraint('amount_cents > 0', name=op.f('ck_fine_payment_amount_positive')),
    sa.ForeignKeyConstraint(['fine_id'], ['fine.id'], name=op.f('fk_fine_payment_fine_id_fine'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_fine_payment'))
    )
    with op.batch_alter_table('fine_payment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_fine_payment_fine_id'), ['fine_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('fine_payment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_fine_payment_fine_id'))

    op.drop_table('fine_payment')
    with op.batch_alter_table('condition', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_condition_standard_condition_id'))
        batch_op.drop_index(batch_op.f('ix_condition_decision_id'))

    op.drop_table('condition')
    with op.batch_alter_table('member_vote', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_member_vote_vote_id'))
        batch_op.drop_index(batch_op.f('ix_member_vote_member_id'))

    op.drop_table('member_vote')
    with op.batch_alter_table('hearing_waiver', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hearing_waiver_filing_id'))
        batch_op.drop_index(batch_op.f('ix_hearing_waiver_document_id'))

    op.drop_table('hearing_waiver')
    with op.batch_alter_table('fine', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_fine_violation_id'))
        batch_op.drop_index(batch_op.f('ix_fine_case_id'))

    op.drop_table('fine')
    with op.batch_alter_table('decision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_decision_vote_id'))
        batch_op.drop_index(batch_op.f('ix_decision_filing_id'))

    op.drop_table('decision')
    with op.batch_alter_table('abutter_notice', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_abutter_notice_hearing_id'))
        batch_op.drop_index(batch_op.f('ix_abutter_notice_document_id'))
        batch_op.drop_index(batch_op.f('ix_abutter_notice_abutter_id'))

    op.drop_table('abutter_notice')
    with op.batch_alter_table('vote', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vote_seconded_by_id'))
        batch_op.drop_index(batch_op.f('ix_vote_moved_by_id'))
        batch_op.drop_index(batch_op.f('ix_vote_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_vote_filing_id'))
        batch_op.drop_index(batch_op.f('ix_vote_enforcement_case_id'))

    op.drop_table('vote')
    with op.batch_alter_table('violation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_violation_case_id'))

    op.drop_table('violation')
    with op.batch_alter_table('inspection', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inspection_filing_id'))
        batch_op.drop_index(batch_op.f('ix_inspection_case_id'))

    op.drop_table('inspection')
    with op.batch_alter_table('generated_document', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_generated_document_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_generated_document_filing_id'))
        batch_op.drop_index(batch_op.f('ix_generated_document_enforcement_case_id'))

    op.drop_table('generated_document')
    with op.batch_alter_table('enforcement_order', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_enforcement_order_ratified_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_enforcement_order_case_id'))

    op.drop_table('enforcement_order')
    with op.batch_alter_table('continuance', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_continuance_to_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_continuance_hearing_id'))
        batch_op.drop_index(batch_op.f('ix_continuance_from_meeting_id'))

    op.drop_table('continuance')
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hearing_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_hearing_filing_id'))

    op.drop_table('hearing')
    with op.batch_alter_table('enforcement_case', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_enforcement_case_violator_id'))
        batch_op.drop_index(batch_op.f('ix_enforcement_case_status'))
        batch_op.drop_index(batch_op.f('ix_enforcement_case_property_id'))
        batch_op.drop_index(batch_op.f('ix_enforcement_case_opened_on'))
        batch_op.drop_index(batch_op.f('ix_enforcement_case_filing_id'))

    op.drop_table('enforcement_case')
    with op.batch_alter_table('abutter', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_abutter_filing_id'))

    op.drop_table('abutter')
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_filing_status'))
        batch_op.drop_index(batch_op.f('ix_filing_representative_id'))
        batch_op.drop_index(batch_op.f('ix_filing_received'))
        batch_op.drop_index(batch_op.f('ix_filing_property_id'))
        batch_op.drop_index(batch_op.f('ix_filing_owner_id'))
        batch_op.drop_index(batch_op.f('ix_filing_original_id'))
        batch_op.drop_index(batch_op.f('ix_filing_kind'))
        batch_op.drop_index(batch_op.f('ix_filing_applicant_id'))

    op.drop_table('filing')
    with op.batch_alter_table('attendance', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_attendance_member_id'))
        batch_op.drop_index(batch_op.f('ix_attendance_meeting_id'))

    op.drop_table('attendance')
    op.drop_table('standard_condition')
    with op.batch_alter_table('property', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_property_map'))
        batch_op.drop_index(batch_op.f('ix_property_address'))

    op.drop_table('property')
    with op.batch_alter_table('party', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_party_name'))

    op.drop_table('party')
    op.drop_table('member')
    with op.batch_alter_table('meeting', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_meeting_held_on'))

    op.drop_table('meeting')
    op.drop_table('commission_settings')
    op.drop_table('audit_entry')
