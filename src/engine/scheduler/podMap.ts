// A map keyed by a pod's namespace and name, without building the `ns/name` text: a pod's
// namespace and name are the same string objects in every version of it (writes copy the
// metadata's references), so lookups with them compare by reference and reuse the strings' hashes,
// where a `ns/name` key built per change is new text to hash and compare each time.

export class PodMap<V> {
  private readonly byNamespace = new Map<string | undefined, Map<string, V>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(namespace: string | undefined, name: string): V | undefined {
    return this.byNamespace.get(namespace)?.get(name);
  }

  set(namespace: string | undefined, name: string, v: V): void {
    let m = this.byNamespace.get(namespace);
    if (!m) this.byNamespace.set(namespace, (m = new Map()));
    const before = m.size;
    m.set(name, v);
    this.count += m.size - before;
  }

  delete(namespace: string | undefined, name: string): boolean {
    const m = this.byNamespace.get(namespace);
    if (!m || !m.delete(name)) return false;
    this.count--;
    if (m.size === 0) this.byNamespace.delete(namespace);
    return true;
  }
}
