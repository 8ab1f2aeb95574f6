import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json') as { version: string };

/** The skillpulse version, read from package.json (one level above both src/ and dist/). */
export const VERSION: string = pkg.version;
