-- A correction (issue 44): the organiser corrects a round of a table's evening after the fact (a
-- miscounted hand). The evening is stored again at its revision + 1 with the round replaced and
-- its seats' results derived again; this row keeps what the round was, what it became, who and
-- when. The evening's phone stays its owner: it takes the correction in (GET /v1/corrections) and
-- says which corrections it took in with every later put (the evening's `clubCorrection`), so a
-- put written before it knew of one never undoes it (ops/statement.ts).

CREATE TABLE correction (
	id bigserial PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	evening_id text NOT NULL REFERENCES evening (id),
	-- The table that owns the evening: its phone reads its corrections by this.
	table_id text NOT NULL REFERENCES club_table (id),
	round_idx integer NOT NULL,
	before jsonb NOT NULL,
	after jsonb NOT NULL,
	-- The evening's revision the correction made.
	revision bigint NOT NULL,
	action_id bigint NOT NULL REFERENCES organiser_action (id),
	by_name text NOT NULL,
	at bigint NOT NULL
);
CREATE INDEX correction_table ON correction (table_id, id);
CREATE INDEX correction_evening ON correction (evening_id, revision);

-- Who corrected a round, on the round (null: as the table entered it).
ALTER TABLE round ADD COLUMN corrected_by jsonb;
