// CPU time by thread, from Linux's /proc/self/task: the main thread's and the others' (V8's compiler
// and GC helpers). The benches read it around a phase; elsewhere (no /proc) it is undefined.

import { readFileSync, readdirSync } from 'node:fs';

/** CPU time (ms) of this process's main thread and of its other threads, where /proc/self/task exists. */
export function threadCpu(): { main: number; helpers: number } | undefined {
  try {
    const tick = 10; // USER_HZ = 100 on Linux
    let main = 0;
    let helpers = 0;
    for (const tid of readdirSync('/proc/self/task')) {
      // utime and stime are fields 14 and 15; the name in parentheses may hold spaces
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * tick;
      if (Number(tid) === process.pid) main += ms;
      else helpers += ms;
    }
    return { main, helpers };
  } catch {
    return undefined;
  }
}
