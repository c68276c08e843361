// Waiting in tests for what is expected, not for a number of milliseconds: work that goes through
// promises, timers and message ports takes as long as the machine takes (a loaded CI runner is many
// times slower), so a test that sleeps 20 ms and then looks passes or fails by chance.

import { vi } from 'vitest';

/**
 * Resolves as soon as `check` stops throwing (an `expect` that holds), trying every few
 * milliseconds. The timeout only ends a test whose answer never comes.
 */
export function until(check: () => void, timeoutMs = 60_000): Promise<void> {
  return vi.waitFor(check, { timeout: timeoutMs, interval: 5 });
}
