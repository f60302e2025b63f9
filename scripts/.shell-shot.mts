import { chromium } from '@playwright/test';
const [width, height, name, design] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4], process.argv[5]];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width, height } });
await page.goto('http://localhost:5206/');
await page.getByRole('region', { name: 'Designs' }).waitFor();
if (design) await page.getByRole('region', { name: 'Designs' }).getByRole('button', { name: design, exact: true }).click();
await page.waitForTimeout(300);
const wide = await page.evaluate(() => {
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const r = el.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}-${Math.round(r.right)}`);
  }
  return out.slice(0, 15);
});
console.log(wide.join('\n'));
await page.screenshot({ path: `/tmp/shell-${name}.png`, fullPage: false });
await browser.close();
