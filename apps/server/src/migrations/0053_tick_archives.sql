-- Ticks of months past their retention move to archive files in the blob store (decision 0084): each
-- file holds consecutive ticks of one product, and its row here keeps what verifies it: its seqs and
-- times, the hash its first tick continues and its last tick's hash, and the file's own sha256 (its
-- name in the store). The rows form a chain of their own: each continues the one before, and the first
-- starts at seq 1 from the genesis hash, so no range can go missing between archived files. Rows are
-- never changed or removed.

create table tick_archives (
  symbol text not null,
  first_seq bigint not null,
  last_seq bigint not null,
  first_time timestamptz not null,
  last_time timestamptz not null,
  prev_hash bytea not null,
  last_hash bytea not null,
  file_sha256 bytea not null,
  file_bytes integer not null,
  archived_at timestamptz not null default now(),
  constraint tick_archives_pkey primary key (symbol, first_seq),
  constraint tick_archives_symbol_fkey foreign key (symbol) references products (symbol),
  constraint tick_archives_seqs check (first_seq >= 1 and last_seq >= first_seq),
  constraint tick_archives_times check (last_time >= first_time),
  constraint tick_archives_hashes check (length(prev_hash) = 32 and length(last_hash) = 32 and length(file_sha256) = 32),
  constraint tick_archives_file_bytes_check check (file_bytes > 0)
);

create trigger tick_archives_append_only before delete or update on tick_archives
  for each row execute function forbid_change();
create trigger tick_archives_no_truncate before truncate on tick_archives
  for each statement execute function forbid_change();

create function tick_archive_continues() returns trigger language plpgsql as $$
    declare
      latest record;
    begin
      select a.last_seq, a.last_hash into latest from tick_archives a
      where a.symbol = new.symbol order by a.first_seq desc limit 1;
      if found then
        if new.first_seq <> latest.last_seq + 1 or new.prev_hash <> latest.last_hash then
          raise exception 'archive of % from tick % does not continue the archive before it', new.symbol, new.first_seq
            using errcode = '23514';
        end if;
      elsif new.first_seq <> 1 or new.prev_hash <> decode(repeat('0', 64), 'hex') then
        raise exception 'the first archive of % does not start at its first tick', new.symbol using errcode = '23514';
      end if;
      return new;
    end $$;

create trigger tick_archives_continue before insert on tick_archives
  for each row execute function tick_archive_continues();
