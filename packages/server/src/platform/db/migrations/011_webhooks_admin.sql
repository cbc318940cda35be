-- An app's secrets for its backend (admin/appSecrets.ts): up to 5, each full or read-only (GET routes
-- only), stored as a SHA-256 hash like the single secret they replace. The prefix is what the owner
-- sees in a list to tell them apart; the secret itself is shown once, when it is made.
create table app_secrets (
  id text primary key,
  app_id text not null references apps(id) on delete cascade,
  secret_hash bytea not null,
  prefix text not null,
  access text not null check (access in ('full', 'read_only')),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index app_secrets_app on app_secrets (app_id);

-- Every existing app keeps working with the secret it has: it becomes the app's first full secret,
-- and the old column no longer holds it (nothing reads it any more).
insert into app_secrets (id, app_id, secret_hash, prefix, access, created_at)
  select 'sec_' || substr(md5(random()::text || id), 1, 22), id, secret_hash, 'sk_', 'full', created_at
  from apps where secret_hash is not null;
alter table apps alter column secret_hash drop not null;
update apps set secret_hash = null;

-- Where an app wants its events (webhooks/): the signing secret is sealed under the API's key (the
-- server must sign with it, so it cannot be hashed), associated data `webhook:<endpoint id>`.
-- An empty event filter means every event. `failing_since` is the first failure of an unbroken run;
-- after three days of it the endpoint is disabled.
create table webhook_endpoints (
  id text primary key,
  app_id text not null references apps(id) on delete cascade,
  url text not null,
  description text not null default '',
  event_types text[] not null default '{}',
  sealed_secret bytea not null,
  enabled boolean not null default true,
  disabled_reason text,
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_app on webhook_endpoints (app_id);

-- The durable queue and the delivery log in one: a row per (event, endpoint). Workers claim due rows
-- with FOR UPDATE SKIP LOCKED and hold a lease while they send, so two instances never send the same
-- attempt at once, and the lease of a process that died ends by itself.
create table webhook_deliveries (
  id text primary key,
  app_id text not null references apps(id) on delete cascade,
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  message_id text not null,
  event_type text not null,
  payload text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  lease_token text,
  lease_until timestamptz,
  last_response_code integer,
  last_error text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc, id desc);
