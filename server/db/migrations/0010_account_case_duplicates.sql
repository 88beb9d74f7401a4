-- Account names become unique regardless of case (the next migration adds unique indexes on
-- lower(account)). Names registered before that may differ only in case ('IDA…' and 'ida…').
-- Nothing is renamed: the oldest account of each such group keeps the case-insensitive name,
-- every younger one is flagged as a legacy duplicate, keeps its exact name and still signs in
-- with it (login prefers an exact match), and is left out of the unique index.
UPDATE "customers" AS c
SET "legacy_case_duplicate" = true
WHERE EXISTS (
  SELECT 1 FROM "customers" AS older
  WHERE lower(older."account") = lower(c."account") AND older."id" < c."id"
);
--> statement-breakpoint
UPDATE "staff_accounts" AS s
SET "legacy_case_duplicate" = true
WHERE EXISTS (
  SELECT 1 FROM "staff_accounts" AS older
  WHERE lower(older."account") = lower(s."account") AND older."id" < s."id"
);
