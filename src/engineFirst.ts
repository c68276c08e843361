// main.tsx's first import: the engine worker is started here, before the rest of the page's entry
// module is evaluated (an import's body runs before the importer's later imports), so its script
// downloads and compiles while the page's own code runs (issue 24: on a phone at 4× CPU the entry's
// evaluation took about a quarter of a second, and the worker waited for it). Not for a connected cluster
// (?connect=), which has no local engine.
import { parseConnect } from './connect/target';
import { prestartEngineWorker } from './worker/inProcess';

if (parseConnect(location.search, location.origin).type !== 'remote') prestartEngineWorker();
