-- Who of support is online (ARCHITECTURE §5 "Customer service"): an operator who answers chats is
-- online while their console's chat desk is open, or for a while after they wrote to a user. Each
-- server process refreshes the operators whose desk is open on its sockets; a row not refreshed for a
-- short while (desk closed, process gone) no longer counts. One row per operator, written by chat.

create table support_presence (
  operator_id bigint primary key references operators (id),
  seen_at timestamptz not null
);

create index support_presence_seen_at on support_presence (seen_at);
