-- The console's audit log, narrowed by who, what, which record and when: each filter reads its own
-- index, newest first by (created_at, id), so a page costs the same however long the log has grown.
-- A page's cursor is its last row's id; the next page starts below that row's (created_at, id).

create index audit_log_time on audit_log (created_at, id);

create index audit_log_operator_time on audit_log (operator_id, created_at, id);

create index audit_log_action_time on audit_log (action, created_at, id);

create index audit_log_target_time on audit_log (target_type, target_id, created_at, id);
