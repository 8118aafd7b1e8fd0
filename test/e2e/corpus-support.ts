/**
 * The real-pages corpus (test/fixtures/corpus, issue 33) served under the look-alike's host: its
 * files by path, and `page.route` answering a page's address with one of them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

export const corpus = (path: string): string => readFileSync(resolve('test/fixtures/corpus', path), 'utf8');

export async function serve(page: Page, url: string, html: string): Promise<void> {
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
}

/** The names as the people search's rows show them (the eye's copy of each name link), in page order. */
export const SEARCH_ROW_NAMES = 'main ul[role="list"] > li span[dir="ltr"] > span[aria-hidden="true"]';
