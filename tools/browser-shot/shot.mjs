// Proves that Neo4j Browser opens, logs in to the local Neo4j and renders
// Loci's graph (Conversation -> Session -> Turn -> Speaker, and the Turn NEXT
// chain), and saves screenshots of both. Exits non-zero on any failure.
//
// Env: BROWSER_URL    (default http://127.0.0.1:7474/browser/)
//      BOLT_URL       (default bolt://127.0.0.1:7687)
//      NEO4J_USER     (default neo4j)
//      NEO4J_PASSWORD (default loci-dev-password)
//      OUT_DIR        (default <repo>/docs/img)
//      CHROMIUM       (default /usr/bin/chromium)
//      CONVERSATION_ID (default conv-26)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BROWSER_URL = process.env.BROWSER_URL || 'http://127.0.0.1:7474/browser/';
const BOLT_URL = process.env.BOLT_URL || 'bolt://127.0.0.1:7687';
const USER = process.env.NEO4J_USER || 'neo4j';
const PASSWORD = process.env.NEO4J_PASSWORD || 'loci-dev-password';
const OUT_DIR = path.resolve(process.env.OUT_DIR || path.join(here, '..', '..', 'docs', 'img'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CONV = process.env.CONVERSATION_ID || 'conv-26';
const cq = (v) => "'" + v.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";

const SHOTS = [
  {
    file: 'browser-conversation.png',
    query:
      `MATCH p=(c:Conversation {id:${cq(CONV)}})-[:HAS_SESSION]->(s:Session {id:'1'})` +
      '-[:HAS_TURN]->(t:Turn)-[:SPOKEN_BY]->(sp:Speaker) RETURN p LIMIT 25',
    labels: ['Conversation', 'Session', 'Turn', 'Speaker'],
  },
  {
    file: 'browser-next-chain.png',
    query: `MATCH p=(t:Turn {conversation:${cq(CONV)}, session:'1'})-[:NEXT]->(:Turn) RETURN p LIMIT 20`,
    labels: ['Turn'],
  },
];

// Graph style (GraSS) applied with `:style` so nodes carry readable captions
// (label + Loci id) instead of Browser's guess (a hash key).
const GRASS = [
  'node.Conversation { caption: "Conversation {id}"; diameter: "80px"; }',
  'node.Session { caption: "Session {id}"; diameter: "65px"; }',
  'node.Turn { caption: "Turn {id}"; diameter: "55px"; }',
  'node.Speaker { caption: "Speaker {name}"; diameter: "80px"; }',
].join(' ');

class Fail extends Error {}

function log(...a) {
  console.log('[browser-shot]', ...a);
}

// Build the URL with connect-form presets Browser 5.x understands:
// ?dbms=<scheme>://<user>@<host:port> (alias connectURL) and preselectAuthMethod.
function startUrl() {
  const u = new URL(BROWSER_URL);
  const bolt = new URL(BOLT_URL);
  u.searchParams.set('dbms', `${bolt.protocol}//${encodeURIComponent(USER)}@${bolt.host}`);
  u.searchParams.set('preselectAuthMethod', 'NATIVE');
  return u.toString();
}

async function connect(page) {
  const url = startUrl();
  log('opening', url);
  const resp = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  if (!resp || !resp.ok()) throw new Fail(`Neo4j Browser did not load at ${BROWSER_URL} (HTTP ${resp && resp.status()})`);

  const form = page.getByTestId('connect');
  try {
    await form.waitFor({ state: 'visible', timeout: 30_000 });
  } catch {
    throw new Fail('Neo4j Browser loaded but the connect form never appeared');
  }
  const bolt = new URL(BOLT_URL);
  await page.getByTestId('bolt-scheme-select').selectOption(`${bolt.protocol}//`);
  await page.getByTestId('boltaddress').fill(bolt.host);
  await page.getByTestId('authenticationMethod').selectOption('NATIVE');
  await page.getByTestId('username').fill(USER);
  await page.getByTestId('password').fill(PASSWORD);
  await form.click();

  // Either the "connected" message shows, or the form reports an error.
  const ok = page.getByText('You are connected as user', { exact: false });
  // Errors are shown in the connect frame's status bar, e.g.
  // "Neo.ClientError.Security.Unauthorized: The client is unauthorized ...".
  const err = page
    .locator('[data-testid="frame"]')
    .getByText(/Neo\.(ClientError|TransientError|DatabaseError)|ServiceUnavailable|WebSocket connection failure/);
  try {
    await Promise.race([
      ok.first().waitFor({ state: 'visible', timeout: 30_000 }),
      err.first().waitFor({ state: 'visible', timeout: 30_000 }).then(async () => {
        throw new Fail('login failed: ' + (await err.first().innerText()).trim());
      }),
    ]);
  } catch (e) {
    if (e instanceof Fail) throw e;
    throw new Fail('login failed: no "connected" message within 30s');
  }
  if (!(await ok.first().isVisible())) throw new Fail('login failed');
  log(`connected to ${BOLT_URL} as ${USER}`);
}

async function runQuery(page, query) {
  const editor = page.locator('[data-testid="activeEditor"] #monaco-main-editor');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // insertText bypasses Monaco's auto-closing of brackets and quotes.
  await page.keyboard.insertText(query);
  await page.getByTestId('editor-Run').click();
}

// Close every result frame so each screenshot shows a single, fully visible frame.
async function closeFrames(page) {
  for (let i = 0; i < 50; i++) {
    const close = page.locator('[data-testid="frame"] button[title="Close"]');
    if ((await close.count()) === 0) return;
    await close.first().click();
  }
}

// Dismiss the usage-data banner if present (purely cosmetic). Its close "x"
// is the banner's last child span, drawn with CSS.
async function dismissBanner(page) {
  await page
    .evaluate(() => {
      const span = [...document.querySelectorAll('span')].find((s) =>
        s.textContent.startsWith('To help make Neo4j Browser better'),
      );
      span?.parentElement?.lastElementChild?.click();
    })
    .catch(() => {});
}

async function shot(page, { file, query, labels }) {
  await closeFrames(page);
  const framesBefore = await page.getByTestId('frame').count();
  log('running:', query);
  await runQuery(page, query);

  // The newest frame is the first one in the stream.
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="frame"]').length > n, framesBefore, {
    timeout: 15_000,
  });
  const frame = page.getByTestId('frame').first();

  const nodes = frame.locator('svg g.node');
  const empty = frame.getByText(/no changes, no records/i);
  const errText = frame.getByText(/Neo\.ClientError|Neo\.DatabaseError|ERROR/);
  const outcome = await Promise.race([
    nodes.first().waitFor({ state: 'attached', timeout: 30_000 }).then(() => 'nodes'),
    empty.first().waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'empty'),
    errText.first().waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'error'),
  ]).catch(() => 'timeout');

  if (outcome === 'empty')
    throw new Fail(`query returned no records - is conversation ${CONV} (session 1) loaded into Neo4j? (${query})`);
  if (outcome === 'error') throw new Fail('query failed: ' + (await errText.first().innerText()).trim());
  if (outcome === 'timeout') throw new Fail('no graph nodes were rendered within 30s for: ' + query);

  // Let the force layout settle, and wait for the count to stop changing.
  let count = -1;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(500);
    const c = await nodes.count();
    if (c === count && i >= 4) break;
    count = c;
  }
  const rels = await frame.locator('svg g.relationship').count();
  const captions = (await frame.locator('svg g.node text').allTextContents()).map((s) => (s || "").trim()).filter(Boolean);
  const panel = await frame.innerText().catch(() => '');
  const missing = labels.filter((l) => !panel.includes(l));

  log(`rendered nodes: ${count}, relationships: ${rels}`);
  log(`node captions (first 10): ${captions.slice(0, 10).join(' | ')}`);
  if (count === 0) throw new Fail('no graph nodes rendered for: ' + query);
  if (missing.length) throw new Fail(`labels not shown in the result frame: ${missing.join(', ')}`);

  await dismissBanner(page);
  await page.mouse.move(0, 0); // no hover highlight on the graph
  await page.waitForTimeout(300);

  const out = path.join(OUT_DIR, file);
  // Crop the empty page area below the result frame.
  const box = await frame.boundingBox();
  const vp = page.viewportSize();
  const clip = box ? { x: 0, y: 0, width: vp.width, height: Math.min(vp.height, Math.ceil(box.y + box.height + 12)) } : undefined;
  await page.screenshot({ path: out, clip });
  log('wrote', out);
  return count;
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-shot-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1600, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let page;
  try {
    page = ctx.pages()[0] || (await ctx.newPage());
    await connect(page);
    await runQuery(page, ':style ' + GRASS);
    await page.waitForTimeout(1000);
    const counts = [];
    for (const s of SHOTS) counts.push(await shot(page, s));
    log(`OK: node counts ${SHOTS.map((s, i) => `${s.file}=${counts[i]}`).join(', ')}`);
  } catch (e) {
    if (page) {
      const failShot = path.join(os.tmpdir(), 'browser-shot-failure.png');
      await page.screenshot({ path: failShot }).then(() => log('failure screenshot:', failShot)).catch(() => {});
    }
    throw e;
  } finally {
    await ctx.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error('[browser-shot] FAIL:', e instanceof Fail ? e.message : e.stack || e);
  process.exit(1);
});
