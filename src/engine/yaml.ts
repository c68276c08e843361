// The engine's face for what the page reads of YAML text itself before a cluster runs: the nesting
// limit kubectl's decoder keeps (the editor marks a manifest too deep to read). A face of its own,
// beside ./scripts, because it brings the yaml package: the page loads it where the editor's text is
// read (src/state/locate.ts, loaded on the first Apply), not in its first bundle (issue 24).

export { yamlDepthError } from './api/yamlLimits';
