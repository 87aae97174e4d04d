// `npm run club -- <command>`: serve (the default, serve.ts) or one of the admin's commands
// (cli.ts, admin.ts).

import { USAGE } from './admin';
import { runCli } from './cli';
import { readConfig } from './config';
import { serveClub } from './serve';

// Everything this process creates (the database's files, the admin socket) is its owner's alone.
process.umask(0o077);

const args = process.argv.slice(2);
const config = readConfig();
if (args.length === 0 || (args[0] === 'serve' && args.length === 1)) await serveClub(config);
else if (args[0] === 'serve') {
	console.error('serve takes no options: its settings come from the environment (docs/club.md).');
	console.error(USAGE.join('\n'));
	process.exitCode = 1;
} else if (args[0] === 'help' || args[0] === '--help' || args[0] === '-h')
	console.log(USAGE.join('\n'));
else await runCli(config, args);
