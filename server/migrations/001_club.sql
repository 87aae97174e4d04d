-- The club, its tables (each with one token), the evenings they send and the rounds in them.
-- Times are milliseconds since 1970 (bigint), as the phones keep them.

CREATE TABLE club (
	id text PRIMARY KEY,
	name text NOT NULL,
	ranking text NOT NULL DEFAULT 'per-round' CHECK (ranking IN ('per-round', 'placings')),
	created_at bigint NOT NULL
);

-- A table (or a viewer screen) of the club. Only the SHA-256 of its token is stored.
CREATE TABLE club_table (
	id text PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	name text NOT NULL,
	role text NOT NULL CHECK (role IN ('table', 'viewer')),
	token_hash bytea NOT NULL UNIQUE,
	created_at bigint NOT NULL,
	revoked_at bigint,
	last_heard_at bigint
);
-- One live table of a name at a time; a revoked one may be invited again.
CREATE UNIQUE INDEX club_table_live_name ON club_table (club_id, lower(name))
	WHERE revoked_at IS NULL;

-- An evening, owned by the table that first sent it. `revision` is the phone's: the newest wins.
CREATE TABLE evening (
	id text PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	table_id text NOT NULL REFERENCES club_table (id),
	revision bigint NOT NULL,
	deleted boolean NOT NULL DEFAULT false,
	-- The evening row as the phone holds it (seats, rules, times); null once deleted.
	data jsonb,
	-- The night it belongs to (YYYY-MM-DD, nights run 06:00 to 06:00 server time).
	night text NOT NULL,
	round_count integer NOT NULL DEFAULT 0,
	over boolean NOT NULL DEFAULT false,
	leader jsonb NOT NULL DEFAULT '[]',
	received_at bigint NOT NULL
);
CREATE INDEX evening_night ON evening (club_id, night) WHERE NOT deleted;
CREATE INDEX evening_table ON evening (table_id, night);

-- Every round once: (evening, index) is the key, so a round sent twice is the same row.
CREATE TABLE round (
	evening_id text NOT NULL REFERENCES evening (id) ON DELETE CASCADE,
	idx integer NOT NULL,
	entry jsonb NOT NULL,
	starter integer,
	saved_at bigint NOT NULL,
	PRIMARY KEY (evening_id, idx)
);

-- Each seat's result in an evening, derived by the rules core when the evening is written, so
-- the standings are one query over these rows. `key` is the rules core's playerKey of the name.
CREATE TABLE evening_player (
	evening_id text NOT NULL REFERENCES evening (id) ON DELETE CASCADE,
	seat integer NOT NULL,
	club_id text NOT NULL,
	night text NOT NULL,
	key text NOT NULL,
	name text NOT NULL,
	total integer NOT NULL,
	rounds integer NOT NULL,
	place integer NOT NULL,
	seats integer NOT NULL,
	PRIMARY KEY (evening_id, seat)
);
CREATE INDEX evening_player_night ON evening_player (club_id, night);

-- Operations applied, by the table that sent them: the same operation again changes nothing.
CREATE TABLE applied_op (
	table_id text NOT NULL REFERENCES club_table (id),
	id text NOT NULL,
	evening_id text NOT NULL,
	revision bigint NOT NULL,
	applied_at bigint NOT NULL,
	PRIMARY KEY (table_id, id)
);
