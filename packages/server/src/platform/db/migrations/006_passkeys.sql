-- WebAuthn credentials (passkeys). The credential id (base64url, as the authenticator sends it back)
-- is unique per app: the row is written BEFORE the linked account, so a registration that claims an
-- id already known (another user's passkey, whose id is no secret) fails here and can never turn
-- into a login as its owner. The owner is the linked account of type 'passkey' whose subject is the
-- credential id; `account_id` points at it once it exists (null only while a registration is in
-- flight), so unlinking the account, or deleting the user, deletes the credential with it.
create table passkey_credentials (
  app_id text not null references apps(id) on delete cascade,
  credential_id text not null,
  account_id text references linked_accounts(id) on delete cascade,
  -- COSE_Key bytes from the attested credential data: public, but it is what every later signature
  -- is checked against, so it is written once and never replaced.
  public_key bytea not null,
  -- The authenticator's signature counter: every use must raise it (unless it stays 0, as synced
  -- passkeys do), or the credential may have been cloned.
  counter bigint not null default 0 check (counter >= 0),
  transports jsonb not null default '[]',
  aaguid text not null,
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  primary key (app_id, credential_id)
);
create index passkey_credentials_account on passkey_credentials (account_id);
