// types.NamespacedName's String(): `namespace/name`, the key by which the scheduler's and controllers'
// indexes, the event store and the page's mirrors tell namespaced objects apart. (The object store's
// own index key, metaNamespaceKey, is cache.MetaNamespaceKeyFunc's: a cluster-scoped object's is its
// bare name.) It takes the two strings, not an object: hot paths call it with objects of many shapes.

export function namespacedName(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}
