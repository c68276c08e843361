// Property access for keys that come from outside (a manifest, a command line, a link): only an
// object's own properties count, and writing `__proto__` makes an own property instead of changing
// the prototype. A label `constructor` is a label, not `Object.prototype.constructor`.

export function hasOwn(o: object | null | undefined, key: string): boolean {
  return o !== null && o !== undefined && Object.prototype.hasOwnProperty.call(o, key);
}

/** `o[key]` when `key` is an own property of `o`, else undefined. */
export function ownGet<T>(o: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return hasOwn(o, key) ? (o as Record<string, T>)[key] : undefined;
}

/** `o[key] = value`, always as an own, enumerable data property (also for `__proto__`). */
export function ownSet<T>(o: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}
