// stand-in: replaced by the real-pages reader at merge
/**
 * The people a list page shows, one per row, in page order: the row's primary person (the first
 * profile link that names someone) with what the row says of them, and the row's other people
 * (mutual connections, commenters) apart. Read by meaning: the main region (not a side region), list
 * items / articles / table rows, profile links by their address, the line under the name as the
 * headline ("Title at Company").
 */
import { linkName, listedProfile } from './list-links-core';
import { textLines } from './page-text';
import { cleanPersonName, headlineWords } from './profile-words';

export interface ListRow {
  url: string; // canonical profile URL of the row's primary person (canonicalProfileUrl)
  name?: string; // the person's name as the row shows it
  title?: string;
  company?: string;
  link: Element; // the primary profile link (where the badge goes)
  secondary: { url: string; link: Element; name?: string }[]; // mutual connections, commenters
}

const ROWS = 'li, article, tr, [role="listitem"], [role="article"]';
const SIDE = 'aside, [role="complementary"], nav, [role="navigation"], header, footer';

export function readListRows(root: ParentNode, pageHref: string, hosts?: readonly string[]): ListRow[] {
  const main = root.querySelector('main, [role="main"]') ?? root;
  const rows: ListRow[] = [];
  const seen = new Set<string>();
  for (const row of main.querySelectorAll(ROWS)) {
    if (row.closest(SIDE) || row.parentElement?.closest(ROWS)) continue;
    const links = [...row.querySelectorAll('a[href]')].flatMap((a) => {
      const url = listedProfile(a.getAttribute('href'), pageHref, hosts);
      if (url === null) return [];
      const hidden = a.closest('[aria-hidden="true"]') !== null;
      const name = hidden ? undefined : linkName(a.textContent);
      return [{ url, link: a as Element, ...(name ? { name: cleanPersonName(name) || name } : {}) }];
    });
    const primary = links.find((l) => l.name) ?? links[0];
    if (!primary || seen.has(primary.url)) continue;
    seen.add(primary.url);
    // The first line after the name that is not another person's: the headline.
    const lines = textLines(row, { after: primary.link, maxLines: 6 });
    const headline = lines.find((l) => !links.some((o) => o.name === l));
    const words = headline ? headlineWords(headline) : {};
    const title = words.jobTitle ?? headline?.split(/\s[|·•]\s/)[0]?.trim();
    const secondary = links.filter((l) => l.url !== primary.url).filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i);
    rows.push({
      url: primary.url,
      ...(primary.name ? { name: primary.name } : {}),
      ...(title ? { title } : {}),
      ...(words.company ? { company: words.company } : {}),
      link: primary.link,
      secondary,
    });
  }
  return rows;
}
