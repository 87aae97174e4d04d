// The lint can fail: each arrow ARCHITECTURE.md forbids, planted in a scratch copy of src/, is
// refused by dependency-cruiser (as `npm run lint` runs it, on just the planted files) and, where
// ESLint holds the rule too, by ESLint; a file that keeps the rules passes both.
import { execFile } from 'node:child_process';
import {
	appendFileSync,
	cpSync,
	mkdirSync,
	mkdtempSync,
	rmSync,
	symlinkSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Each planted file: its path in src/, its code, and the rule that must refuse it (or none). */
const PROBES: { file: string; code: string; depcruise: string | null; eslint?: string }[] = [
	{
		file: 'src/routes/probe/+page.svelte',
		code: [
			'<script lang="ts">',
			"\timport { listEvenings } from '$lib/db/evenings';",
			'\tconsole.log(listEvenings);',
			'</script>',
			''
		].join('\n'),
		depcruise: 'screens-not-db'
	},
	{
		file: 'src/routes/probe/static.ts',
		code: "import * as evenings from '$lib/db/evenings';\nexport const probe = evenings;\n",
		depcruise: 'screens-not-db',
		eslint: 'no-restricted-imports'
	},
	{
		file: 'src/lib/components/probe-dynamic.ts',
		code: "export const probe = () => import('$lib/db/evenings');\n",
		depcruise: 'screens-not-db',
		eslint: 'no-restricted-syntax'
	},
	{
		file: 'src/lib/components/probe-relative.ts',
		code: "export const probe = () => import('../db/evenings');\n",
		depcruise: 'screens-not-db',
		eslint: 'no-restricted-syntax'
	},
	{
		file: 'src/lib/db/probe.ts',
		code: "import { EveningSession } from '$lib/state/evening.svelte';\nexport const probe = EveningSession;\n",
		depcruise: 'db-below-state'
	},
	{
		file: 'src/lib/rules/probe-a.ts',
		code: "import { b } from '$lib/rules/probe-b';\nexport const a = () => b;\n",
		depcruise: null
	},
	{
		// The circle is one violation, named from one of its modules: see CIRCLE.
		file: 'src/lib/rules/probe-b.ts',
		code: "import { a } from '$lib/rules/probe-a';\nexport const b = () => a;\n",
		depcruise: null
	},
	{
		file: 'src/lib/state/probe-words.ts',
		code: "import { m } from '$lib/paraglide/messages.js';\nexport const probe = m;\n",
		depcruise: 'words-in-screens'
	},
	{
		file: 'src/lib/link/probe.ts',
		code: "import { page } from '$app/state';\nexport const probe = page;\n",
		depcruise: 'pure-core'
	},
	{
		file: 'src/lib/rules/probe-dom.ts',
		code: 'export const probe = () => document.title;\n',
		depcruise: null,
		eslint: 'no-restricted-globals'
	},
	{
		file: 'src/lib/rules/probe-format.ts',
		code: "import { formatNumber } from '$lib/format';\nexport const probe = formatNumber;\n",
		depcruise: 'pure-core'
	},
	{
		file: 'server/src/probe.ts',
		code: "import { db } from '../../src/lib/db/client';\nexport const probe = db;\n",
		depcruise: 'server-imports-the-protocol'
	},
	{
		file: 'src/routes/probe/alias.ts',
		code: "import { x } from '$nowhere/x';\nexport const probe = x;\n",
		depcruise: 'resolved'
	},
	{
		// Keeps every rule: state, the pure core, a component, words and SvelteKit's runtime.
		file: 'src/routes/probe/clean.ts',
		code: [
			"import { EveningSession } from '$lib/state/evening.svelte';",
			"import { PRESETS } from '$lib/rules';",
			"import { m } from '$lib/paraglide/messages.js';",
			"import { goto } from '$app/navigation';",
			'export const probe = [EveningSession, PRESETS, m, goto];',
			"export const later = () => import('$lib/state/evenings.svelte');",
			''
		].join('\n'),
		depcruise: null,
		eslint: undefined
	}
];
/** A circle through `$lib`: two planted modules importing each other. */
const CIRCLE = ['src/lib/rules/probe-a.ts', 'src/lib/rules/probe-b.ts'];
/** Planted at the end of the club protocol itself: the file the club server imports. */
const CLUB_DEXIE = "\nimport Dexie from 'dexie';\nexport const probe = Dexie;\n";

let scratch: string;
const execute = promisify(execFile);

beforeAll(() => {
	scratch = mkdtempSync(join(tmpdir(), 'caboose-lint-probe-'));
	cpSync(join(ROOT, 'src'), join(scratch, 'src'), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
	for (const { file, code } of PROBES) {
		mkdirSync(dirname(join(scratch, file)), { recursive: true });
		writeFileSync(join(scratch, file), code);
	}
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** depcruise as `npm run lint` runs it, from the scratch copy: its exit status and what it says. */
async function depcruise(files: string[]) {
	const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
	const args = [bin, ...files, '--config', join(ROOT, '.dependency-cruiser.cjs')];
	const run = await execute(process.execPath, args, { cwd: scratch }).then(
		(r) => ({ status: 0, stdout: r.stdout }),
		(e: { code: number; stdout: string }) => ({ status: e.code, stdout: e.stdout })
	);
	// Its lines read "  error <rule>: <from> → <to>".
	const violations = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) →/gm)].map(
		([, rule, from]) => ({
			rule: rule as string,
			from: from as string
		})
	);
	return { status: run.status, violations, output: run.stdout };
}

describe('the lint refuses each forbidden arrow', () => {
	it('dependency-cruiser: every planted arrow is refused, the clean file passes', async () => {
		const planted = [...PROBES.map((p) => p.file), 'src/lib/club/protocol.ts'];
		// Only for this run: the clean file below reaches the club protocol through the state.
		const protocol = join(scratch, 'src/lib/club/protocol.ts');
		appendFileSync(protocol, CLUB_DEXIE);
		const { status, violations, output } = await depcruise(planted).finally(() =>
			cpSync(join(ROOT, 'src/lib/club/protocol.ts'), protocol)
		);
		expect(status, output).not.toBe(0);
		const found = (file: string) =>
			[...new Set(violations.filter((v) => v.from === file).map((v) => v.rule))].sort();
		expect(CIRCLE.flatMap(found)).toEqual(['no-circular']);
		for (const probe of PROBES.filter((p) => !CIRCLE.includes(p.file)))
			expect(found(probe.file), probe.file).toEqual(probe.depcruise ? [probe.depcruise] : []);
		expect(found('src/lib/club/protocol.ts')).toEqual(['club-protocol-pure']);
		// Nothing else of the tree is blamed: the copy of today's src/ passes. (That a run with no
		// violation ends with status 0 is `npm run lint` itself, on the whole tree, each run.)
		const elsewhere = violations.filter((v) => !planted.includes(v.from));
		expect(elsewhere).toEqual([]);
	}, 120_000);

	it('ESLint: a screen importing the db, statically or by import(), and the club importing Dexie', async () => {
		const eslint = new ESLint({ cwd: ROOT });
		const rulesOf = async (file: string, code: string) => {
			const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
			return [...new Set(result?.messages.map((m) => m.ruleId))];
		};
		for (const probe of PROBES.filter((p) => p.file.endsWith('.ts') && 'eslint' in p))
			expect(await rulesOf(probe.file, probe.code), probe.file).toEqual(
				probe.eslint ? [probe.eslint] : []
			);
		expect(await rulesOf('src/lib/club/probe.ts', CLUB_DEXIE)).toEqual(['no-restricted-imports']);
	}, 60_000);
});
