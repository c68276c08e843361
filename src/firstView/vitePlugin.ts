// Vite plugin: the first view's static HTML (render.ts, firstView.ts) put inside index.html's #root
// at build time. Build only.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export function withFirstView(html: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('first view: index.html has no empty <div id="root"></div>');
  return html.replace(root, () => `<div id="root">${markup}</div>`);
}

export function firstViewPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'daemonset-playground:first-view',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async transformIndexHtml(html) {
      // the engine and the strings through Vite's module runner (TypeScript, extensionless imports)
      const { module } = await runnerImport<typeof import('./render')>(join(here, 'render.ts'), {
        configFile: false,
        root,
        logLevel: 'warn',
      });
      return withFirstView(html, module.renderFirstView(root) + module.renderLessonFirstViews(root));
    },
  };
}
