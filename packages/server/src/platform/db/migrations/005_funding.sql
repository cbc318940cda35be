-- One row per attempt to fund a wallet through an onramp provider. `external_ref` is what the
-- provider knows the attempt by: Coinbase's partnerUserRef (random, never the user id), MoonPay's
-- externalTransactionId, or the sandbox's session id. Webhooks and status polls find the row by it.
create table funding_sessions (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  app_id text not null references apps(id) on delete cascade,
  provider text not null check (provider in ('coinbase', 'moonpay', 'sandbox')),
  -- MoonPay's production and sandbox configurations sign with different keys; a webhook must come
  -- from the one the session was opened with.
  environment text not null default 'production' check (environment in ('production', 'sandbox')),
  external_ref text not null,
  address text not null,
  chain_id bigint,
  -- 'native' / 'USDC', or the provider's own name (a Coinbase symbol, a MoonPay currency code).
  asset text,
  amount text,
  -- Monotonic: pending < processing < success | failure. Updates only ever move it forward (see
  -- funding/foldFundingStatus.ts), so duplicated and out-of-order events cannot move it back.
  status text not null default 'pending' check (status in ('pending', 'processing', 'success', 'failure')),
  tx_hash text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, external_ref)
);
create index funding_sessions_user on funding_sessions (user_id, created_at desc);
