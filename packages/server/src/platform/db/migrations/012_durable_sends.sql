-- Sends that survive a crash. An idempotent request is owned by the attempt that inserted it (`owner`),
-- and binds, before its transaction leaves, the answer a retry gets should that attempt die or lose
-- its answer (`bound_response`): a retry never signs a second, different transaction for the key.
alter table wallet_idempotent_requests add column owner text;
alter table wallet_idempotent_requests add column bound_response jsonb;

-- The signed bytes of every EVM transaction recorded before its broadcast, so a transaction the chain
-- never received (its node dropped, the process died) is broadcast again by the reconciler.
alter table wallet_transactions add column signed_transaction text;
