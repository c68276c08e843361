// Vitest setup file (vite.config.ts `test.setupFiles`): every fast-check property in the suite runs
// with the seed in FC_SEED when it is set, so a red run can be replayed exactly:
//   FC_SEED=-50055334 npx vitest run src/engine/script/hostileNames.test.ts
// `.ci/run` picks a seed, prints it at its start and exports it. Without FC_SEED each property draws
// its own seed, which fast-check prints when the property fails (`{ seed: …, path: … }`); pass that
// number as FC_SEED to replay it.

/** FC_SEED as a seed: a 32-bit integer, or undefined when unset or empty. Anything else is an error. */
export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const t = text.trim();
  const n = Number(t);
  if (!/^-?\d+$/.test(t) || !Number.isSafeInteger(n) || n < -(2 ** 31) || n > 2 ** 32 - 1) {
    throw new Error(
      `FC_SEED=${JSON.stringify(text)}: not a seed; give a 32-bit integer, e.g. FC_SEED=-50055334 (the "seed" fast-check prints)`,
    );
  }
  return n;
}

const seed = parseSeed(process.env.FC_SEED);
if (seed !== undefined) {
  // loaded only when needed: most test files do not use fast-check
  const { default: fc } = await import('fast-check');
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
