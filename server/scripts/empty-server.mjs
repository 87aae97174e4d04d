// The club bench's floor (server/bench.ts): a Node HTTP server that reads each body, parses it and
// answers as the club server would ({ applied: [...] }), with no database and no checks. The same
// load against it says how much of a batch's time this machine's HTTP and the load itself take.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
	const chunks = [];
	req.on('data', (chunk) => chunks.push(chunk));
	req.on('end', () => {
		const { ops } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify({ applied: ops.map((op) => op.id), ignored: [], refused: [] }));
	});
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`));
