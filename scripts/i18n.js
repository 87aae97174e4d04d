// `npm run i18n`: compiles the messages with exactly the options the build uses.
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../paraglide.options.js';

await compile(paraglideOptions);
// The messages are written. Exit now: the inlang SDK's storage (lix, in WASM) leaves 30-second
// timers behind, which held this process open for half a minute after its 5 s of work (in
// `npm install`'s prepare and before every `npm test`).
process.exit(0);
