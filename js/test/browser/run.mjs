// The demo page in headless Chromium (Debian's, driven by playwright-core): a short game per variant played by clicking squares, position and result checked, screenshots to docs/js/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const js = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const root = dirname(js);
const shots = join(root, 'docs', 'js');
const games = JSON.parse(readFileSync(join(js, 'test', 'data', 'games.json'), 'utf8'));
const bg = await import(join(js, 'dist', 'index.js'));
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

let passed = 0, failed = 0, n = 0;
function report(ok, name, detail = '') {
  n++;
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} ${n} - ${name}${detail ? `\n  # ${detail.replace(/\n/g, '\n  # ')}` : ''}`);
}

// The server, on a free port.
const server = spawn(process.execPath, [join(js, 'demo', 'serve.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`serve.js exited with ${code}`)));
  setTimeout(() => reject(new Error('serve.js did not say where it listens')), 10000);
});

process.on('exit', () => server.kill());
// A fresh profile each run (playwright passes it as --user-data-dir); never a downloaded browser.
const profile = mkdtempSync(join(tmpdir(), 'bg-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: browserPath,
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});
mkdirSync(shots, { recursive: true });
console.log('TAP version 13');

try {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) problems.push(`external request: ${r.url()}`); });

  for (const g of games) {
    const name = `${g.variant}: ${g.moves.split(' ').length} plies by clicking, ${g.expect.result} by ${g.expect.reason}`;
    try {
      await page.goto(`${base}/demo/?variant=${g.variant}`);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      const shown = await page.textContent('#variant');
      if (shown !== g.variant) throw new Error(`#variant shows ${shown}`);
      if (!(await page.$('#board > svg'))) throw new Error('no inline <svg> board');
      if (g.options) {
        await page.fill('#options', g.options);
        await page.click('#new');
      }
      for (const uci of g.moves.split(' ')) {
        const m = await page.evaluate((u) => window.bgDemo.move(u), uci);
        if (m.pass) {
          await page.click('#pass');
          continue;
        }
        if (m.drop) {
          await page.click(`#hands button[data-piece="${m.piece}"]`);
        } else {
          const a = await page.evaluate((s) => window.bgDemo.squareCenter(s), m.from);
          await page.mouse.click(a.x, a.y);
        }
        const b = await page.evaluate((s) => window.bgDemo.squareCenter(s), m.to);
        await page.mouse.click(b.x, b.y);
        if (await page.isVisible('#choice')) await page.click(`#choice button:text-is("${m.text}")`);
      }
      // What the page shows must be what the library says in Node for the same moves.
      const ref = new bg.Game(g.variant, { options: g.options ?? null });
      for (const uci of g.moves.split(' ')) ref.play(uci, 'uci');
      const position = await page.textContent('#position');
      const result = await page.$eval('#result', (e) => ({ result: e.dataset.result, winners: e.dataset.winners ? e.dataset.winners.split(',') : [], reason: e.dataset.reason, text: e.textContent }));
      const moves = await page.$$eval('#moves li', (l) => l.map((x) => x.textContent));
      const errors = [];
      if (position !== ref.fen()) errors.push(`position ${position}, expected ${ref.fen()}`);
      if (result.result !== g.expect.result || result.reason !== g.expect.reason || result.winners.join() !== g.expect.winners.join()) {
        errors.push(`result ${JSON.stringify(result)}, expected ${JSON.stringify(g.expect)}`);
      }
      const notation = await page.$eval('#notation', (e) => e.value);
      if (moves.join(' ') !== ref.moveText(notation).join(' ')) errors.push(`move list ${moves.join(' ')}`);
      ref.free();
      await page.screenshot({ path: join(shots, `${g.variant}${g.expect.reason === 'checkmate' ? '-mate' : ''}.png`) });
      report(errors.length === 0, name, errors.join('\n'));
    } catch (e) {
      report(false, name, e.stack ?? String(e));
    }
  }

  // Legal moves are marked when a piece is picked; a record saved and loaded back.
  try {
    await page.goto(`${base}/demo/?variant=chess`);
    await page.waitForSelector('body[data-ready="true"]');
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) {
      for (const s of [from, to]) {
        const c = await page.evaluate((x) => window.bgDemo.squareCenter(x), s);
        await page.mouse.click(c.x, c.y);
      }
    }
    const b8 = await page.evaluate(() => window.bgDemo.squareCenter('b8'));
    await page.mouse.click(b8.x, b8.y);
    const rings = await page.$$eval('#board circle[stroke="#d7263d"]', (l) => l.length);
    await page.screenshot({ path: join(shots, 'chess-marks.png') });
    await page.click('#save');
    const pgn = await page.inputValue('#record');
    await page.click('#new');
    await page.fill('#record', pgn);
    await page.click('#load');
    const moves = await page.$$eval('#moves li', (l) => l.map((x) => x.textContent));
    const ok = rings === 3 && /1\. e4 e5 2\. Nf3/.test(pgn) && moves.join(' ') === 'e4 e5 Nf3';
    report(ok, 'chess: a picked knight shows its 2 targets (and itself); PGN saved and loaded back', `rings ${rings}, moves ${moves.join(' ')}`);
  } catch (e) {
    report(false, 'chess: marks and records', e.stack ?? String(e));
  }
  report(problems.length === 0, 'no page errors, console errors or requests to other origins (under the CSP without unsafe-eval)', problems.join('\n'));
} finally {
  await browser.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`1..${n}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
