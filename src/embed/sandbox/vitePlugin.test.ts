import { describe, expect, it } from 'vitest';
import { bootHtml } from './vitePlugin';

describe('the page starts with boot.js', () => {
  it('takes Vite’s module script and modulepreload links into boot.js’s data attributes', () => {
    const html = `<head>
    <title>x</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/a.js">
    <link rel="modulepreload" crossorigin href="./assets/b.js">
    <link rel="stylesheet" href="./assets/index.css">
  </head>`;
    const out = bootHtml(html);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('<link rel="stylesheet" href="./assets/index.css">');
    expect(out).toContain(
      '<script src="./boot.js" data-entry="./assets/index-abc.js" data-preload="./assets/a.js ./assets/b.js" data-classic="./classic/app.js" data-classic-css="./classic/app.css"></script>',
    );
  });
  it('leaves a page without a module script alone', () => {
    expect(bootHtml('<head></head>')).toBe('<head></head>');
  });
});
