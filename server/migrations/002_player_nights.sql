-- A player's nights of the season (GET /v1/nights): found by the player's key, not read whole.
CREATE INDEX evening_player_key ON evening_player (club_id, key, night);
