import { chromium } from '@playwright/test';
const [,, url, prefix, width, height, ...selectors] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, hasTouch: true, isMobile: Number(width) < 500 });
page.on('console', m => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1200);
await page.screenshot({ path: `${prefix}-top.png` });
let i = 0;
for (const s of selectors) { await page.locator(s).first().scrollIntoViewIfNeeded(); await page.waitForTimeout(800); await page.screenshot({ path: `${prefix}-${i++}.png` }); }
console.log('scrollWidth', await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]));
await browser.close();
