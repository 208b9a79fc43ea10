import type { Browser, Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { MAX_NOTE } from '../../../common/notes';
import { expect, test } from '../fixtures';
import { expectToast, findPin, lookAt, signInByCalls } from './helpers';

// Private notes (issue 22 item 3): a note written by touch on the phone appears on the desktop without a
// reload, is found under 내 메모 on the search page, and edits and deletions travel back the same way.

const LOAD = { timeout: 60_000 };
const t = ko.notes;

/** One device of the player: its own browser context, signed in with the same e-mail. */
async function device(browser: Browser, base: string, email: string, phone: boolean, nickname?: string): Promise<Page> {
  const ctx = await browser.newContext(
    phone
      ? { locale: 'ko-KR', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { locale: 'ko-KR', viewport: { width: 1440, height: 900 } },
  );
  const page = await ctx.newPage();
  await signInByCalls(page, email, nickname, base);
  return page;
}

/** Opens a pin's page and waits until the page's event stream is open as the player (the server answers its head then). */
async function openLive(page: Page, url: string): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/v1/events') && r.status() === 200, LOAD);
  await page.goto(url);
  await stream;
  await expect(page.getByTestId('pin-note')).toBeVisible(LOAD);
}

test('a note made on the phone by touch appears on the desktop without reload, and 내 메모 finds it', async ({ browser, server }) => {
  const base = server.url;
  const email = `note${Date.now()}@example.com`;
  const desktop = await device(browser, base, email, false, '메모탐험가');
  const phone = await device(browser, base, email, true);
  const pin = await findPin(desktop.request, base, { category: 1, region: 0 });
  await openLive(desktop, `${base}/pin/${pin.id}`);
  await openLive(phone, `${base}/pin/${pin.id}`);
  await expect(desktop.getByRole('button', { name: t.add })).toBeVisible();
  await expect(desktop.getByTestId('note-badge')).toHaveCount(0);

  // The phone: a note over the limit gets the Korean message and is not saved; a good one is.
  await phone.getByRole('button', { name: t.add }).tap();
  const field = phone.getByLabel(t.fieldLabel);
  await expect(field).toBeFocused();
  await field.fill('가'.repeat(MAX_NOTE + 1));
  await expect(phone.getByTestId('pin-note')).toContainText(t.count(MAX_NOTE + 1));
  await phone.getByRole('button', { name: t.save }).tap();
  await expect(phone.getByRole('alert').filter({ hasText: t.tooLong })).toBeVisible();
  await phone.getByTestId('pin-note').scrollIntoViewIfNeeded();
  await lookAt(phone, { path: 'test-results/notes-phone-too-long-390.png' });
  const text = '절벽 위 상자: 활공해서 내려가기';
  await field.fill(text);
  await phone.getByRole('button', { name: t.save }).tap();
  await expectToast(phone, t.saved);
  await expect(phone.getByTestId('pin-note-body')).toHaveText(text);
  await expect(phone.getByTestId('note-badge')).toBeVisible();
  await phone.getByTestId('pin-note').scrollIntoViewIfNeeded();
  await lookAt(phone, { path: 'test-results/notes-phone-390.png' });

  // The desktop shows it without a reload, with the badge.
  await expect(desktop.getByTestId('pin-note-body')).toHaveText(text, { timeout: 5000 });
  await expect(desktop.getByTestId('note-badge')).toBeVisible();
  await lookAt(desktop, { path: 'test-results/notes-desktop-1440.png' });

  // By keyboard on the desktop: edit, save with Ctrl+Enter; the phone follows.
  await desktop.getByRole('button', { name: t.edit }).focus();
  await desktop.keyboard.press('Enter');
  const deskField = desktop.getByLabel(t.fieldLabel);
  await expect(deskField).toBeFocused();
  await desktop.keyboard.press('End');
  await desktop.keyboard.type(' (바람 주의)');
  await desktop.keyboard.press('Control+Enter');
  await expect(desktop.getByTestId('pin-note-body')).toHaveText(`${text} (바람 주의)`);
  await expect(phone.getByTestId('pin-note-body')).toHaveText(`${text} (바람 주의)`, { timeout: 5000 });

  // Search: 내 메모 finds the note (spacing does not matter) and the hit wears the badge; 전체 badges it too.
  await desktop.goto(`${base}/search`);
  await desktop.getByRole('button', { name: t.tabNotes }).click(LOAD);
  await desktop.getByRole('searchbox').fill('활공해서내려가기');
  const hit = desktop.locator(`.search-hit[data-pin-id="${pin.id}"]`);
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('활공해서 내려가기');
  await expect(hit.getByTestId('note-badge')).toBeVisible();
  await expect(desktop.locator('.search-hit')).toHaveCount(1);
  await lookAt(desktop, { path: 'test-results/notes-search-1440.png' });
  // An empty query lists every note.
  await desktop.getByRole('searchbox').fill('');
  await expect(hit).toBeVisible();
  await desktop.getByRole('button', { name: t.tabAll }).click();
  await expect(desktop.getByRole('button', { name: t.tabAll })).toHaveAttribute('aria-pressed', 'true');
  await desktop.getByRole('searchbox').fill(`핀 번호 ${pin.id}`);
  await expect(hit.getByTestId('note-badge')).toBeVisible();

  // The phone deletes it (after confirming); the phone's search then finds nothing under 내 메모.
  await phone.getByRole('button', { name: t.delete }).tap();
  await phone.getByRole('dialog').getByRole('button', { name: ko.common.delete }).tap();
  await expectToast(phone, t.deleted);
  await expect(phone.getByRole('button', { name: t.add })).toBeVisible();
  await expect(phone.getByTestId('note-badge')).toHaveCount(0);
  await phone.goto(`${base}/search?tab=notes`);
  await expect(phone.getByText(t.noNotes)).toBeVisible(LOAD);
  await lookAt(phone, { path: 'test-results/notes-search-390.png' });

  await desktop.context().close();
  await phone.context().close();
});
