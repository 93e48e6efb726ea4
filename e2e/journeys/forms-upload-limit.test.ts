import http from 'node:http';
import type { Browser } from 'playwright-core';
import { type Site, startJourney, stopJourney } from '../site';

/**
 * Issue 15: an 11 MB file sent without JavaScript (a multipart form post through the shell) used to
 * hang for over a minute in Chromium, which reads no answer before it has sent its whole body, while
 * curl had its 413 at once. The section answers as soon as the limit is passed, and the shell closes
 * the browser's connection a moment after passing that answer on (it no longer reads and drops the
 * rest for 2 s first): Chromium shows the translated 413 page promptly. The times are printed.
 */

jest.setTimeout(180_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const ELEVEN_MB = 11 * 1024 * 1024;
/**
 * A visitor's connection rather than loopback (where 11 MB are sent before anything is answered):
 * 4 MB/s up. The art entry is refused by its declared length at once; the scholarship's file can only
 * be known too large once 10 MB of it have come (2.5 s at this rate).
 */
const UPLOAD_BYTES_PER_S = 4_000_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-1.4\n');
const big = (head: Buffer) => Buffer.concat([head, Buffer.alloc(ELEVEN_MB - head.length, 0x20)]);

const CASES = [
  { form: 'art entry', lang: 'en', path: '/art-contest', heading: 'Submit your artwork', submit: 'Submit artwork', file: { name: 'painting.png', mimeType: 'image/png', buffer: big(PNG) }, message: 'File size limit exceeded. (10MB max)' },
  { form: 'art entry', lang: 'ar', path: '/ar/art-contest', heading: 'قدّم عملك الفني', submit: 'أرسل العمل الفني', file: { name: 'painting.png', mimeType: 'image/png', buffer: big(PNG) }, message: 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)' },
  { form: 'scholarship', lang: 'en', path: '/pre-university-scholarship', heading: 'Pre-university scholarship, 2028 cycle', submit: 'Submit application', file: { name: 'transcript.pdf', mimeType: 'application/pdf', buffer: big(PDF) }, message: 'File size limit exceeded. (10MB max)' },
  { form: 'scholarship', lang: 'ar', path: '/ar/pre-university-scholarship', heading: 'منحة ما قبل الجامعة، دورة 2028', submit: 'أرسل الطلب', file: { name: 'transcript.pdf', mimeType: 'application/pdf', buffer: big(PDF) }, message: 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)' },
] as const;

describe('an 11 MB file without JavaScript', () => {
  it.each(CASES)('$form ($lang): the translated 413 page comes in under 5 s', async (c) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + c.path);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: UPLOAD_BYTES_PER_S });
    const form = page.getByRole('region', { name: c.heading });
    await form.locator('input[type="file"]').first().setInputFiles({ ...c.file, buffer: Buffer.from(c.file.buffer) });
    const started = Date.now();
    const answer = page.waitForResponse((r) => r.request().method() === 'POST', { timeout: 90_000 });
    await form.getByRole('button', { name: c.submit }).click({ noWaitAfter: true });
    // What the visitor waits for: the answer page on screen, in their language.
    await page.getByText(c.message).first().waitFor({ timeout: 90_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`[forms-upload-limit] ${c.form} (${c.lang}), Chromium without JavaScript, 11 MB: ${(await answer).status()} page shown in ${seconds.toFixed(2)} s`);
    expect((await answer).status()).toBe(413);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(c.lang);
    expect(seconds).toBeLessThan(5);
    await context.close();
  });

  it('answers a client that sends like a browser (no Expect: 100-continue) at once', async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="transcript"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n'),
      big(PDF),
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${site.url}/api/forms/scholarships?window=form-window-scholarship-open&lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length), origin: site.url, accept: 'text/html' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`[forms-upload-limit] raw HTTP client, 11 MB scholarship file: ${status} in ${seconds.toFixed(2)} s`);
    expect(status).toBe(413);
    expect(seconds).toBeLessThan(5);
  });
});
