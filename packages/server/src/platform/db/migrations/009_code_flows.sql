-- A login code belongs to the init that asked for it: its row id is the `flow_id` answered to that
-- client, and only that flow can spend the code's tries. Several codes may be live for one address, so
-- a stranger asking for codes (or guessing) never voids or burns the code the owner is typing.
alter table verification_codes drop constraint if exists verification_codes_app_id_channel_identifier_key;
-- MFA codes by text stay one per user, session and purpose (a new one replaces the last).
create unique index verification_codes_mfa_sms on verification_codes (app_id, channel, identifier)
  where channel = 'mfa_sms';
