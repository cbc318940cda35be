-- Second factors. One row per user and type: TOTP keeps its secret sealed under the API's key (the
-- associated data names the user, so a row copied onto another user fails to open); SMS keeps the
-- phone in E.164; passkey MFA keeps the credential ids it accepts in `details`. A row is pending
-- until the user proves it once (`confirmed`), and only confirmed rows count as MFA.
create table mfa_methods (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  type text not null check (type in ('totp', 'sms', 'passkey')),
  sealed_secret bytea,
  phone text,
  details jsonb not null default '{}',
  confirmed boolean not null default false,
  enrolled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, type)
);

-- MFA tokens: proof of a fresh second factor, bound to one session, valid 15 minutes. Only the
-- SHA-256 of the (high-entropy) token is stored.
create table mfa_verifications (
  token_hash bytea primary key,
  session_id text not null references sessions(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  method text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index mfa_verifications_session on mfa_verifications (session_id);
