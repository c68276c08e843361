// Export for kind (issue 14) on the built page: a person applies the article's DaemonSet, adds a
// tainted GPU node from the palette, types kubectl commands, and downloads the export from the share
// panel. The .tar is unpacked with the system tar and read; with a real kubectl on PATH, its replay.sh
// runs against `npm run -s serve -- --preset empty nodes.sim` and the DaemonSet and its pods per node
// come out as on the page. Also: reachable in the embed and on a phone, and a session that cannot be
// exported says why and is left as it was.

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Download, type Page } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const FOLDER = 'daemonset-playground-kind';
const PODS =
  'kubectl get pods -n kube-system --no-headers -o custom-columns=NODE:.spec.nodeName,IMAGE:.spec.containers[0].image,PHASE:.status.phase';
const DS =
  'kubectl get ds -n kube-system --no-headers -o custom-columns=NAME:.metadata.name,DESIRED:.status.desiredNumberScheduled,READY:.status.numberReady';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function open(page: Page, query = '') {
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** Types a command into the console and answers what it printed (the lines after the command). */
async function run(page: Page, command: string): Promise<string[]> {
  await page.getByTestId('console-clear').click();
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  const lines = (await page.getByTestId('console-log').innerText()).split('\n');
  return lines.slice(lines.lastIndexOf(`$ ${command}`) + 1).filter((l) => l.trim() !== '');
}

/** Opens the share panel, clicks Export and answers the download. */
async function exportSession(page: Page): Promise<Download> {
  await page.getByTestId('share-button').first().click();
  const button = page.getByTestId('export-button');
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/** Saves and unpacks the download; answers the folder it unpacked to. */
async function unpack(download: Download, into: string): Promise<string> {
  const file = join(into, download.suggestedFilename());
  await download.saveAs(file);
  execFileSync('tar', ['-xf', file, '-C', into]);
  return join(into, FOLDER);
}

/** The real kubectl on PATH, if there is one (its client version). */
function findKubectl(): string | undefined {
  const r = spawnSync('kubectl', ['version', '--client', '-o', 'json'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0 || !r.stdout) return undefined;
  try {
    return (
      (JSON.parse(r.stdout) as { clientVersion?: { gitVersion?: string } }).clientVersion?.gitVersion ??
      'unknown'
    );
  } catch {
    return undefined;
  }
}

const sorted = (lines: string[]) => lines.map((l) => l.trim().replace(/\s+/g, ' ')).sort();

test('export a session: kind config with the nodes, the DaemonSet manifest, the commands; replayed with the real kubectl it gives the same pods per node', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  // The article's DaemonSet, from the editor.
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  // A tainted GPU node from the palette.
  const gpu = page.getByTestId('palette.gpu');
  if (!(await gpu.isVisible())) await page.getByTestId('palette.toggle').click();
  await gpu.click();
  await expect(page.getByTestId('taint.gpu-1.nvidia.com/gpu.NoSchedule')).toBeVisible();
  // kubectl: label a node, take the GPU node's taint off, look at the pods.
  expect(await run(page, 'kubectl label node node-1 disktype=ssd')).toEqual(['node/node-1 labeled']);
  expect(await run(page, 'kubectl taint nodes gpu-1 nvidia.com/gpu=present:NoSchedule-')).toEqual([
    'node/gpu-1 untainted',
  ]);
  // The page's clock plays: wait until the daemon pods run on all three nodes.
  await expect
    .poll(async () => sorted(await run(page, PODS)).filter((l) => l.endsWith('Running')).length, {
      timeout: 30_000,
    })
    .toBe(3);
  // The DaemonSet's status follows its pods a sync later.
  await expect
    .poll(async () => sorted(await run(page, DS)), { timeout: 30_000 })
    .toEqual(['fluentd-elasticsearch 3 3']);
  const pagePods = sorted(await run(page, PODS));
  const pageDs = sorted(await run(page, DS));

  const download = await exportSession(page);
  expect(download.suggestedFilename()).toBe(`${FOLDER}.tar`);
  const status = page.getByTestId('export-status');
  await expect(status).toContainText(`Downloaded ${FOLDER}.tar`);
  await expect(status).toContainText(/nodes: 3, control plane: 1; manifests: 1; kubectl commands: \d+/);
  await expect(status).toContainText('kind create cluster --config kind-config.yaml && ./replay.sh');

  const tmp = mkdtempSync(join(tmpdir(), 'dsp-export-e2e-'));
  let server: ChildProcess | undefined;
  try {
    const dir = await unpack(download, tmp);
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    const config = read('kind-config.yaml');
    expect(config.match(/- role: [\w-]+/g)).toEqual([
      '- role: control-plane',
      '- role: worker',
      '- role: worker',
    ]);
    expect(config).toContain(
      'node-labels: "nvidia.com/gpu.present=true,playground.daemonset.dev/node=gpu-1"',
    );
    expect(config).toContain(
      '      - key: "nvidia.com/gpu"\n        value: "present"\n        effect: NoSchedule',
    );
    expect(config).toContain('      - key: "node-role.kubernetes.io/master"\n        effect: NoSchedule');
    const manifest = read('manifests/01-fluentd-elasticsearch.yaml');
    expect(manifest).toContain('kind: DaemonSet');
    expect(manifest).toContain('name: fluentd-elasticsearch');
    const replay = read('replay.sh');
    expect(statSync(join(dir, 'replay.sh')).mode & 0o111).toBe(0o111);
    const body = replay.slice(replay.indexOf('# a playground session'));
    expect(body).toContain('kubectl apply -f manifests/01-fluentd-elasticsearch.yaml\n');
    expect(body).toMatch(
      /# sim node add gpu-1 .*--taint nvidia\.com\/gpu=present:NoSchedule {2}\(in kind-config\.yaml\)\n/,
    );
    expect(body).toContain('kubectl label node "$(node_name node-1)" disktype=ssd\n');
    expect(body).toContain('kubectl taint nodes "$(node_name gpu-1)" nvidia.com/gpu=present:NoSchedule-\n');
    expect(body).toMatch(/sim advance \d/);
    expect(read('nodes.sim')).toContain(
      'sim node add gpu-1 --label nvidia.com/gpu.present=true --label playground.daemonset.dev/node=gpu-1 --taint nvidia.com/gpu=present:NoSchedule',
    );
    expect(read('README.txt')).toContain('kind create cluster --config kind-config.yaml && ./replay.sh');

    const kubectl = findKubectl();
    test.info().annotations.push({
      type: 'kubectl',
      description: kubectl ? `kubectl ${kubectl}` : 'not on PATH: replay skipped',
    });
    if (!kubectl) return;
    console.log(
      `[figure] replay.sh with kubectl ${kubectl}: ${body.split('\n').filter((l) => l.startsWith('kubectl ')).length} kubectl lines, ${body.split('\n').filter((l) => l.startsWith('sim advance')).length} sim advance lines`,
    );
    // The playground's API server with the exported nodes, on the paced clock; replay.sh against it.
    const started = await startServe(join(dir, 'nodes.sim'), join(tmp, 'client'));
    server = started.child;
    const env = {
      ...process.env,
      KUBECONFIG: started.kubeconfig,
      HOME: tmp,
      PATH: `${dirname(started.kubeconfig)}/bin:${process.env.PATH}`,
    };
    const out = execFileSync('bash', [join(dir, 'replay.sh')], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('daemonset.apps/fluentd-elasticsearch created');
    expect(out).toContain('node/gpu-1 untainted');
    execFileSync('kubectl', ['sim', 'settle'], { env });
    const real = (cmd: string) =>
      execFileSync('bash', ['-c', cmd], { env, encoding: 'utf8' })
        .split('\n')
        .filter((l) => l.trim() !== '');
    expect(sorted(real(PODS))).toEqual(pagePods);
    expect(sorted(real(DS))).toEqual(pageDs);
    console.log(`[figure] pods per node, page = serve after replay.sh: ${pagePods.join(' | ')}`);
  } finally {
    server?.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
  expect(errors).toEqual([]);
});

/** `npm run -s serve -- --port 0 --speed 0 --preset empty NODES`: answers its kubeconfig once it listens. */
function startServe(nodes: string, dir: string): Promise<{ child: ChildProcess; kubeconfig: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['tsx', 'src/server/serve.ts', '--port', '0', '--speed', '0', '--preset', 'empty', '--dir', dir, nodes],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /^KUBECONFIG=(.+)$/m.exec(out);
      if (m) resolve({ child, kubeconfig: m[1] });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
}

for (const v of [
  { name: 'the 700×450 embed', size: { width: 700, height: 450 }, query: 'embed=1&view=split' },
  { name: 'a 390×844 phone', size: { width: 390, height: 844 }, query: '' },
]) {
  test(`Export is reachable in ${v.name} and downloads the preset cluster when nothing was done yet`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(v.size);
    await open(page, v.query);
    await page.getByTestId('share-button').first().click();
    const button = page.getByTestId('export-button');
    // Inside the frame, and what a click at its centre hits is the button itself.
    const hit = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
        onTop: !!top && (top === el || el.contains(top)),
      };
    });
    expect(hit).toEqual({ inside: true, onTop: true });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await expect(page.getByTestId('export-status')).toContainText('nothing to replay yet');
    const tmp = mkdtempSync(join(tmpdir(), 'dsp-export-e2e-'));
    try {
      const dir = await unpack(download, tmp);
      const config = readFileSync(join(dir, 'kind-config.yaml'), 'utf8');
      expect(config).toContain('playground.daemonset.dev/node=master');
      expect(config).toContain('playground.daemonset.dev/node=node-1');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });
}

test('a session that cannot be exported says which command and why, in Chinese too, and is left as it was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, 'lang=zh-CN');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await run(page, 'sim cluster kubeadm');
  await expect(page.getByTestId('graph.node.worker-2')).toBeVisible();
  await page.getByTestId('share-button').first().click();
  await page.getByTestId('export-button').click();
  const error = page.getByTestId('export-error');
  await expect(error).toContainText(
    '无法导出：command 2 (sim cluster kubeadm): sim cluster can only come first',
  );
  await expect(error).toContainText('会话未作任何改动');
  await page.keyboard.press('Escape');
  expect(await run(page, 'kubectl get nodes -o name')).toEqual([
    'node/control-plane',
    'node/worker-1',
    'node/worker-2',
  ]);
});
