-- When the session last proved a login method again (a "Confirm it's you" step): without a second
-- factor, export, unlinking and a first recovery lock need this (or the session's start) to be recent.
alter table sessions add column reauthenticated_at timestamptz;
