// Accessibility checks for the journeys: axe-core's default rules (WCAG 2.x A/AA and best
// practice) on the page as the shopper sees it, failing on any serious or critical violation. axe-core comes as its own
// package so the rules are 4.14's (the version of the outside audit) while @axe-core/playwright
// stays on a release that supports Node 20.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits for the page as it stays on screen: hydrated (the effects that open a dialog have run), no
 * opened dialog still loading its code, and every finite animation ended. A dialog fading in blends
 * its colours with the page behind, and a scan in that moment fails the contrast rule at random.
 */
async function waitForSettledPage(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // An update an effect scheduled (opening the popup) renders within the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => !('dialogPending' in document.documentElement.dataset));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the page and fails, naming each rule and element, on any serious or critical
 * violation; `soft` lets a journey of many pages go on and report every page that fails.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url(), { soft = false } = {}): Promise<void> {
  await waitForSettledPage(page);
  // axe.run in the page itself (legacy mode), and only the violations come back whole. By default
  // @axe-core/playwright runs axe.runPartial in each frame, then opens a blank page, injects axe
  // there again and hands it every node's partial result through Playwright's protocol to finish the
  // run: that round trip was the largest cost of the journeys' test processes (decision 069). The
  // default exists for cross-origin frames, and the storefront has none.
  const { violations } = await new AxeBuilder({ page, axeSource: axe.source }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
  (soft ? expect.soft : expect)(report, `axe on ${label}`).toEqual([]);
}

// Each kind of page (its route, language and whether someone is logged in) is checked once a run:
// the journeys open the same pages many times, and one scan costs about a second of a core. The
// workers share the claims through the run's data directory (a directory made atomically per kind).
const checked = new Set<string>();
const claims = process.env.BAZAAR_E2E_DATA_DIR ? path.join(process.env.BAZAAR_E2E_DATA_DIR, 'axe-checked') : null;

/** Whether this worker is the first of the run to check `kind`. */
function claim(kind: string): boolean {
  if (checked.has(kind)) return false;
  checked.add(kind);
  if (!claims) return true;
  mkdirSync(claims, { recursive: true });
  try {
    mkdirSync(path.join(claims, createHash('sha1').update(kind).digest('hex')));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The check `openPage` runs on every page a journey opens. */
export async function checkOpenedPage(page: Page): Promise<void> {
  const url = new URL(page.url());
  const loggedIn = (await page.context().cookies(url.origin)).some((c) => c.name === 'token');
  const lang = await page.evaluate(() => document.documentElement.lang);
  const kind = `${lang} ${loggedIn ? 'in' : 'out'} ${url.pathname.replace(/\d+/g, '#')}`;
  if (!claim(kind)) return;
  await expectNoSeriousA11yViolations(page, kind);
}
