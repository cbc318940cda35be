-- Apps an operator runs on this server. The secret is only ever stored hashed.
create table apps (
  id text primary key,
  name text not null,
  secret_hash bytea not null,
  allowed_origins text[] not null default '{}',
  login_methods text[] not null default '{email,sms,guest}',
  mode text not null default 'development' check (mode in ('development', 'production')),
  dev_user_limit integer,
  require_terms boolean not null default false,
  cookie_mode boolean not null default false,
  settings jsonb not null default '{}',
  created_at timestamptz not null default now()
);

-- ES256 keys that sign access and identity tokens, one active per app; the private half is sealed
-- under the server's encryption key. Retired keys stay published until their last token expires.
create table signing_keys (
  kid text primary key,
  app_id text not null references apps(id) on delete cascade,
  sealed_private_jwk bytea not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz,
  publish_until timestamptz
);
create index signing_keys_app on signing_keys (app_id);
-- At most one active key per app, even when two instances make the first key at once.
create unique index signing_keys_one_active on signing_keys (app_id) where retired_at is null;

create table users (
  id text primary key,
  app_id text not null references apps(id) on delete cascade,
  is_guest boolean not null default false,
  has_accepted_terms boolean not null default false,
  accepted_terms_at timestamptz,
  created_at timestamptz not null default now()
);
create index users_app on users (app_id);

-- One row per way in. `subject` is the normalised identifier (lower-case email, E.164 phone, ...),
-- unique per app and type, so an account can never belong to two users.
create table linked_accounts (
  id text primary key,
  app_id text not null,
  user_id text not null references users(id) on delete cascade,
  type text not null,
  subject text not null,
  details jsonb not null default '{}',
  first_verified_at timestamptz not null default now(),
  verified_at timestamptz not null default now(),
  unique (app_id, type, subject)
);
create index linked_accounts_user on linked_accounts (user_id);

-- A session is a refresh-token family: reuse of a spent token revokes it whole.
create table sessions (
  id text primary key,
  app_id text not null,
  user_id text not null references users(id) on delete cascade,
  session_public_key jsonb,
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user on sessions (user_id);

create table refresh_tokens (
  token_hash bytea primary key,
  session_id text not null references sessions(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_session on refresh_tokens (session_id);

-- One live one-time code per app, channel and address; only its keyed hash is stored.
create table verification_codes (
  id text primary key,
  app_id text not null,
  channel text not null,
  identifier text not null,
  code_hash bytea not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (app_id, channel, identifier)
);

-- Messages the server would have sent, when no email or SMS provider is configured (development).
create table dev_outbox (
  id bigserial primary key,
  app_id text,
  channel text not null,
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);
create index dev_outbox_recipient on dev_outbox (recipient, id desc);

create table analytics_events (
  id bigserial primary key,
  app_id text not null,
  event_name text not null,
  client_id text,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now()
);

-- Append-only: who did what, and how it ended. Never a secret.
create table audit_log (
  id bigserial primary key,
  app_id text,
  user_id text,
  session_id text,
  action text not null,
  outcome text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_user on audit_log (user_id, id);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
