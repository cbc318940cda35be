-- Wallet policies: rules that every signature of a wallet (and of a delegated signer) must pass.
-- Made by the app's backend (owner_user_id null) or by a user for their own wallets. A wallet's
-- policies are listed in wallets.policy_ids and a delegated signer's in wallet_signers.policy_ids;
-- a policy that is listed anywhere cannot be deleted (a vanished DENY would widen what is allowed).
create table policies (
  id text primary key,
  app_id text not null references apps(id) on delete cascade,
  owner_user_id text references users(id) on delete cascade,
  name text not null,
  chain_type text not null check (chain_type in ('ethereum', 'solana')),
  rules jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index policies_app on policies (app_id, created_at);
create index policies_owner on policies (owner_user_id) where owner_user_id is not null;

-- Recovery: a user may lock their auth share behind a secret only they hold. The share is then sealed
-- twice, inside under a key derived from their passcode (scrypt, per-user salt) or a random key kept in
-- their own Google Drive app-data folder, outside under the API's key (so a dump alone cannot even
-- start guessing passcodes). key_roots.sealed_auth_share is set to null while a lock exists: without
-- the user's secret no server-side party can open the share for a new session.
create table recovery_locks (
  root_id text primary key references key_roots(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  kind text not null check (kind in ('passcode', 'google_drive')),
  -- Passcode only: the scrypt salt and cost ({"N":32768,"r":8,"p":1}), kept so the cost can rise later.
  salt bytea,
  kdf jsonb,
  -- Google Drive only: the name of the key file in the user's app-data folder.
  drive_file_name text,
  sealed_auth_share bytea not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'passcode') = (salt is not null and kdf is not null)),
  check ((kind = 'google_drive') = (drive_file_name is not null))
);
create index recovery_locks_user on recovery_locks (user_id);

alter table key_roots alter column sealed_auth_share drop not null;
