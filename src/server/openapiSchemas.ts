// The component schemas the server publishes at /openapi/v3: one source with the emulator's
// `kubectl explain` (src/engine/kubectl/explain/openapi.ts).

export { componentSchemas, schemaName } from '../engine';
