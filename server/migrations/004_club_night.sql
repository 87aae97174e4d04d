-- The club night (issue 44): the organiser, the club's members and their spellings, tonight's
-- check-in, the games of a night with their seats and moves, and every organiser action with who
-- and when. What the pure module (src/lib/club/night) decides is stored as it returned it, with
-- the seed that replays it.

-- The organiser is a third role of a table: a key held by a person, not a phone at a table.
ALTER TABLE club_table DROP CONSTRAINT club_table_role_check;
ALTER TABLE club_table ADD CONSTRAINT club_table_role_check
	CHECK (role IN ('table', 'viewer', 'organiser'));

-- The club's night settings. season_rule null: the CLI's ranking, missed nights not counted,
-- ties shared (the standings as before), so `ranking` keeps working until an organiser says more.
ALTER TABLE club
	ADD COLUMN table_min integer NOT NULL DEFAULT 4,
	ADD COLUMN table_max integer NOT NULL DEFAULT 6,
	ADD COLUMN house_rules jsonb,
	ADD COLUMN season_rule jsonb,
	ADD COLUMN divisions jsonb NOT NULL DEFAULT '[]',
	ADD CONSTRAINT club_table_sizes CHECK (2 <= table_min AND table_min <= table_max AND table_max <= 10);

-- A member of the club. A merged member stays (tonight's and past games name them) but points to
-- the one they are; `key` is the rules core's playerKey of the name.
CREATE TABLE member (
	id text PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	name text NOT NULL,
	key text NOT NULL,
	division text,
	merged_into text REFERENCES member (id),
	created_at bigint NOT NULL
);
-- No two members of one name (by playerKey): the pure module's invariant, held here too.
CREATE UNIQUE INDEX member_key ON member (club_id, key) WHERE merged_into IS NULL;

-- Another spelling of a member's name, typed at tables (kept from a merge or a rename).
CREATE TABLE alias (
	club_id text NOT NULL REFERENCES club (id),
	key text NOT NULL,
	name text NOT NULL,
	member_id text NOT NULL REFERENCES member (id),
	PRIMARY KEY (club_id, key)
);

-- A night the organiser ran. `revision` is bumped by every organiser write (If-Match); `here`
-- (member ids) and `guests` (names) are the check-in, always written whole.
CREATE TABLE night (
	id text PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	night text NOT NULL,
	revision integer NOT NULL DEFAULT 0,
	here jsonb NOT NULL DEFAULT '[]',
	guests jsonb NOT NULL DEFAULT '[]',
	UNIQUE (club_id, night)
);

-- Every organiser action, append-only: who (the organiser's table row and key), when, what was
-- asked, and the answer given, which a retry with the same Idempotency-Key gets again.
CREATE TABLE organiser_action (
	id bigserial PRIMARY KEY,
	club_id text NOT NULL REFERENCES club (id),
	night_id text REFERENCES night (id),
	actor_id text NOT NULL REFERENCES club_table (id),
	key_id text NOT NULL REFERENCES club_key (id),
	request_id uuid NOT NULL,
	-- The request's method, path and body, hashed: the same key with another request is refused.
	request_hash text NOT NULL,
	kind text NOT NULL,
	input jsonb NOT NULL,
	result jsonb NOT NULL,
	at bigint NOT NULL,
	UNIQUE (club_id, request_id)
);

-- A game of a night: its rule, the club's sizes then, the seed and draw method that replay it,
-- and what the pure module returned (tables in seat order with names, moves, final tables).
CREATE TABLE game (
	id text PRIMARY KEY,
	night_id text NOT NULL REFERENCES night (id),
	number integer NOT NULL,
	rule jsonb NOT NULL,
	table_min integer NOT NULL,
	table_max integer NOT NULL,
	seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{32}$'),
	method integer NOT NULL,
	tables jsonb NOT NULL,
	moves jsonb NOT NULL,
	final_tables jsonb NOT NULL,
	action_id bigint NOT NULL REFERENCES organiser_action (id),
	at bigint NOT NULL,
	UNIQUE (night_id, number)
);

-- Which phone plays a table number of a game, and the evening it started for it. The evening is
-- not a reference: a phone says which evening it started before that evening reaches the club;
-- it counts only once that table sent it.
CREATE TABLE game_table (
	game_id text NOT NULL REFERENCES game (id),
	table_no integer NOT NULL,
	club_table_id text REFERENCES club_table (id),
	evening_id text,
	PRIMARY KEY (game_id, table_no),
	UNIQUE (game_id, club_table_id)
);
CREATE INDEX game_table_phone ON game_table (club_table_id);
