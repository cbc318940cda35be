-- Indexes for the pruning job (maintenance/pruneExpiredRows.ts): each of its statements picks a
-- batch of rows by these columns, so a run reads only what it deletes instead of scanning a table.
create index verification_codes_expires on verification_codes (expires_at);
create index mfa_verifications_expires on mfa_verifications (expires_at);
create index refresh_tokens_expires on refresh_tokens (expires_at);
create index sessions_expires on sessions (expires_at);
create index sessions_revoked on sessions (revoked_at) where revoked_at is not null;
create index dev_outbox_created on dev_outbox (created_at);
create index funding_sessions_updated on funding_sessions (updated_at);
