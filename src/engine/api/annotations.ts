// Annotation keys shared by the API server's strategies and the controllers (a module of its own, so
// reading a key does not load the strategies, their defaulting and validation).

/** apps/v1 DaemonSet strategy: the template generation kept for pods made before controller-revision-hash. */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';
