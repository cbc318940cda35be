-- MFA backup codes: ten single-use codes a user can type instead of a second-factor code when their
-- authenticator is lost. Only a keyed hash of each code is kept (HMAC under the API's key, bound to
-- the user), so a database dump alone reveals none. A code is spent by setting `used_at` in the
-- statement that accepts it; generating a new set deletes the old one.
create table mfa_backup_codes (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, code_hash)
);
