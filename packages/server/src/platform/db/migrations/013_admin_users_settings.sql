-- The admin API (issue 18). A deleted user is kept, restorable, until `purge_after`; the prune job
-- then removes the row (and, by cascade, everything that hangs off it). Lists page by
-- (created_at, id), so that key is indexed per app.
alter table users add column deleted_at timestamptz;
alter table users add column purge_after timestamptz;
create index users_app_created on users (app_id, created_at, id);
create index users_purge_after on users (purge_after) where purge_after is not null;

-- A deleted user's wallets are revoked at once: nothing signs with them, even before the purge.
alter table wallets add column revoked_at timestamptz;
create index wallets_created on wallets (app_id, created_at);

-- The app's rules an operator sets (see identity/apps/types.ts). Access lists are
-- {allowlist: {enabled, emails, domains, phones, wallet_addresses}, denylist: {...}}.
alter table apps add column terms_url text;
alter table apps add column mfa_requirement text not null default 'optional'
  check (mfa_requirement in ('off', 'optional', 'required_for_wallet_actions'));
alter table apps add column wallets_on_login text not null default 'none'
  check (wallets_on_login in ('none', 'ethereum', 'solana', 'both'));
alter table apps add column deletion_grace_days integer not null default 30
  check (deletion_grace_days between 0 and 365);
alter table apps add column access_lists jsonb not null default '{}';

-- The admin lookup by "any identifier" reads accounts by subject whatever their type.
create index linked_accounts_subject on linked_accounts (app_id, subject);

-- Daily figures read the audit log by app and day.
create index audit_log_app_created on audit_log (app_id, created_at);
