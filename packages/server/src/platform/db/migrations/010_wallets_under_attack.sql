-- Nonce reservation without a database lock held across chain calls (chains/createNonceManager.ts):
-- a sender's row carries a lease, taken and given back by single statements and timed by the
-- database's clock, so a chain whose node hangs holds no connection and no row lock, and the lease of
-- a process that died ends by itself.
alter table chain_nonces add column lease_token text;
alter table chain_nonces add column lease_expires_at timestamptz;

-- The wallet policies a delegated signer was consented under (wallets/walletSigners.ts): they keep
-- binding the signer whatever later happens to the wallet's own list. Live signers of an existing
-- database are taken to have been consented under the wallet's policies as they stand now.
alter table wallet_signers add column wallet_policy_ids text[] not null default '{}';
update wallet_signers s set wallet_policy_ids = w.policy_ids
  from wallets w where w.id = s.wallet_id and s.revoked_at is null;
