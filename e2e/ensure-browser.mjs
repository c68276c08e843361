#!/usr/bin/env node
// Makes sure Playwright has a Chromium to launch before `playwright test` runs.
// 1. $PLAYWRIGHT_CHROMIUM_PATH or /usr/bin/chromium (see browser.mjs), or Playwright's own download.
// 2. Otherwise, on Debian/Ubuntu as root (or with passwordless sudo): apt-get install chromium.
// 3. Otherwise: explain how to get one and exit 1.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SYSTEM_CHROMIUM, resolveChromiumPath } from './browser.mjs';

function playwrightOwnChromium() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function isDebianLike() {
  try {
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

function canRun(command) {
  try {
    execSync(command, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const configured = resolveChromiumPath();
if (configured) {
  if (!existsSync(configured)) {
    console.error(`ensure-browser: PLAYWRIGHT_CHROMIUM_PATH=${configured} does not exist.`);
    process.exit(1);
  }
  process.exit(0);
}
if (playwrightOwnChromium()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : canRun('sudo -n true') ? 'sudo -n ' : undefined;

if (isDebianLike() && sudo !== undefined) {
  console.log('ensure-browser: no Chromium found; installing Debian/Ubuntu package "chromium" with apt-get…');
  try {
    execSync(`${sudo}apt-get update && ${sudo}apt-get install -y chromium`, {
      stdio: 'inherit',
      shell: '/bin/sh',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    // fall through to the check below
  }
  if (existsSync(SYSTEM_CHROMIUM)) process.exit(0);
  console.error(`ensure-browser: apt-get finished but ${SYSTEM_CHROMIUM} is still missing.`);
}

console.error(`ensure-browser: no Chromium available for the e2e tests. Do one of:
  - Debian/Ubuntu:  sudo apt-get install -y chromium        (gives ${SYSTEM_CHROMIUM})
  - any OS online:  npx playwright install chromium
  - an existing Chromium/Chrome:  export PLAYWRIGHT_CHROMIUM_PATH=/path/to/chromium`);
process.exit(1);
