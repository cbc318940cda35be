-- The Satchel console (identity/operators/): operators sign in to one app of this server, made on
-- first start and remembered here (a single row), and act on the other apps with the role they hold.
create table operator_app (
  singleton boolean primary key default true check (singleton),
  app_id text not null references apps(id) on delete cascade
);

-- An operator is an email invited with a role; `user_id` is set when that email first signs in to the
-- operator app (a pending invitation until then). One row per email.
create table operators (
  id text primary key,
  email text not null unique,
  role text not null check (role in ('owner', 'admin', 'viewer')),
  user_id text references users(id) on delete set null,
  invited_by text,
  created_at timestamptz not null default now(),
  accepted_at timestamptz
);
create unique index operators_user on operators (user_id) where user_id is not null;
