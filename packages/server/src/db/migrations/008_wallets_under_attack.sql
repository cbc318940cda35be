-- The wallet policies a delegated signer was consented under (wallets/walletSigners.ts): they keep
-- binding the signer whatever later happens to the wallet's own list. Live signers of an existing
-- database are taken to have been consented under the wallet's policies as they stand now.
alter table wallet_signers add column wallet_policy_ids text[] not null default '{}';
update wallet_signers s set wallet_policy_ids = w.policy_ids
  from wallets w where w.id = s.wallet_id and s.revoked_at is null;
