-- One BIP-39 root per user, split 2-of-2 by the vault. The vault share is sealed under the vault's
-- key-encryption key, the auth share under the API's key (associated data: the root id): a dump of
-- this table alone, or either key alone, rebuilds nothing.
create table key_roots (
  id text primary key,
  user_id text not null unique references users(id) on delete cascade,
  sealed_vault_share bytea not null,
  sealed_auth_share bytea not null,
  created_at timestamptz not null default now()
);

-- An account derived from the user's root: EVM at m/44'/60'/0'/0/i, Solana at m/44'/501'/i'/0'.
-- Index 0 is the user's primary wallet of a chain type; additional wallets take 1, 2, ...
create table wallets (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  app_id text not null references apps(id) on delete cascade,
  chain_type text not null check (chain_type in ('ethereum', 'solana')),
  root_id text not null references key_roots(id) on delete cascade,
  derivation_index integer not null check (derivation_index >= 0),
  address text not null,
  -- Policies that bind every signature of the wallet (managed by the policies module).
  policy_ids text[] not null default '{}',
  created_at timestamptz not null default now(),
  unique (user_id, chain_type, derivation_index)
);
create index wallets_user on wallets (user_id, chain_type, derivation_index);

-- Delegated session signers: an app server's P-256 key the user consented to. A revoked signer is
-- kept (revoked_at set) so the audit trail can still name it.
create table wallet_signers (
  id text primary key,
  wallet_id text not null references wallets(id) on delete cascade,
  public_key jsonb not null,
  key_thumbprint text not null,
  policy_ids text[] not null default '{}',
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index wallet_signers_live on wallet_signers (wallet_id, key_thumbprint) where revoked_at is null;

-- First answers of requests sent with `satchel-idempotency-key`. `scope` is the wallet id for wallet
-- RPC, `user:<id>` for wallet creation. `response` is null while the first request is in flight.
create table wallet_idempotent_requests (
  scope text not null,
  idempotency_key text not null,
  request_hash bytea not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, idempotency_key)
);

-- The nonce manager's row per chain and sender: locked (select ... for update) around each nonce
-- reservation and broadcast, so instances sharing the database never hand out one nonce twice.
create table chain_nonces (
  chain_id bigint not null,
  address text not null,
  next_nonce bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (chain_id, address)
);

-- Transactions the API broadcast, followed until they are mined or fail.
create table wallet_transactions (
  wallet_id text not null references wallets(id) on delete cascade,
  caip2 text not null,
  hash text not null,
  nonce bigint,
  status text not null default 'pending' check (status in ('pending', 'mined', 'failed')),
  block_number bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (wallet_id, hash)
);
create index wallet_transactions_pending on wallet_transactions (caip2) where status = 'pending';
