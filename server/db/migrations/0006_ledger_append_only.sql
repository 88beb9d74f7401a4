-- Hand-written half of the ledger's move to stored balances (the generated half, before this one,
-- adds the columns and constraints). Converts existing rows, then makes the journal append-only.

-- The account kinds' new names; every other kind is created on first use.
UPDATE ledger_accounts SET kind = 'available' WHERE kind = 'customer_cash';
--> statement-breakpoint
UPDATE ledger_accounts SET kind = 'held' WHERE kind = 'customer_held';
--> statement-breakpoint
UPDATE ledger_accounts SET kind = 'house_bank' WHERE kind = 'house_cash';
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_known CHECK (kind IN (
  'available', 'held', 'position_margin', 'loan_principal', 'ipo_deposit',
  'house_bank', 'house_fees', 'house_taxes', 'house_fx', 'house_suspense'
));
--> statement-breakpoint
-- Stored balances start as the sum of the postings so far.
UPDATE ledger_accounts a SET balance = coalesce(
  (SELECT sum(p.amount) FROM postings p WHERE p.account_id = a.id), 0);
--> statement-breakpoint
-- Keys recorded before scopes were scoped by their actor, with the hash postEntry computes
-- (server/ledger/request-hash.ts: the same text, built here from the stored postings).
UPDATE journal_entries e SET
  idempotency_scope = e.actor,
  request_hash = encode(sha256(convert_to(
    'kind=' || e.kind || E'\nreverses=\n' || coalesce((
      SELECT string_agg(p.account_id || ':' || p.amount || E'\n', '' ORDER BY p.account_id, p.amount)
      FROM postings p WHERE p.entry_id = e.id), ''),
    'UTF8')), 'hex')
WHERE e.idempotency_key IS NOT NULL;
--> statement-breakpoint
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_idempotency_complete CHECK (
  (idempotency_key IS NULL) = (idempotency_scope IS NULL)
  AND (idempotency_key IS NULL) = (request_hash IS NULL)
);
--> statement-breakpoint
-- The journal is append-only, like the audit log: corrections are reversing entries.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a reversing entry instead', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_update_delete
  BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate
  BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_update_delete
  BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate
  BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
