// `kubectl version`: client and server versions of the simulated cluster (the server's `/version`).

import { versionInfo } from '../../api/discovery';
import { KUBELET_VERSION } from '../../version';
import { flagString } from '../argv';
import { toJSON } from '../printers/json';
import { toYAML } from '../printers/yaml';
import { CommandError, type CommandDef } from '../types';

const KUSTOMIZE_VERSION = 'v5.7.1';

export const versionCommand: CommandDef = {
  name: 'version',
  short: 'Print the client and server version information',
  usage: 'kubectl version [flags] [options]',
  flags: [
    { name: 'client', type: 'bool', usage: 'If true, shows client version only (no server required).' },
    { name: 'output', short: 'o', type: 'string', usage: "One of 'yaml' or 'json'." },
  ],
  run(ctx) {
    const output = flagString(ctx.args, 'output') ?? '';
    const clientOnly = ctx.args.flags.get('client')?.includes('true') ?? false;
    const info = (v: string) => {
      const [major, minor] = v.replace(/^v/, '').split('.');
      return { major, minor, gitVersion: v, platform: 'linux/amd64' };
    };
    if (output === 'json' || output === 'yaml') {
      const doc: Record<string, unknown> = {
        clientVersion: info(KUBELET_VERSION),
        kustomizeVersion: KUSTOMIZE_VERSION,
      };
      if (!clientOnly) doc.serverVersion = versionInfo();
      ctx.out.out(output === 'json' ? toJSON(doc) : toYAML(doc));
      return;
    }
    if (output) throw new CommandError(`--output must be 'yaml' or 'json'`);
    ctx.out.println(`Client Version: ${KUBELET_VERSION}`);
    ctx.out.println(`Kustomize Version: ${KUSTOMIZE_VERSION}`);
    if (!clientOnly) ctx.out.println(`Server Version: ${KUBELET_VERSION}`);
  },
};
