// `npm run i18n`: compiles the messages with exactly the options the build uses.
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../paraglide.options.js';

await compile(paraglideOptions);
