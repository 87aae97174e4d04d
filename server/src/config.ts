// The club server's settings, from the environment (docs/club.md).

export interface Config {
	port: number;
	host: string;
	/** A PostgreSQL server; without it the embedded PGlite database in `dataDir`. */
	databaseUrl: string | undefined;
	dataDir: string;
	/** The app's address (by default where `npm start` serves it): join links open it, and only its
	 * origin may call the server (CORS). */
	appOrigin: string;
	clubName: string;
	/** The server's address as phones reach it (behind a proxy: the proxy's https address). */
	publicUrl: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const port = Number(env.PORT ?? 8787);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: ${env.PORT}`);
	const host = env.HOST || '127.0.0.1';
	const appOrigin = (env.APP_ORIGIN || 'http://127.0.0.1:4173').replace(/\/+$/, '');
	new URL(appOrigin); // throws on an address that is not one
	return {
		port,
		host,
		databaseUrl: env.DATABASE_URL || undefined,
		dataDir: env.CLUB_DATA || './club-data',
		appOrigin,
		clubName: env.CLUB_NAME || 'Domino club',
		publicUrl: (
			env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`
		).replace(/\/+$/, '')
	};
}
