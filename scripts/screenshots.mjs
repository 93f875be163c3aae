// Screenshots of Neo4j Browser showing Loci's graph, for docs/analyst.md.
//
//   make screenshots            (installs playwright-core once into .local/playwright)
//   node scripts/screenshots.mjs
//
// Needs: Debian's chromium (apt-get install chromium; /usr/bin/chromium) and
// the playwright-core npm package (no browser download: it drives the system
// chromium). playwright-core is looked up in $PLAYWRIGHT_DIR, then
// .local/playwright, then /tmp/shots, then the normal module path. Not part
// of `make test`.
//
// It opens the Browser that the local Neo4j serves, logs in, loads
// docs/loci.grass with `:style`, sets the parameters with `:params`, runs the
// views below (the table views run the analyst_*.cypher files verbatim), waits
// for the graph layout to settle and saves docs/img/browser-*.png. It exits
// non-zero when login fails, a query errors or returns nothing, or a graph
// view renders no nodes; a screenshot of the failing page goes to
// $TMPDIR/loci-screenshots-failure.png.
//
// The data of the person, path, topic, timeline and profile views are LoCoMo
// conversations imported under the prefix ctx- with rules extraction and their
// profiles and topics built (`make bench-context` leaves exactly that); LoCoMo
// is CC BY-NC, so only these screenshots, never its files, go into the repo.
//
// The twohop view needs no shared data: with LOCI_URL set (scripts/
// screenshots.sh starts a `loci serve` and sets it), this script first
// ingests the gold chat testdata/graphgold/chats/$SHOT_CHAT.json (written
// for Loci, CC0) through the REST API, one batch per session, into the
// conversation $SHOT_CONVERSATION, replacing it, and then draws $SHOT_PERSON's
// two-hop neighbourhood with the query of docs/analyst.md marked
// `<!-- tested: two-hop -->`. When LOCI_URL is set, ONLY is unset and the
// LoCoMo conversations are not in the store, only the twohop view is taken.
//
// Environment (defaults in brackets):
//   BROWSER_URL [http://127.0.0.1:7474/browser/]  BOLT_URL [bolt://127.0.0.1:7687]
//   NEO4J_USER [neo4j]  NEO4J_PASSWORD [loci-dev-password]  CHROMIUM [/usr/bin/chromium]
//   OUT_DIR [docs/img]  TENANT [default]
//   CONVERSATION [ctx-conv-26]  PERSON [Caroline]        person, topic and timeline views
//   PATH_CONVERSATION [ctx-conv-41]  FROM [Rob]  TO [Sara]  the path view
//   PROFILE_CONVERSATION [ctx-conv-30]  PROFILE_PERSON [Gina]  the profile view
//   LOCI_URL [unset]  LOCI_API_KEY [unset]           ingest the gold chat through this Loci
//   SHOT_CHAT [cousins-london]  SHOT_CONVERSATION [graphgold-cousins-london]  SHOT_PERSON [Ife]
//   ONLY [all]  comma-separated shot names (person,path,topic,timeline,profile,twohop)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (k, d) => process.env[k] || d;
const BROWSER_URL = env('BROWSER_URL', 'http://127.0.0.1:7474/browser/');
const BOLT_URL = env('BOLT_URL', 'bolt://127.0.0.1:7687');
const USER = env('NEO4J_USER', 'neo4j');
const PASSWORD = env('NEO4J_PASSWORD', 'loci-dev-password');
const CHROMIUM = env('CHROMIUM', '/usr/bin/chromium');
const OUT_DIR = path.resolve(repo, env('OUT_DIR', 'docs/img'));
const TENANT = env('TENANT', 'default');
const CONV = env('CONVERSATION', 'ctx-conv-26');
const PERSON = env('PERSON', 'Caroline');
const PATH_CONV = env('PATH_CONVERSATION', 'ctx-conv-41');
const FROM = env('FROM', 'Rob');
const TO = env('TO', 'Sara');
const PROFILE_CONV = env('PROFILE_CONVERSATION', 'ctx-conv-30');
const PROFILE_PERSON = env('PROFILE_PERSON', 'Gina');
const ONLY = env('ONLY', '');
const LOCI_URL = env('LOCI_URL', '').replace(/\/+$/, '');
const LOCI_API_KEY = env('LOCI_API_KEY', '');
const SHOT_CHAT = env('SHOT_CHAT', 'cousins-london');
const SHOT_CONV = env('SHOT_CONVERSATION', 'graphgold-' + SHOT_CHAT);
const SHOT_PERSON = env('SHOT_PERSON', 'Ife');
const VIEWPORT = { width: 1400, height: 900 };

class Fail extends Error {}
const log = (...a) => console.log('[screenshots]', ...a);

// A Cypher string literal (for :params), quotes and backslashes escaped.
const lit = (v) => "'" + String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
const params = (m) => ':params {' + Object.entries(m).map(([k, v]) => `${k}: ${lit(v)}`).join(', ') + '}';
const analystQuery = (name) => fs.readFileSync(path.join(repo, 'cypher', `analyst_${name}.cypher`), 'utf8').trim();

// The cypher block of docs/analyst.md that follows `<!-- tested: name -->`
// (graph/analyst_docs_test.go runs the same blocks), so the screenshot shows
// the query the page documents.
function docQuery(name) {
  const doc = fs.readFileSync(path.join(repo, 'docs', 'analyst.md'), 'utf8');
  const m = doc.split(`<!-- tested: ${name} -->`)[1]?.match(/```cypher\n([\s\S]*?)```/);
  if (!m) throw new Fail(`docs/analyst.md has no cypher block after <!-- tested: ${name} -->`);
  return m[1].trim();
}

// The relation vocabulary (docs/ontology.md), as analyst_paths spells it.
const RELS =
  'WORKS_AT|LIVES_IN|MOVED_FROM|MOVED_TO|FAMILY_OF|FRIEND_OF|PARTNER_OF|MEMBER_OF|LIKES|OWNS|ATTENDED|CREATED|PART_OF|LOCATED_IN|MAKES|RELATED_TO';

// The graph views are also in docs/analyst.md ("see it as a graph"). Each
// shot is written to OUT_DIR/browser-NAME.png.
const SHOTS = [
  {
    name: 'person',
    params: { tenant: TENANT, conversation: CONV, person: PERSON },
    kind: 'graph',
    labels: ['Person', 'ProfileFact', 'Fact', 'Turn'],
    query: `// A person's neighbourhood: relations, profile facts, a few facts and events, with their source turns
MATCH (p:Entity {tenant: $tenant, conversation: $conversation})
WHERE toLower(p.name) = toLower($person)
CALL (p) {
  MATCH g = (p)-[r:${RELS}]-(:Entity) RETURN g
  UNION
  MATCH g = (:Speaker)-[:IS]->(p) RETURN g
  UNION
  MATCH g = (p)-[:HAS_PROFILE]->(:ProfileFact)-[:FROM]->(:Turn) RETURN g
  UNION
  MATCH g = (p)<-[:ABOUT]-(f:Fact)-[:FROM]->(:Turn) RETURN g ORDER BY f.confidence DESC, f.statement LIMIT 4
  UNION
  MATCH g = (p)<-[:INVOLVES]-(e:Event)-[:FROM]->(:Turn) WHERE e.when_start IS NOT NULL RETURN g ORDER BY e.when_start LIMIT 3
}
RETURN g`,
  },
  {
    name: 'path',
    params: { tenant: TENANT, conversation: PATH_CONV, from: FROM, to: TO },
    kind: 'graph',
    labels: ['Person', 'Turn', 'Speaker'],
    query: `// How two entities are linked: the shortest chain of relations, each with the turns it was drawn from and who said them
MATCH (a:Entity {tenant: $tenant, conversation: $conversation}), (b:Entity {tenant: $tenant, conversation: $conversation})
WHERE toLower(a.name) = toLower($from) AND toLower(b.name) = toLower($to)
MATCH path = allShortestPaths((a)-[:${RELS}*..4]-(b))
UNWIND relationships(path) AS r
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})-[:SPOKEN_BY]->(s:Speaker)
WHERE t.seq IS NOT NULL AND t.id IN r.source_turn_ids
RETURN path, t, s`,
  },
  {
    name: 'topic',
    params: { tenant: TENANT, conversation: CONV },
    kind: 'graph',
    labels: ['Topic', 'Turn', 'Session'],
    query: `// A topic across sessions: the Topic covering the most sessions (of those with at most 12 turns), its turns and their sessions
MATCH (tp:Topic {tenant: $tenant, conversation: $conversation})
WITH tp, COUNT { (tp)-[:COVERS]->(:Turn) } AS turns,
     size(COLLECT { MATCH (tp)-[:COVERS]->(t:Turn) RETURN DISTINCT t.session }) AS sessions
WHERE turns <= 12
ORDER BY sessions DESC, turns DESC, tp.label
LIMIT 1
MATCH g = (tp)-[:COVERS]->(:Turn)<-[:HAS_TURN]-(:Session)
RETURN g`,
  },
  {
    name: 'twohop',
    params: { tenant: TENANT, conversation: SHOT_CONV, person: SHOT_PERSON },
    kind: 'graph',
    chat: true, // data from the gold chat ingested here, not from LoCoMo
    labels: ['Person', 'MENTIONED_WITH', 'FAMILY_OF'],
    // As of now, everything recorded: Browser's :params does not keep a
    // datetime() value as a temporal (the comparisons then match nothing),
    // so the two temporal parameters are written into the query.
    query: () => docQuery('two-hop').replaceAll('$as_of', 'datetime()').replaceAll('$known_at', 'null'),
  },
  {
    name: 'timeline',
    params: { tenant: TENANT, conversation: CONV, person: PERSON },
    kind: 'table',
    columns: ['what', 'when_start', 'phrase'],
    query: analystQuery('timeline'),
  },
  {
    name: 'profile',
    params: { tenant: TENANT, conversation: PROFILE_CONV, person: PROFILE_PERSON },
    kind: 'table',
    columns: ['sub_topic', 'value', 'history'],
    query: analystQuery('profile'),
  },
];

async function loadPlaywright() {
  const dirs = [process.env.PLAYWRIGHT_DIR, path.join(repo, '.local', 'playwright'), '/tmp/shots'].filter(Boolean);
  for (const d of dirs) {
    try {
      return createRequire(path.join(path.resolve(d), 'package.json'))('playwright-core');
    } catch {
      // not there; try the next
    }
  }
  try {
    return await import('playwright-core');
  } catch {
    throw new Fail(
      'playwright-core not found: `npm install --prefix .local/playwright playwright-core` (or set PLAYWRIGHT_DIR)',
    );
  }
}

// Neo4j Browser 5 reads connect-form presets from the URL.
function startUrl() {
  const u = new URL(BROWSER_URL);
  const bolt = new URL(BOLT_URL);
  u.searchParams.set('dbms', `${bolt.protocol}//${encodeURIComponent(USER)}@${bolt.host}`);
  u.searchParams.set('preselectAuthMethod', 'NATIVE');
  return u.toString();
}

async function connect(page) {
  const resp = await page.goto(startUrl(), { waitUntil: 'domcontentloaded', timeout: 30_000 });
  if (!resp || !resp.ok()) throw new Fail(`Neo4j Browser did not load at ${BROWSER_URL} (HTTP ${resp && resp.status()})`);
  const form = page.getByTestId('connect');
  await form.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {
    throw new Fail('Neo4j Browser loaded but its connect form never appeared');
  });
  const bolt = new URL(BOLT_URL);
  await page.getByTestId('bolt-scheme-select').selectOption(`${bolt.protocol}//`);
  await page.getByTestId('boltaddress').fill(bolt.host);
  await page.getByTestId('authenticationMethod').selectOption('NATIVE');
  await page.getByTestId('username').fill(USER);
  await page.getByTestId('password').fill(PASSWORD);
  await form.click();
  const ok = page.getByText('You are connected as user', { exact: false }).first();
  const err = page
    .getByTestId('frame')
    .getByText(/Neo\.(ClientError|TransientError|DatabaseError)|ServiceUnavailable|WebSocket connection failure/)
    .first();
  const outcome = await Promise.race([
    ok.waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'ok'),
    err.waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'error'),
  ]).catch(() => 'timeout');
  if (outcome === 'error') throw new Fail('login failed: ' + (await err.innerText()).trim());
  if (outcome !== 'ok') throw new Fail('login failed: no "connected" message within 30s');
  log(`connected to ${BOLT_URL} as ${USER}`);
}

// Types a command into the editor and runs it; returns the new result frame.
async function run(page, text) {
  const before = await page.getByTestId('frame').count();
  const editor = page.locator('[data-testid="activeEditor"] #monaco-main-editor');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text); // no auto-closing of brackets and quotes
  await page.getByTestId('editor-Run').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="frame"]').length > n, before, {
    timeout: 15_000,
  });
  return page.getByTestId('frame').first(); // the newest frame is on top
}

async function closeFrames(page) {
  for (let i = 0; i < 100; i++) {
    const close = page.locator('[data-testid="frame"] button[title="Close"]');
    if ((await close.count()) === 0) return;
    await close.first().click();
  }
}

// The usage-data banner, if shown: its close "x" is the banner's last child.
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

async function applyStyle(page) {
  // GraSS has no comments; Browser's `:style <grass>` takes it on one line.
  const grass = fs.readFileSync(path.join(repo, 'docs', 'loci.grass'), 'utf8').replace(/\s+/g, ' ').trim();
  await run(page, ':style ' + grass);
  await page.waitForTimeout(500);
  log('applied docs/loci.grass');
}

async function setParams(page, p) {
  const frame = await run(page, params(p));
  await frame.getByText(Object.keys(p)[0]).first().waitFor({ timeout: 10_000 });
}

async function shot(page, s) {
  await closeFrames(page);
  await setParams(page, s.params);
  await closeFrames(page);
  log(`${s.name}: running with ${JSON.stringify(s.params)}`);
  const frame = await run(page, typeof s.query === 'function' ? s.query() : s.query);

  const nodes = frame.locator('svg g.node');
  const table = frame.locator('table');
  const empty = frame.getByText(/no changes, no records/i);
  const errText = frame.getByText(/Neo\.ClientError|Neo\.DatabaseError|Neo\.TransientError/);
  const outcome = await Promise.race([
    (s.kind === 'graph' ? nodes : table).first().waitFor({ state: 'attached', timeout: 45_000 }).then(() => 'ok'),
    empty.first().waitFor({ state: 'visible', timeout: 45_000 }).then(() => 'empty'),
    errText.first().waitFor({ state: 'visible', timeout: 45_000 }).then(() => 'error'),
  ]).catch(() => 'timeout');
  if (outcome === 'empty') throw new Fail(`${s.name}: no records - are the conversations loaded? ${JSON.stringify(s.params)}`);
  if (outcome === 'error') throw new Fail(`${s.name}: query failed: ` + (await errText.first().innerText()).trim());
  if (outcome === 'timeout') throw new Fail(`${s.name}: nothing rendered within 45s`);

  // Fill the viewport with the result frame.
  const full = frame.locator('button[title="Fullscreen"]');
  if (await full.count()) await full.first().click();
  await page.waitForTimeout(500);

  if (s.kind === 'graph') {
    // Let the force layout settle (node count stable, then positions).
    let count = -1;
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(500);
      const c = await nodes.count();
      if (c === count && i >= 4) break;
      count = c;
    }
    await page.waitForTimeout(2500);
    // Zoom the settled layout to fill the canvas.
    const fit = frame.locator('button[title*="fit" i], button[aria-label*="fit" i]');
    if (await fit.count()) {
      await fit.first().click();
      await page.waitForTimeout(1200);
    }
    const panel = await frame.innerText().catch(() => '');
    const missing = s.labels.filter((l) => !panel.includes(l));
    const rels = await frame.locator('svg g.relationship').count();
    log(`${s.name}: ${count} nodes, ${rels} relationships`);
    if (count === 0) throw new Fail(`${s.name}: no graph nodes rendered`);
    if (missing.length) throw new Fail(`${s.name}: labels missing from the result: ${missing.join(', ')}`);
  } else {
    const head = await table.first().locator('thead').innerText().catch(() => '');
    const rows = await table.first().locator('tbody tr').count();
    const missing = s.columns.filter((c) => !head.includes(c));
    log(`${s.name}: table with ${rows} rows`);
    if (rows === 0) throw new Fail(`${s.name}: empty table`);
    if (missing.length) throw new Fail(`${s.name}: columns missing: ${missing.join(', ')}`);
  }
  await dismissBanner(page);
  await page.mouse.move(VIEWPORT.width - 5, VIEWPORT.height - 5); // no hover highlight
  await page.waitForTimeout(300);
  const out = path.join(OUT_DIR, `browser-${s.name}.png`);
  await page.screenshot({ path: out });
  log('wrote', path.relative(repo, out));
  // Leave fullscreen so the next query's frame is normal again.
  const exit = frame.locator('button[title="Close fullscreen"]');
  if (await exit.count()) await exit.first().click();
}

// Calls Loci's REST API at LOCI_URL; a non-2xx answer is a failure, except
// the statuses in ok.
async function api(method, route, body, ok = []) {
  const headers = { 'Content-Type': 'application/json' };
  if (LOCI_API_KEY) headers.Authorization = `Bearer ${LOCI_API_KEY}`;
  if (TENANT !== 'default') headers['X-Loci-Tenant'] = TENANT;
  const resp = await fetch(LOCI_URL + route, { method, headers, body: body && JSON.stringify(body) });
  if (!resp.ok && !ok.includes(resp.status)) {
    throw new Fail(`${method} ${route}: HTTP ${resp.status} ${(await resp.text()).slice(0, 300)}`);
  }
  return resp;
}

// Stores the gold chat SHOT_CHAT as SHOT_CONV through the REST API, one
// batch per session in order (as an agent would send them), replacing any
// earlier copy, so the two-hop view shows what the default extractor builds.
async function ingestChat() {
  const file = path.join(repo, 'testdata', 'graphgold', 'chats', `${SHOT_CHAT}.json`);
  const chat = JSON.parse(fs.readFileSync(file, 'utf8'));
  const route = `/v1/conversations/${encodeURIComponent(SHOT_CONV)}`;
  await api('DELETE', route, null, [404]);
  const sessions = new Map();
  for (const t of chat.turns) {
    if (!sessions.has(t.session)) sessions.set(t.session, []);
    sessions.get(t.session).push(t);
  }
  let relations = 0;
  for (const turns of sessions.values()) {
    const res = await (await api('POST', route + '/turns', { turns })).json();
    relations += res.knowledge?.relations ?? 0;
  }
  log(`ingested ${path.relative(repo, file)} into ${SHOT_CONV} through ${LOCI_URL}: ${chat.turns.length} turns, ${sessions.size} sessions, ${relations} relations`);
}

// The shots to take: ONLY's, or all; with LOCI_URL and no ONLY, the LoCoMo
// views only when their conversations are in the store.
async function chosenShots() {
  if (ONLY) {
    const only = ONLY.split(',').map((s) => s.trim());
    return SHOTS.filter((s) => only.includes(s.name));
  }
  if (!LOCI_URL) return SHOTS;
  const missing = [];
  for (const c of new Set([CONV, PATH_CONV, PROFILE_CONV])) {
    const resp = await api('GET', `/v1/conversations/${encodeURIComponent(c)}`, null, [404]);
    if (resp.status === 404) missing.push(c);
  }
  if (missing.length === 0) return SHOTS;
  log(`LoCoMo conversations ${missing.join(', ')} are not stored (make bench-context imports them): only the gold-chat views`);
  return SHOTS.filter((s) => s.chat);
}

async function main() {
  const shots = await chosenShots();
  if (shots.some((s) => s.chat)) {
    if (!LOCI_URL) throw new Fail('the twohop view ingests a gold chat: set LOCI_URL (make screenshots does)');
    await ingestChat();
  }
  const { chromium } = await loadPlaywright();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'loci-screenshots-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let page;
  try {
    page = ctx.pages()[0] || (await ctx.newPage());
    await connect(page);
    await applyStyle(page);
    for (const s of shots) await shot(page, s);
  } catch (e) {
    if (page) {
      const failShot = path.join(os.tmpdir(), 'loci-screenshots-failure.png');
      await page.screenshot({ path: failShot }).then(() => log('failure screenshot:', failShot)).catch(() => {});
    }
    throw e;
  } finally {
    await ctx.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error('[screenshots] FAIL:', e instanceof Fail ? e.message : e.stack || e);
  process.exit(1);
});
