-- A table is the table; a key is its current link. Revoking ends a key, and inviting the table's
-- name again gives the same table a new key: its evenings stay its own. Until now a table row held
-- its one token, so a table revoked and invited again became a second table of the same name;
-- those become one again here (the first invited keeps its id, and the name as last written).

CREATE TABLE club_key (
	id text PRIMARY KEY,
	table_id text NOT NULL REFERENCES club_table (id),
	-- Only the SHA-256 of the token is stored.
	token_hash bytea NOT NULL UNIQUE,
	created_at bigint NOT NULL,
	revoked_at bigint,
	last_heard_at bigint
);
-- One live key a table at most.
CREATE UNIQUE INDEX club_key_live ON club_key (table_id) WHERE revoked_at IS NULL;
CREATE INDEX club_key_table ON club_key (table_id);

INSERT INTO club_key (id, table_id, token_hash, created_at, revoked_at, last_heard_at)
SELECT id, id, token_hash, created_at, revoked_at, last_heard_at FROM club_table;

-- Each table row and the table it is: the first invited of its name in its club.
CREATE TEMPORARY TABLE table_merge AS
SELECT t.id, first_value(t.id) OVER w AS keep_id,
       last_value(t.name) OVER w AS name, last_value(t.role) OVER w AS role
FROM club_table t
WINDOW w AS (PARTITION BY t.club_id, lower(t.name) ORDER BY t.created_at, t.id
             ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);

UPDATE club_key k SET table_id = m.keep_id FROM table_merge m WHERE k.table_id = m.id;
UPDATE evening e SET table_id = m.keep_id FROM table_merge m WHERE e.table_id = m.id;
-- An operation is recorded once a table: one sent under both rows (a random uuid: never, but
-- the key allows only one) is kept once.
DELETE FROM applied_op a USING table_merge m
WHERE a.table_id = m.id AND m.id <> m.keep_id
  AND EXISTS (SELECT 1 FROM applied_op b WHERE b.table_id = m.keep_id AND b.id = a.id);
UPDATE applied_op a SET table_id = m.keep_id FROM table_merge m WHERE a.table_id = m.id;
DELETE FROM club_table t USING table_merge m WHERE t.id = m.id AND m.id <> m.keep_id;
UPDATE club_table t SET name = m.name, role = m.role FROM table_merge m WHERE t.id = m.id;
DROP TABLE table_merge;

DROP INDEX club_table_live_name;
ALTER TABLE club_table DROP COLUMN token_hash, DROP COLUMN revoked_at, DROP COLUMN last_heard_at;
CREATE UNIQUE INDEX club_table_name ON club_table (club_id, lower(name));
